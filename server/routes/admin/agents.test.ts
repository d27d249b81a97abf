import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { backends } from "../../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { staffAccounts } from "../../db/schema/index.ts";

const PATH = "/api/management/admin/detail/";
const VALID = { username: "Marianne", email: "marianne@vitality.local", password: "Secret!Pass" };

/** The Parameters screen's calls: the agent rules of admin-area.md section 5, who may call them. */
for (const backend of backends) {
  describe(`agents: POST and DELETE ${PATH} (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let agent: HttpClient;
    let agentRow: typeof staffAccounts.$inferSelect;
    let customer: HttpClient;

    const agentsStored = async () =>
      (
        await t.context.database.db
          .select({ username: staffAccounts.username, email: staffAccounts.email })
          .from(staffAccounts)
          .where(eq(staffAccounts.role, "agent"))
      ).sort((a, b) => a.username.localeCompare(b.username));

    beforeAll(async () => {
      t = await startTestApp(backend);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agentRow = await createStaff(t, "agent", { username: "Readeragent", email: "reader@vitality.local" });
      agent = await signInStaff(t, agentRow.username);
      const org = await createOrganisation(t, { initialized: true });
      customer = await signInCustomer(t, (await createCustomer(t, org.id, { isStaff: true })).email);
    }, 60_000);
    afterAll(() => t.close());

    test("the agent form and its rules are delivered in the staff detail's forms", async () => {
      const detail = (await siteAdmin.get(PATH)).json;
      expect(detail.forms.agent.fields.map((field: { name: string }) => field.name)).toEqual([
        "username",
        "email",
        "password",
      ]);
      expect(detail.forms.agent.fields[0]).toMatchObject({ minlength: 8, format: "onlyletter" });
    });

    const refusals: [string, Record<string, string>, string, string][] = [
      ["an empty username", { username: "  " }, "username", "Please fill out this field"],
      ["a 7-letter username", { username: "Abcdefg" }, "username", "must be at least 8 characters"],
      ["a username with a digit", { username: "Abcdefgh1" }, "username", "must contain letters only"],
      ["a username with a space", { username: "Abcd efgh" }, "username", "must contain letters only"],
      [
        "an e-mail without domain",
        { email: "marianne@" },
        "email",
        "Please fill out this field or verify it is an e-mail address.",
      ],
      ["an empty password", { password: "" }, "password", "Please fill out this field"],
      ["a 7-character password", { password: "Secr!et" }, "password", "must be at least 8 characters"],
      [
        "a password without upper case",
        { password: "secret!pass" },
        "password",
        "must contain an upper case letter",
      ],
      [
        "a password without lower case",
        { password: "SECRET!PASS" },
        "password",
        "must contain a lower case letter",
      ],
      ["a password without @ or !", { password: "SecretPass1" }, "password", "must contain @ or !"],
    ];
    for (const [what, change, field, message] of refusals) {
      test(`${what} is refused, naming the field; nothing is stored`, async () => {
        const before = await agentsStored();
        const answer = await siteAdmin.post(PATH, { ...VALID, ...change });
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toContainEqual({ field, message });
        expect(answer.json.detail).toContain(`${field}: ${message}`);
        expect(await agentsStored()).toEqual(before);
      });
    }

    test("a missing field and an unknown field are refused by name", async () => {
      const missing = await siteAdmin.post(PATH, { username: VALID.username, email: VALID.email });
      expect(missing.status).toBe(400);
      expect(missing.json.errors).toContainEqual({
        field: "password",
        message: "Please fill out this field",
      });
      const extra = await siteAdmin.post(PATH, { ...VALID, role: "site_admin" });
      expect(extra.status).toBe(400);
      expect(extra.json.errors).toEqual([{ field: "role", message: "is not a field of this form" }]);
    });

    test("a valid agent is added (e-mail trimmed and in lower case) and the list answered", async () => {
      const answer = await siteAdmin.post(PATH, { ...VALID, email: "  Marianne@Vitality.local " });
      expect(answer.status).toBe(200);
      expect(answer.json.agent).toEqual({ username: "Marianne", email: "marianne@vitality.local" });
      expect(answer.json.agents).toEqual(await agentsStored());
      expect(answer.json.agents).toContainEqual({ username: "Marianne", email: "marianne@vitality.local" });
      // The new agent signs in with the password it was given, as an agent.
      const signedIn = await signInStaff(t, "Marianne", VALID.password);
      const detail = (await signedIn.get(PATH)).json;
      expect(detail.profile).toMatchObject({ is_agent: true, is_admin: false });
      // Agents do not see the agents list.
      expect(detail.agents).toEqual([]);
    });

    test("the same username (any case) or e-mail again is refused on that field", async () => {
      const sameName = await siteAdmin.post(PATH, {
        ...VALID,
        username: "MARIANNE",
        email: "other@vitality.local",
      });
      expect(sameName.status).toBe(400);
      expect(sameName.json.errors).toEqual([
        { field: "username", message: "An account with this username already exists." },
      ]);
      const sameMail = await siteAdmin.post(PATH, { ...VALID, username: "Otheragent" });
      expect(sameMail.status).toBe(400);
      expect(sameMail.json.errors).toEqual([
        { field: "email", message: "An account with this email already exists." },
      ]);
    });

    test("agents and customers may neither add nor remove agents; nothing changes", async () => {
      const before = await agentsStored();
      const newAgent = { ...VALID, username: "Intruderagent", email: "intruder@vitality.local" };
      expect((await agent.post(PATH, newAgent)).status).toBe(403);
      expect((await agent.delete(PATH, { email: "marianne@vitality.local" })).status).toBe(403);
      expect((await customer.post(PATH, newAgent)).status).toBe(401);
      expect((await customer.delete(PATH, { email: "marianne@vitality.local" })).status).toBe(401);
      expect(await agentsStored()).toEqual(before);
    });

    test("DELETE removes the agent, answers the updated list and ends its sessions", async () => {
      const marianne = await signInStaff(t, "Marianne", VALID.password);
      expect((await marianne.get(PATH)).status).toBe(200);
      const answer = await siteAdmin.delete(PATH, { email: "MARIANNE@vitality.local" });
      expect(answer.status).toBe(200);
      expect(answer.json.agents).toEqual([{ username: "Readeragent", email: "reader@vitality.local" }]);
      expect(await agentsStored()).toEqual(answer.json.agents);
      expect((await marianne.get(PATH)).status).toBe(401);
    });

    test("DELETE of an unknown address, a site admin's or a malformed one changes nothing", async () => {
      const before = await agentsStored();
      expect((await siteAdmin.delete(PATH, { email: "nobody@vitality.local" })).status).toBe(404);
      const [admin] = await t.context.database.db
        .select()
        .from(staffAccounts)
        .where(eq(staffAccounts.role, "site_admin"));
      expect((await siteAdmin.delete(PATH, { email: admin!.email })).status).toBe(404);
      const malformed = await siteAdmin.delete(PATH, { email: "not-an-address" });
      expect(malformed.status).toBe(400);
      expect(malformed.json.errors[0].field).toBe("email");
      expect(await agentsStored()).toEqual(before);
    });
  });
}

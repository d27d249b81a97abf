import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { backends } from "../../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  STAFF_PASSWORD,
  signInStaff,
} from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import {
  html,
  oneByteTooLargePng,
  pictureForm,
  pngWithMetadata,
  svg,
} from "../../../tests/helpers/images.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { staffAccounts } from "../../db/schema/index.ts";
import { signInFromOwnAddress } from "./testSupport.ts";

const UPDATE = "/api/management/admin/update/";
const FAKE_ORG = "/api/management/admin/fake-org/";
const INVALID = "Please select a valid image (PNG, JPEG, WebP or GIF).";

const userData = (value: unknown) => ({ user_data: JSON.stringify(value) });

for (const backend of backends) {
  describe(`staff profile and the dummy view's organisation (${backend})`, () => {
    let t: TestApp;
    let admin: HttpClient;
    let agent: HttpClient;
    let customer: HttpClient;
    let adminId: string;
    let agentRow: { id: string; username: string; email: string };
    let org: { id: string };

    const staffRow = async (id: string) =>
      (await t.context.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, id)))[0]!;

    beforeAll(async () => {
      t = await startTestApp(backend);
      const adminRow = await createStaff(t, "site_admin");
      adminId = adminRow.id;
      agentRow = await createStaff(t, "agent");
      admin = await signInStaff(t, adminRow.username);
      agent = await signInStaff(t, agentRow.username);
      org = await createOrganisation(t, { name: "Viewed Practice", initialized: true });
      const user = await createCustomer(t, org.id, { isStaff: true, username: "Olive" });
      customer = await signInFromOwnAddress(t, user.email);
    }, 60_000);
    afterAll(() => t.close());

    test("a site admin changes name and picture; answers user.picture and user.username", async () => {
      const png = { bytes: await pngWithMetadata(), name: "me.png", type: "image/png" };
      const answer = await admin.post(
        UPDATE,
        pictureForm("image", png, userData({ username: "anna.admin" })),
      );
      expect(answer.status).toBe(200);
      expect(answer.json.user.username).toBe("anna.admin");
      expect(answer.json.user.picture).toMatch(/^\/api\/pictures\/[0-9a-f-]{36}\.webp$/);
      const row = await staffRow(adminId);
      expect(row.username).toBe("anna.admin");
      expect(row.picture).toBe(answer.json.user.picture);
      const detail = await admin.get("/api/management/admin/detail/");
      expect(detail.json.profile).toMatchObject({
        username: "anna.admin",
        picture: answer.json.user.picture,
      });
      const served = await admin.get(answer.json.user.picture);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      // The new name is the sign-in name.
      const again = await t.client({ ip: "10.77.0.1" }).prime();
      const signin = await again.post("/api/management/admin/signin/", {
        username: "anna.admin",
        password: STAFF_PASSWORD,
      });
      expect(signin.status).toBe(200);
    });

    test("an agent edits its own profile too; the e-mail may be sent back", async () => {
      const answer = await agent.post(
        UPDATE,
        pictureForm(undefined, undefined, userData({ username: "agentsmith", email: agentRow.email })),
      );
      expect(answer.status).toBe(200);
      expect(answer.json.user).toMatchObject({
        username: "agentsmith",
        email: agentRow.email,
        picture: null,
      });
    });

    test("rules: name characters, taken name or e-mail, e-mail format, picture type and size; nothing written", async () => {
      const cases: [unknown, string, string][] = [
        [{ username: "  " }, "user_data.username", "Please fill out this field"],
        [
          { username: "anna admin" },
          "user_data.username",
          "may hold letters, digits and @ . + - _ only (it is your sign-in name)",
        ],
        [{ username: "AgentSmith" }, "user_data.username", "An account with this username already exists."],
        [{ email: agentRow.email }, "user_data.email", "An account with this email already exists."],
        [
          { email: "not-an-address" },
          "user_data.email",
          "Please fill out this field or verify it is an e-mail address.",
        ],
        [{ username: "x", is_super_user: true }, "user_data.is_super_user", "is not a field of this form"],
      ];
      for (const [value, field, message] of cases) {
        const answer = await admin.post(UPDATE, pictureForm(undefined, undefined, userData(value)));
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toContainEqual({ field, message });
      }
      for (const sample of [
        { bytes: svg, name: "me.svg", type: "image/svg+xml" },
        { bytes: html, name: "me.png", type: "image/png" },
      ]) {
        const answer = await admin.post(
          UPDATE,
          pictureForm("image", sample, userData({ username: "mallory" })),
        );
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toEqual([{ field: "image", message: INVALID }]);
      }
      const big = { bytes: await oneByteTooLargePng(), name: "big.png", type: "image/png" };
      const tooLarge = await admin.post(UPDATE, pictureForm("image", big));
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.json.errors).toEqual([
        { field: "image", message: "The file is too large: at most 2 MB." },
      ]);
      const nothing = await admin.post(UPDATE, pictureForm(undefined, undefined, {}));
      expect(nothing.json.errors).toEqual([{ field: "image", message: "No file selected." }]);
      const row = await staffRow(adminId);
      expect(row.username).toBe("anna.admin");
      expect(row.role).toBe("site_admin");
      expect(row.isSuperUser).toBe(false);
    });

    test("customers and dummy mode cannot use the staff call", async () => {
      const form = () => pictureForm(undefined, undefined, userData({ username: "olive" }));
      expect((await customer.post(UPDATE, form())).status).toBe(401);
      expect((await admin.post(UPDATE, form(), { "x-dummy-org": org.id })).status).toBe(403);
    });

    test("fake-org answers the organisation for the dummy view; staff only", async () => {
      const answer = await admin.post(FAKE_ORG, { org_id: org.id });
      expect(answer.status).toBe(200);
      expect(answer.json.organization).toMatchObject({
        id: org.id,
        name: "Viewed Practice",
        initialized: true,
        users: [{ username: "Olive", status: "admin" }],
      });
      expect((await agent.post(FAKE_ORG, { org_id: org.id })).json.organization.id).toBe(org.id);
      const unknown = await admin.post(FAKE_ORG, { org_id: crypto.randomUUID() });
      expect(unknown.status).toBe(404);
      const bad = await admin.post(FAKE_ORG, { org_id: "42" });
      expect(bad.status).toBe(400);
      expect(bad.json.errors[0]).toEqual({ field: "org_id", message: "must be an organisation id (UUID)" });
      expect((await admin.post(FAKE_ORG, {})).status).toBe(400);
      expect((await customer.post(FAKE_ORG, { org_id: org.id })).status).toBe(401);
    });
  });
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { customerUsers } from "../../server/db/schema/index.ts";
import { MAX_USERS_PER_ORGANISATION } from "../../server/forms/userLimits.ts";
import { ADDRESS_IN_USE } from "../../server/routes/customer/users.ts";
import { backends } from "../helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

/** Users added at the same moment: the limit, the first admin and the unique address still hold. */
for (const backend of backends) {
  describe(`users added in parallel (${backend})`, () => {
    let t: TestApp;
    let staff: HttpClient;
    beforeAll(async () => {
      t = await startTestApp(backend);
      staff = await signInStaff(t, (await createStaff(t)).username);
    });
    afterAll(() => t.close());

    const add = (organisationId: string, name: string, email = `${name}-${organisationId}@example.com`) =>
      staff.post("/api/management/customer/detail/", {
        user_data: { username: name, email, status: "assistant", organization_id: organisationId },
      });
    const usersOf = (organisationId: string) =>
      t.context.database.db
        .select()
        .from(customerUsers)
        .where(eq(customerUsers.organisationId, organisationId));

    test("6 adds at once to an organisation without users make 3 users, one of them admin", async () => {
      const org = await createOrganisation(t, { initialized: true });
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => add(org.id, `user${i}`)));
      expect(answers.filter((answer) => answer.status === 200).length).toBe(MAX_USERS_PER_ORGANISATION);
      expect(answers.filter((answer) => answer.status === 400).length).toBe(6 - MAX_USERS_PER_ORGANISATION);
      const users = await usersOf(org.id);
      expect(users.length).toBe(MAX_USERS_PER_ORGANISATION);
      expect(users.filter((user) => user.isStaff).length).toBe(1);
    });

    test("5 'first users' at once to an uninitialized organisation make one user, its admin", async () => {
      const org = await createOrganisation(t, { initialized: false });
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => add(org.id, `first${i}`)));
      expect(answers.filter((answer) => answer.status === 200).length).toBe(1);
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expect(refused.status).toBe(400);
        expect(refused.json.detail).toBe("Users can be added once the organisation is initialized.");
      }
      const users = await usersOf(org.id);
      expect(users.length).toBe(1);
      expect(users[0]!.isStaff).toBe(true);
    });

    test("the same address added twice at once: one user, and a 400 naming email", async () => {
      const first = await createOrganisation(t, { initialized: true });
      const second = await createOrganisation(t, { initialized: true });
      const email = `twice-${first.id}@example.com`;
      const answers = await Promise.all([add(first.id, "Twice", email), add(second.id, "Twice", email)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
      const refused = answers.find((answer) => answer.status === 400)!;
      expect(refused.json.errors).toEqual([
        { field: "email", message: "this address already has an account" },
      ]);
      const holders = await t.context.database.db
        .select()
        .from(customerUsers)
        .where(eq(customerUsers.email, email));
      expect(holders.length).toBe(1);
    });
  });

  describe(`a customer adding an address in use (${backend})`, () => {
    let t: TestApp;
    let admin: HttpClient;
    let ownOrganisation: { id: string };
    let colleague: string;
    let elsewhere: string;
    beforeAll(async () => {
      t = await startTestApp(backend);
      ownOrganisation = await createOrganisation(t, { initialized: true });
      const other = await createOrganisation(t, { initialized: true });
      const own = await createCustomer(t, ownOrganisation.id, { isStaff: true });
      colleague = (await createCustomer(t, ownOrganisation.id, { isStaff: false })).email;
      elsewhere = (await createCustomer(t, other.id, { isStaff: true })).email;
      admin = await signInCustomer(t, own.email);
    });
    afterAll(() => t.close());

    const add = (email: string) =>
      admin.post("/api/management/customer/detail/", {
        user_data: { username: "New Colleague", email, status: "assistant" },
      });

    test("another organisation's address is refused without saying it has an account", async () => {
      const answer = await add(elsewhere);
      expect(answer.status).toBe(400);
      expect(answer.json.errors).toEqual([{ field: "email", message: ADDRESS_IN_USE.elsewhere }]);
      expect(answer.text).not.toContain("account");
      expect((await add(colleague)).json.errors).toEqual([
        { field: "email", message: ADDRESS_IN_USE.ownOrganisation },
      ]);
    });

    test("addresses cannot be tried one after another: 20 tries an hour, then 429", async () => {
      t.clock.advance(60 * 60); // a window of its own
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push((await add(`probe${i}@example.com`)).status);
      // One try adds the third user; the others are refused for the limit: all counted, none 429.
      expect(answers.filter((status) => status === 429)).toEqual([]);
      const limited = await add(elsewhere);
      expect(limited.status).toBe(429);
    });
  });
}

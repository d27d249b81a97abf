import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../tests/helpers/backends.ts";
import { createStaff, STAFF_PASSWORD } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { BAD_CREDENTIALS } from "./staffSignin.ts";

for (const backend of backends) {
  describe(`staff sign-in (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t.close());

    test("answers status, token, max_age, profile, kind, logged, forms and agents", async () => {
      const admin = await createStaff(t, "site_admin");
      const agent = await createStaff(t, "agent");
      const browser = await t.client().prime();
      const answer = await browser.post("/api/management/admin/signin/", {
        username: admin.username,
        password: STAFF_PASSWORD,
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ status: 200, kind: "admin", logged: true, max_age: 12 * 3600 });
      expect(answer.json.profile).toMatchObject({
        username: admin.username,
        is_admin: true,
        is_agent: false,
      });
      expect(answer.json.agents).toContainEqual({ username: agent.username, email: agent.email });
      expect(Object.keys(answer.json.forms)).toEqual(
        expect.arrayContaining(["user", "facility", "provider"]),
      );
      const detail = await browser.get("/api/management/admin/detail/");
      expect(detail.status).toBe(200);
      expect(detail.json.profile.username).toBe(admin.username);
    });

    test("the password is stored as an argon2id hash", async () => {
      const admin = await createStaff(t);
      expect(admin.passwordHash.startsWith("$argon2id$")).toBe(true);
    });

    test("a wrong password and an unknown user get the same refusal", async () => {
      const admin = await createStaff(t);
      const browser = await t.client({ ip: "198.51.100.20" }).prime();
      const wrong = await browser.post("/api/management/admin/signin/", {
        username: admin.username,
        password: "Wrong!Pass1",
      });
      const unknown = await browser.post("/api/management/admin/signin/", {
        username: "nobody",
        password: "Wrong!Pass1",
      });
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(wrong.json.detail).toBe(BAD_CREDENTIALS);
      expect(unknown.json.detail).toBe(BAD_CREDENTIALS);
    });

    test("after 5 failures for a username even the right password is refused until the window ends", async () => {
      const admin = await createStaff(t);
      const browser = await t.client({ ip: "198.51.100.30" }).prime();
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await browser.post("/api/management/admin/signin/", {
              username: admin.username,
              password: `Bad!${i}xxxx`,
            })
          ).status,
        ).toBe(400);
      }
      const locked = await browser.post("/api/management/admin/signin/", {
        username: admin.username,
        password: STAFF_PASSWORD,
      });
      expect(locked.status).toBe(429);
      expect(locked.json.detail).toMatch(/Too many attempts\. Try again in \d+ minutes?\./);
      // Retry-After in seconds, within the 15-minute window, agreeing with the minutes of the detail.
      const retryAfter = Number(locked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(locked.json.detail).toContain(`in ${Math.ceil(retryAfter / 60)} minute`);
      t.clock.advance(15 * 60);
      expect(
        (
          await browser.post("/api/management/admin/signin/", {
            username: admin.username,
            password: STAFF_PASSWORD,
          })
        ).status,
      ).toBe(200);
    });

    test("wrong passwords from one address do not lock the account's owner out at another address", async () => {
      const admin = await createStaff(t);
      const attacker = await t.client({ ip: "198.51.100.60" }).prime();
      for (let i = 0; i < 6; i++)
        await attacker.post("/api/management/admin/signin/", {
          username: admin.username,
          password: `Bad!${i}xxxx`,
        });
      const refused = await attacker.post("/api/management/admin/signin/", {
        username: admin.username,
        password: STAFF_PASSWORD,
      });
      expect(refused.status).toBe(429);
      const owner = await t.client({ ip: "198.51.100.61" }).prime();
      const signedIn = await owner.post("/api/management/admin/signin/", {
        username: admin.username,
        password: STAFF_PASSWORD,
      });
      expect(signedIn.status).toBe(200);
    });

    test("99 wrong passwords and the right one sent at once: no more than 5 are checked", async () => {
      const admin = await createStaff(t);
      const browser = await t.client({ ip: "198.51.100.40" }).prime();
      const passwords = [...Array.from({ length: 99 }, (_, i) => `Bad!${i}xxxx`), STAFF_PASSWORD];
      const answers = await Promise.all(
        passwords.map((password) =>
          browser.post("/api/management/admin/signin/", { username: admin.username, password }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      const checked = statuses.filter((status) => status !== 429);
      expect(checked.length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
    });

    test("a successful sign-in does not count as a failure", async () => {
      const admin = await createStaff(t);
      const browser = await t.client({ ip: "198.51.100.50" }).prime();
      for (let i = 0; i < 8; i++) {
        const answer = await browser.post("/api/management/admin/signin/", {
          username: admin.username,
          password: STAFF_PASSWORD,
        });
        expect(answer.status).toBe(200);
      }
    });

    test("missing fields are refused naming each field", async () => {
      const browser = await t.client().prime();
      const answer = await browser.post("/api/management/admin/signin/", { username: "" });
      expect(answer.status).toBe(400);
      expect(answer.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
        "password",
        "username",
      ]);
    });
  });
}

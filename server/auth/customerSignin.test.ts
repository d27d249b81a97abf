import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { backends } from "../../tests/helpers/backends.ts";
import { createCustomer, createOrganisation, latestSigninToken } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { SIGNIN_SENT_DETAIL, SIGNIN_TOKEN_TTL_SECONDS } from "./customerSignin.ts";

for (const backend of backends) {
  describe(`customer sign-in by e-mailed link (${backend})`, () => {
    let t: TestApp;
    let organisationId: string;
    beforeAll(async () => {
      t = await startTestApp(backend);
      organisationId = (await createOrganisation(t, { name: "North Clinic" })).id;
    });
    afterAll(() => t.close());

    const outboxCount = () => {
      try {
        return readdirSync(join(t.dataDir, "outbox")).length;
      } catch {
        return 0;
      }
    };

    test("a known address gets a link that signs in once and sets an HttpOnly session cookie", async () => {
      const user = await createCustomer(t, organisationId, { email: "Ann.Lee@Example.com" });
      const browser = await t.client().prime();
      const asked = await browser.post("/api/services/auth/signin/", { email: "  ann.lee@example.com " });
      expect(asked.status).toBe(200);
      expect(asked.json.detail).toBe(SIGNIN_SENT_DETAIL);

      const token = latestSigninToken(t);
      expect(token).toHaveLength(43); // 256 bits, base64url
      const answer = await browser.get(`/api/services/auth/signin/${token}`);
      expect(answer.status).toBe(200);
      expect(answer.json.max_age).toBe(14 * 24 * 3600);
      expect(typeof answer.json.token).toBe("string");
      const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("token="))!;
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");

      const detail = await browser.get("/api/management/customer/detail/");
      expect(detail.status).toBe(200);
      expect(detail.json.kind).toBe("client");
      expect(detail.json.profile.email).toBe(user.email);
      expect(detail.json.organization.name).toBe("North Clinic");

      const reuse = await t.client().get(`/api/services/auth/signin/${token}`);
      expect(reuse.status).toBe(400);
      expect(reuse.json.detail).toContain("invalid, used or expired");
    });

    test("the session token also works as 'Authorization: Token <token>'", async () => {
      const user = await createCustomer(t, organisationId);
      const browser = await t.client().prime();
      await browser.post("/api/services/auth/signin/", { email: user.email });
      const { json } = await browser.get(`/api/services/auth/signin/${latestSigninToken(t)}`);
      const apiClient = t.client();
      const detail = await apiClient.get("/api/management/customer/detail/", {
        authorization: `Token ${json.token}`,
      });
      expect(detail.status).toBe(200);
      expect(detail.json.profile.id).toBe(user.id);
    });

    test("a link is valid until 15 minutes and refused at the boundary", async () => {
      const user = await createCustomer(t, organisationId);
      const browser = await t.client().prime();
      await browser.post("/api/services/auth/signin/", { email: user.email });
      const early = latestSigninToken(t);
      await browser.post("/api/services/auth/signin/", { email: user.email });
      const late = latestSigninToken(t);

      t.clock.advance(SIGNIN_TOKEN_TTL_SECONDS - 1);
      expect((await t.client().get(`/api/services/auth/signin/${early}`)).status).toBe(200);
      t.clock.advance(1); // exactly 15 minutes after it was sent
      expect((await t.client().get(`/api/services/auth/signin/${late}`)).status).toBe(400);
    });

    test("unknown and blocked addresses get the same answer and no mail", async () => {
      const blocked = await createCustomer(t, organisationId, { blocked: true });
      const before = outboxCount();
      const browser = await t.client({ ip: "198.51.100.7" }).prime();
      const unknown = await browser.post("/api/services/auth/signin/", { email: "nobody@example.com" });
      const refused = await browser.post("/api/services/auth/signin/", { email: blocked.email });
      expect(unknown.status).toBe(200);
      expect(refused.status).toBe(200);
      expect(unknown.json).toEqual(refused.json);
      expect(outboxCount()).toBe(before);
    });

    test("a blocked user's pending link no longer signs in", async () => {
      const user = await createCustomer(t, organisationId);
      const browser = await t.client().prime();
      await browser.post("/api/services/auth/signin/", { email: user.email });
      const token = latestSigninToken(t);
      const { customerUsers } = await import("../db/schema/index.ts");
      const { eq } = await import("drizzle-orm");
      await t.context.database.db
        .update(customerUsers)
        .set({ blocked: true })
        .where(eq(customerUsers.id, user.id));
      expect((await browser.get(`/api/services/auth/signin/${token}`)).status).toBe(400);
    });

    test("an invalid address is refused with the screen's message, naming the field", async () => {
      const browser = await t.client().prime();
      const answer = await browser.post("/api/services/auth/signin/", { email: "not-an-email" });
      expect(answer.status).toBe(400);
      expect(answer.json.errors).toEqual([{ field: "email", message: "Please verify your email address" }]);
    });

    test("requests are rate-limited per address and per client IP", async () => {
      const user = await createCustomer(t, organisationId);
      const perAddress = await t.client({ ip: "192.0.2.50" }).prime();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await perAddress.post("/api/services/auth/signin/", { email: user.email })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await perAddress.post("/api/services/auth/signin/", { email: user.email });
      expect(refused.status).toBe(429);
      // The test clock stands at 12:00:00, the start of a 15-minute window: 900 seconds to wait.
      expect(refused.headers.get("retry-after")).toBe("900");

      const perIp = await t.client({ ip: "192.0.2.99" }).prime();
      const ipStatuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        ipStatuses.push(
          (await perIp.post("/api/services/auth/signin/", { email: `someone${i}@example.com` })).status,
        );
      }
      expect(ipStatuses.filter((status) => status === 429)).toHaveLength(1);
      expect(ipStatuses.at(-1)).toBe(429);
      // A new window lets the address ask again.
      t.clock.advance(15 * 60);
      expect((await perAddress.post("/api/services/auth/signin/", { email: user.email })).status).toBe(200);
    });

    test("20 link requests for one address sent at once: no more than 5 are answered or mailed", async () => {
      const user = await createCustomer(t, organisationId);
      const browsers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => t.client({ ip: `203.0.113.${100 + i}` }).prime()),
      );
      const before = outboxCount();
      const answers = await Promise.all(
        browsers.map((browser) => browser.post("/api/services/auth/signin/", { email: user.email })),
      );
      expect(answers.filter((answer) => answer.status === 200).length).toBe(5);
      expect(answers.filter((answer) => answer.status === 429).length).toBe(15);
      expect(outboxCount() - before).toBe(5);
    });

    test("a token of the wrong shape is a 400 naming the rule, not a database lookup", async () => {
      const answer = await t.client().get("/api/services/auth/signin/abc");
      expect(answer.status).toBe(400);
      expect(answer.json.detail).toBe("token: is not a sign-in token");
    });
  });
}

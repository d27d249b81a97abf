import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";

describe("CSRF (Django-style double submit)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("pglite");
  });
  afterAll(() => t.close());

  test("any response to a request without the cookie sets a readable csrftoken cookie", async () => {
    const answer = await t.client().get("/api/health");
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("csrftoken="));
    expect(cookie).toBeDefined();
    expect(cookie).not.toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    // Error responses set it too.
    const missing = await t.client().get("/api/nothing-here");
    expect(missing.status).toBe(404);
    expect(missing.headers.getSetCookie().some((c) => c.startsWith("csrftoken="))).toBe(true);
  });

  test("a request that has the cookie gets no new one", async () => {
    const browser = await t.client().prime();
    const again = await browser.get("/api/health");
    expect(again.headers.getSetCookie().some((c) => c.startsWith("csrftoken="))).toBe(false);
  });

  test("an unsafe method without the cookie is refused with 403", async () => {
    const browser = t.client();
    const answer = await browser.post("/api/services/auth/signin/", { email: "a@example.com" });
    expect(answer.status).toBe(403);
    expect(answer.json.detail).toBe("CSRF Failed: CSRF cookie not set.");
  });

  test("a missing header is refused with 403", async () => {
    const browser = await t.client().prime();
    browser.csrf = false;
    const answer = await browser.post("/api/services/auth/signin/", { email: "a@example.com" });
    expect(answer.status).toBe(403);
    expect(answer.json.detail).toBe("CSRF Failed: CSRF token missing or incorrect.");
  });

  test("a mismatched header is refused with 403, a matching one passes", async () => {
    const browser = await t.client().prime();
    const cookie = browser.cookies.get("csrftoken")!;
    const mismatched = await browser.post(
      "/api/services/auth/signin/",
      { email: "a@example.com" },
      { "x-csrftoken": `${cookie.slice(0, -1)}x` },
    );
    expect(mismatched.status).toBe(403);
    const matching = await browser.post("/api/services/auth/signin/", { email: "a@example.com" });
    expect(matching.status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { createCustomer, createOrganisation, signInCustomer } from "../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../tests/helpers/testApp.ts";
import { customerUsers } from "./db/schema/index.ts";

describe("bad input gets a clear JSON error and writes nothing", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInCustomer>>;
  const usersCount = async () =>
    (await t.context.database.db.select({ n: count() }).from(customerUsers))[0]!.n;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    const org = await createOrganisation(t, { initialized: true });
    const user = await createCustomer(t, org.id, { isStaff: true });
    admin = await signInCustomer(t, user.email);
  });
  afterAll(() => t.close());

  test("malformed JSON is a 400", async () => {
    const before = await usersCount();
    const answer = await admin.post("/api/management/customer/detail/", '{"user_data": {', {
      "content-type": "application/json",
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ status: 400, code: "malformed_body", detail: "Malformed JSON body." });
    expect(await usersCount()).toBe(before);
  });

  test("wrong types name the field and the rule", async () => {
    const answer = await admin.post("/api/management/customer/detail/", {
      user_data: { username: 42, email: "x@example.com" },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].field).toBe("user_data.username");
    expect(answer.json.detail).toContain("user_data.username");
  });

  test("unknown fields are refused by name", async () => {
    const before = await usersCount();
    const answer = await admin.post("/api/management/customer/detail/", {
      user_data: { username: "A", email: "a1@example.com", is_superuser: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([
      { field: "user_data.is_superuser", message: "is not a field of this form" },
    ]);
    expect(await usersCount()).toBe(before);
  });

  test("an oversized body is a 413", async () => {
    const answer = await admin.post("/api/management/customer/detail/", {
      user_data: { username: "x".repeat(1_100_000), email: "a@example.com" },
    });
    expect(answer.status).toBe(413);
    expect(answer.json.detail).toContain("too large");
  });

  test("a body that is not JSON is a 415", async () => {
    const answer = await admin.post("/api/management/customer/detail/", "username=x", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(answer.status).toBe(415);
  });

  test("an unknown API route is a JSON 404", async () => {
    const answer = await admin.get("/api/management/nothing/");
    expect(answer.status).toBe(404);
    expect(answer.json.detail).toBe("No such API route.");
  });

  test("a wrong method on a known path is a 405 naming the methods it takes", async () => {
    const answer = await admin.request("PUT", "/api/management/customer/detail/");
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, POST, PATCH, DELETE, HEAD");
    expect(answer.json.detail).toBe(
      "PUT is not allowed here; this path takes GET, POST, PATCH, DELETE, HEAD.",
    );
    expect((await admin.request("DELETE", "/api/management/no-such-call/")).status).toBe(404);
  });
});

describe("headers and health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("pglite");
  });
  afterAll(() => t.close());

  test("health reports the database backend", async () => {
    const answer = await t.client().get("/api/health");
    expect(answer.json).toEqual({ status: "ok", database: "pglite" });
  });

  test("responses carry a CSP and security headers; HSTS only in production", async () => {
    const answer = await t.client().get("/api/health");
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("strict-transport-security")).toBeNull();
    const production = await startTestApp("pglite", {
      NODE_ENV: "production",
      PUBLIC_URL: "https://vitality.example.com",
    });
    try {
      const secured = await production.client().get("/api/health");
      expect(secured.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      expect(secured.headers.getSetCookie().find((c) => c.startsWith("csrftoken="))).toContain("Secure");
    } finally {
      await production.close();
    }
  });
});

describe("the map tile source opens the CSP for its origin only", () => {
  test("offline by default: images and connections from our own origin only", async () => {
    const t = await startTestApp("pglite");
    try {
      const csp = (await t.client().get("/api/health")).headers.get("content-security-policy")!;
      expect(csp).toContain("img-src 'self' data: blob:;");
      expect(csp).not.toContain("tile");
      const anonymous = await t.client().prime();
      expect((await anonymous.get("/api/services/geo/basemap")).status).toBe(401);
    } finally {
      await t.close();
    }
  });

  test("MAP_TILE_URL: its origin in img-src and connect-src, and the web app told the template", async () => {
    const t = await startTestApp("pglite", {
      MAP_TILE_URL: "https://tiles.example.org/osm/{z}/{x}/{y}.png",
      MAP_TILE_ATTRIBUTION: "Example tiles",
    });
    try {
      const csp = (await t.client().get("/api/health")).headers.get("content-security-policy")!;
      expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.org;");
      expect(csp).toMatch(/connect-src 'self' ws:\/\/[^;]* https:\/\/tiles\.example\.org;/);
      expect(csp.match(/tiles\.example\.org/g)?.length).toBe(2);
      const { createCustomer, createOrganisation, signInCustomer } = await import(
        "../tests/helpers/factories.ts"
      );
      const org = await createOrganisation(t);
      const customer = await signInCustomer(t, (await createCustomer(t, org.id)).email);
      const answer = await customer.get("/api/services/geo/basemap");
      expect(answer.json).toEqual({
        status: 200,
        tiles: { url: "https://tiles.example.org/osm/{z}/{x}/{y}.png", attribution: "Example tiles" },
      });
    } finally {
      await t.close();
    }
  });
});

describe("security headers and the request id on every kind of response", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    // A route answering a Response built by hand (not through c.json/c.body), after the app's own.
    t.app.get("/handmade", () => new Response("made by hand", { headers: { "X-Own": "kept" } }));
    base = t.listen();
  });
  afterAll(() => t.close());

  const expectSecured = (headers: Headers) => {
    expect(headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  };

  test("a JSON answer, a 404, a CSRF refusal and a hand-built response", async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expectSecured(health.headers);
    const missing = await fetch(`${base}/api/nothing-here/`);
    expect(missing.status).toBe(404);
    expectSecured(missing.headers);
    const refused = await fetch(`${base}/api/services/auth/signin/`, { method: "POST", body: "{}" });
    expect(refused.status).toBe(403);
    expectSecured(refused.headers);
    const handmade = await fetch(`${base}/handmade`);
    expect(await handmade.text()).toBe("made by hand");
    expect(handmade.headers.get("x-own")).toBe("kept");
    expectSecured(handmade.headers);
  });

  test("a request id sent by the client is echoed", async () => {
    const answer = await fetch(`${base}/api/health`, { headers: { "X-Request-Id": "trace-42" } });
    expect(answer.headers.get("x-request-id")).toBe("trace-42");
  });

  test("bodies over the limit are refused with 413, declared (Content-Length) or streamed", async () => {
    const browser = await t.client().prime();
    const csrf = browser.cookies.get("csrftoken")!;
    const headers = { cookie: `csrftoken=${csrf}`, "x-csrftoken": csrf, "content-type": "application/json" };
    const big = JSON.stringify({ email: "x".repeat(1_100_000) });
    const declared = await fetch(`${base}/api/services/auth/signin/`, { method: "POST", headers, body: big });
    expect(declared.status).toBe(413);
    expectSecured(declared.headers);
    const bytes = new TextEncoder().encode(big);
    const streamed = await fetch(`${base}/api/services/auth/signin/`, {
      method: "POST",
      headers,
      body: new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 64 * 1024)
            controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
          controller.close();
        },
      }),
    });
    expect(streamed.status).toBe(413);
    // Within the limit, both ways are read.
    const small = await fetch(`${base}/api/services/auth/signin/`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: "small@example.com" }),
    });
    expect(small.status).toBe(200);
  });
});

describe("the built web app", () => {
  test("hashed assets are cached for a year, sent as the build compressed them, and every other path gets index.html", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { createApp } = await import("./app.ts");
    const dist = mkdtempSync(join(tmpdir(), "vitality-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Vitality</title>");
    const script = "console.log('the app');".repeat(50);
    writeFileSync(join(dist, "assets", "app-1a2b.js"), script);
    // As the build writes them (web/vite.config.ts): Brotli and gzip beside the file.
    const { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } = await import("node:zlib");
    writeFileSync(join(dist, "assets", "app-1a2b.js.br"), brotliCompressSync(script));
    writeFileSync(join(dist, "assets", "app-1a2b.js.gz"), gzipSync(script));
    const t = await startTestApp("pglite");
    try {
      const app = createApp(t.context, { webDist: dist });
      const page = await app.request("/queries/querie6?year=2025");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>Vitality</title>");
      expect(page.headers.get("cache-control")).toBe("no-cache");
      const asset = await app.request("/assets/app-1a2b.js");
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(asset.headers.get("content-encoding")).toBeNull();
      expect(await asset.text()).toBe(script);
      // Chromium's header: the Brotli file, with the script's type; a gzip-only client gets gzip.
      const browser = await app.request("/assets/app-1a2b.js", {
        headers: { "accept-encoding": "gzip, deflate, br, zstd" },
      });
      expect(browser.headers.get("content-encoding")).toBe("br");
      expect(browser.headers.get("content-type")).toContain("javascript");
      expect(browser.headers.get("vary")).toContain("Accept-Encoding");
      expect(brotliDecompressSync(Buffer.from(await browser.arrayBuffer())).toString()).toBe(script);
      const gzipOnly = await app.request("/assets/app-1a2b.js", { headers: { "accept-encoding": "gzip" } });
      expect(gzipOnly.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await gzipOnly.arrayBuffer())).toString()).toBe(script);
      const api = await app.request("/api/unknown/");
      expect(api.status).toBe(404);
      expect((await api.json()).detail).toBe("No such API route.");
    } finally {
      await t.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

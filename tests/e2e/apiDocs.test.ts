import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromiumAvailable, launchBrowser, requireChromium, screenshot } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/**
 * The API reference page (/api/docs) in headless Chromium against the real server, at 1280 and
 * 390 px: it works under the app's CSP on a closed network (no script, nothing from elsewhere), shows
 * the authentication section with every credential, a main call's answer fields and examples, and
 * its search box and contents are usable on a phone. Screenshots: tests/e2e/screenshots/apiDocs-*.png
 * (the page is long: each shot is the part of the page a person looks at, at that width).
 */

requireChromium("API reference page");

const STARTUP_MS = 420_000;
/** A test opens fresh pages of a long server-rendered document: seconds, tens of them on a loaded machine. */
const TEST_MS = 120_000;
const SCREENSHOTS = join(import.meta.dir, "screenshots");

/** The window as a person sees it, scrolled to `selector` (the whole page is too long to shoot). */
async function shotAt(page: Page, selector: string, name: string) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.evaluate((target) => document.querySelector(target)?.scrollIntoView(), selector);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

describe.skipIf(!chromiumAvailable)("API reference page", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const requestsElsewhere: string[] = [];

  async function open(width: number, path = "/api/docs") {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width, height: 900 },
      reducedMotion: "reduce",
    });
    contexts.push(context);
    context.setDefaultTimeout(60_000);
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const page = await context.newPage();
    page.on("request", (request) => {
      if (!request.url().startsWith(server.baseUrl)) requestsElsewhere.push(request.url());
    });
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(200);
    return page;
  }

  const cspViolations = (page: Page) =>
    page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  const section = (page: Page, id: string) => page.locator(`section#${id}`);

  beforeAll(
    async () => {
      [server, browser] = await Promise.all([startServer({ startTimeoutMs: STARTUP_MS }), launchBrowser()]);
    },
    { timeout: STARTUP_MS + 60_000 },
  );

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  test(
    "at 1280 px: authentication, a main call's answer fields, its rules and examples",
    async () => {
      const page = await open(1280);
      expect(await page.title()).toBe("Vitality API reference");
      // Served under the app's own CSP, with no script at all and nothing fetched from elsewhere.
      expect(await page.locator("script").count()).toBe(0);

      const authentication = page.getByRole("heading", { name: "Authentication", level: 2 });
      await authentication.waitFor();
      const credentials = page.getByRole("table", { name: /credentials a call may take/ });
      for (const [name, sentAs] of [
        ["session", "cookie token"],
        ["token", "header Authorization"],
        ["csrfCookie", "cookie csrftoken"],
        ["csrfHeader", "header X-CSRFToken"],
        ["dummyOrg", "header X-Dummy-Org"],
      ] as const) {
        const row = credentials.getByRole("row", { name: new RegExp(`^${name}\\b`) });
        expect(await row.getByRole("cell").first().textContent()).toBe(sentAs);
      }
      expect(await page.getByText("Authorization: Token <token>").first().isVisible()).toBe(true);
      await shotAt(page, "#authentication", "apiDocs-authentication-1280");

      // The customer's session check: its answer's fields, nested, with who may call it.
      const detail = section(page, "get-api-management-customer-detail");
      expect(await detail.getByText("Answer 200").isVisible()).toBe(true);
      for (const field of ["organization", "facilities", "setup", "replaced_years", "profile"]) {
        expect(
          await detail.locator("code.field", { hasText: new RegExp(`^${field}$`) }).count(),
        ).toBeGreaterThan(0);
      }
      expect(await detail.locator("p.auth").textContent()).toMatch(
        /^Credentials: cookie token or header Authorization; optional: header X-Dummy-Org or query org_id\.$/,
      );
      expect(await detail.locator("p.more").textContent()).toContain("Role: customer.");
      await shotAt(page, "section#get-api-management-customer-detail", "apiDocs-session-check-1280");

      // Staff sign-in: the body's rules as the JSON has them, an example body, the CSRF pair.
      const signin = section(page, "post-api-management-admin-signin");
      expect(
        await signin
          .locator("li", { hasText: /^username string required/ })
          .first()
          .textContent(),
      ).toContain("from 1 to 150 characters");
      expect(await signin.getByText("Example body").isVisible()).toBe(true);
      expect(await signin.locator("pre").first().textContent()).toContain('"username": "admin"');
      expect(await signin.locator("p.auth").textContent()).toBe(
        "Credentials: cookie csrftoken + header X-CSRFToken.",
      );
      // The customer's sign-in link: an example answer.
      const link = section(page, "get-api-services-auth-signin-token");
      expect(await link.getByText("Example answer").isVisible()).toBe(true);
      await shotAt(page, "section#post-api-management-admin-signin", "apiDocs-staff-signin-1280");

      expect(await cspViolations(page)).toEqual([]);
      expect(requestsElsewhere).toEqual([]);
    },
    TEST_MS,
  );

  test(
    "at 390 px: the page fits, the contents fold by tag and lead to a call, the search box finds calls",
    async () => {
      const page = await open(390);
      // Nothing wider than the phone: long paths and code wrap, examples scroll inside their box.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(overflow).toBeLessThanOrEqual(390);
      await shotAt(page, "header.top", "apiDocs-top-390");

      // Contents: one fold per tag, closed; opening one lists its calls, and a link leads to the call.
      const contents = page.getByRole("navigation", { name: "Contents" });
      const folds = contents.locator("details");
      expect(await folds.count()).toBeGreaterThan(10);
      expect(await contents.locator("details[open]").count()).toBe(0);
      const profile = folds.filter({ hasText: "Customer: practice profile" });
      await profile.locator("summary").click();
      expect(await profile.getByRole("link").first().isVisible()).toBe(true);
      await shotAt(page, "nav.contents", "apiDocs-contents-390");
      await profile.getByRole("link", { name: /^POST \/api\/management\/customer\/facility$/ }).click();
      await page.waitForURL(/#post-api-management-customer-facility$/);
      const facility = section(page, "post-api-management-customer-facility");
      const top = await facility.evaluate((element) => element.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(200);
      expect(await facility.getByText("Example body").isVisible()).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, "apiDocs-facility-call-390.png") });

      // Search: the box is in reach at the top, and answers with only the matching calls.
      await page.evaluate(() => window.scrollTo(0, 0));
      const box = page.getByRole("searchbox", { name: "Search the calls" });
      const size = await box.boundingBox();
      expect(size!.width).toBeGreaterThan(200);
      await box.fill("signin");
      await box.press("Enter");
      await page.waitForURL(/\/api\/docs\?q=signin$/);
      expect(await page.getByRole("status").textContent()).toMatch(/^3 of \d+ calls match “signin”/);
      const found = await page.locator("section.call h3").allTextContents();
      expect(found.map((title) => title.replace(/\s+/g, " "))).toEqual([
        "POST /api/services/auth/signin",
        "GET /api/services/auth/signin/{token}",
        "POST /api/management/admin/signin",
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, "apiDocs-search-390");

      expect(await cspViolations(page)).toEqual([]);
      expect(requestsElsewhere).toEqual([]);
    },
    TEST_MS,
  );

  test(
    "at 1280 px the same search box, and a search finding nothing says so",
    async () => {
      const page = await open(1280, "/api/docs?q=no%20such%20call");
      expect(await page.getByRole("status").textContent()).toMatch(/^0 of \d+ calls match/);
      await page.getByRole("link", { name: "Show every call" }).click();
      await page.waitForURL(/\/api\/docs$/);
      await shotAt(page, "header.top", "apiDocs-top-1280");
      expect(await cspViolations(page)).toEqual([]);
    },
    TEST_MS,
  );
});

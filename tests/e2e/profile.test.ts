import { describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { PICTURE_MAX_BYTES } from "../../server/forms/picture.ts";
import { html, pngWithMetadata, svg } from "../helpers/images.ts";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { pageApi } from "./support/pageApi.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, type RunningServer } from "./support/server.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * The profiles against the real server and the demo organisation (its analyses enabled): the
 * customer admin renames itself, changes its picture (the browser's and the server's refusals
 * shown in the spec's words) and the organisation's logo, finds its saved query in the Competitive
 * Comparison menu and on the profile, shares it and adds a colleague, who sees it with the group
 * icon and the owner's name; staff change their own picture and name and view the profile in dummy
 * mode. Screenshots at 1280 and 390 px: tests/e2e/screenshots/profile-*.png.
 */

requireChromium("profile");

const TEST_TIMEOUT_MS = 90_000;
const INVALID = "Please select a valid image (PNG, JPEG, WebP or GIF).";
const TOO_LARGE = "The file is too large: at most 2 MB.";
const COLLEAGUE = { name: "Colin Colleague", email: "colin.colleague@example.com" };
const QUERY_TITLE = "Spine share";

describe.skipIf(!chromiumAvailable)("profiles, pictures and saved queries in the menu", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let orgId = "";
  let queryId = "";
  const contexts: BrowserContext[] = [];

  useServerAndPage({
    viewport: { width: 1280, height: 800 },
    actionTimeoutMs: 15_000,
    // Seeding the demo with its analyses enabled takes minutes on a busy machine.
    hookTimeoutMs: 660_000,
    startTimeoutMs: 600_000,
    server: { demoAnalyses: true },
    prepare: async (suite) => {
      ({ server, browser, page } = suite);
      await signInDemoCustomer(page, server);
    },
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width, height: 800 },
      reducedMotion: "reduce",
    });
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    // A first load fetches the whole app: slow on a busy machine.
    context.setDefaultNavigationTimeout(60_000);
    const opened = await context.newPage();
    opened.on("pageerror", (error) => console.error(`[e2e] page error: ${error.message}`));
    opened.on("console", (message) => {
      if (message.type() === "error") console.error(`[e2e] console: ${message.text()}`);
    });
    return opened;
  }

  async function shot(target: Page, name: string) {
    await target.evaluate(() => window.scrollTo(0, 0));
    await screenshot(target, name);
  }

  /** Picks a file with the button's file chooser, as a person does. */
  async function pick(
    target: Page,
    button: string,
    file: { name: string; mimeType: string; buffer: Buffer },
  ) {
    const chooser = target.waitForEvent("filechooser");
    await target.getByRole("button", { name: button }).click();
    await (await chooser).setFiles(file);
  }

  const avatarSrc = (target: Page, alt: string) => target.getByRole("img", { name: alt }).getAttribute("src");

  test(
    "the customer renames itself; Save waits for a change",
    async () => {
      await page.goto("/profile");
      const card = page.getByRole("region", { name: "Your profile" });
      await card.getByRole("heading", { name: "Your profile" }).waitFor();
      const save = card.getByRole("button", { name: "Save" });
      expect(await save.isDisabled()).toBe(true);
      const email = card.getByLabel("Email");
      expect(await email.getAttribute("readonly")).not.toBeNull();
      orgId = (
        (await pageApi(page, "GET", "/api/management/customer/detail/", undefined)).body as {
          organization: { id: string };
        }
      ).organization.id;
      await shot(page, "profile-customer-before");
      await card.getByLabel("Name").fill("Dana Demo");
      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await page.getByText("Your name is saved.").waitFor();
      // The bar's account menu reads the new name.
      await page.getByRole("button", { name: "Account menu" }).getByText("Dana Demo").waitFor();
      expect(await save.isDisabled()).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the picture: refused in the browser (SVG, over 2 MB) and by the server (HTML named .png), then a PNG",
    async () => {
      await pick(page, "Change picture", { name: "evil.svg", mimeType: "image/svg+xml", buffer: svg });
      await page.getByRole("alert").filter({ hasText: INVALID }).waitFor();
      const big = Buffer.concat([await pngWithMetadata(), Buffer.alloc(PICTURE_MAX_BYTES)]);
      await pick(page, "Change picture", { name: "big.png", mimeType: "image/png", buffer: big });
      await page.getByRole("alert").filter({ hasText: TOO_LARGE }).waitFor();
      // Declared as a PNG, so the browser sends it: the server reads the bytes and refuses.
      const refused = page.waitForResponse((response) => response.url().endsWith("/customer/update/"));
      await pick(page, "Change picture", { name: "cat.png", mimeType: "image/png", buffer: html });
      expect((await refused).status()).toBe(400);
      await page.getByRole("alert").filter({ hasText: INVALID }).waitFor();
      await shot(page, "profile-customer-picture-refused");

      await pick(page, "Change picture", {
        name: "me.png",
        mimeType: "image/png",
        buffer: await pngWithMetadata(256, 256),
      });
      await page.getByText("Your picture is saved.").waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll("img")].some(
          (img) => img.alt === "Your picture" && img.complete && img.naturalWidth > 0,
        ),
      );
      const src = await avatarSrc(page, "Your picture");
      expect(src).toMatch(/^\/api\/pictures\/[0-9a-f-]{36}\.webp$/);
      const served = await page.request.get(src!);
      expect(served.headers()["content-type"]).toBe("image/webp");
      expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the organisation's admin changes the logo",
    async () => {
      await pick(page, "Change logo", {
        name: "logo.png",
        mimeType: "image/png",
        buffer: await pngWithMetadata(200, 120),
      });
      await page.getByText("The logo is saved.").waitFor();
      const logo = page.getByRole("region", { name: "Organisation" }).locator("img");
      await logo.waitFor();
      expect(await logo.getAttribute("src")).toMatch(/^\/api\/pictures\/[0-9a-f-]{36}\.webp$/);
      await shot(page, "profile-customer-1280");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a saved query is in its theme group's menu (user icon) and on the profile; sharing it",
    async () => {
      const saved = await pageApi(page, "POST", "/api/management/queries/save/", {
        title: QUERY_TITLE,
        description: "Spine cases only",
        accessible: false,
        filters: { servicelines: ["spine"] },
        querie: 1,
      });
      expect(saved.status).toBe(200);
      queryId = (saved.body as { res: { id: string } }).res.id;
      await page.goto("/");
      await page.getByRole("button", { name: "Competitive Comparison" }).click();
      const item = page.getByRole("menuitem", { name: QUERY_TITLE });
      await item.waitFor();
      expect(await item.locator('[data-icon="own"]').count()).toBe(1);
      await shot(page, "profile-menu-own-query");
      const ran = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" && response.url().includes(`/queries/${queryId}`),
      );
      await item.click();
      await page.waitForURL(`${server.baseUrl}/queries/custom/${queryId}`);
      await page.getByRole("heading", { name: QUERY_TITLE }).waitFor();
      // querie1 draws the practice's own bar beside the competitor facilities' (15 at most).
      const results = ((await (await ran).json()) as { results: Record<string, unknown> }).results;
      const bars = results.practice_and_competitor_facilities as { name: string; market_share: number }[];
      expect(bars[0]).toMatchObject({
        name: "Your practice",
        market_share: (results.customer_market_share as { market_share: number }).market_share,
      });
      const chart = page.locator('section[data-chart="facilities"] figure[data-chart-ready="true"]');
      await chart.locator("g.mark-rect path").first().waitFor({ state: "attached" });
      expect(await chart.locator("g.mark-rect path").count()).toBe(bars.length);
      expect(bars.length).toBe(
        1 + Math.min(15, (results.competitor_market_share_facilities as unknown[]).length),
      );
      expect(await chart.getByText("Your practice").count()).toBeGreaterThan(0);
      await shot(page, "profile-custom-query-querie1");

      await page.goto("/profile");
      const own = page.getByRole("table", { name: "Your custom queries" });
      const row = own.getByRole("row").filter({ hasText: QUERY_TITLE });
      await row.waitFor();
      expect(await row.getByText("Sx Market Share").count()).toBe(1);
      const shared = page.waitForResponse(
        (response) => response.url().endsWith("/queries/save/") && response.request().method() === "POST",
      );
      await row.getByText("Yes", { exact: true }).click();
      expect((await shared).status()).toBe(200);
      await page.waitForFunction(
        (title) =>
          [...document.querySelectorAll("tr")].some(
            (tr) => tr.textContent?.includes(title) && tr.querySelector('input[value="Yes"]:checked'),
          ),
        QUERY_TITLE,
      );
      const lists = await pageApi(page, "GET", "/api/management/queries/save/", undefined);
      const mine = (lists.body as { user_queries: { id: string; accessible: boolean }[] }).user_queries;
      expect(mine.find((query) => query.id === queryId)?.accessible).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the admin adds a colleague in the profile's Users table",
    async () => {
      await page.getByRole("button", { name: "Add user" }).click();
      const dialog = page.getByRole("dialog", { name: "Add user" });
      await dialog.getByLabel("Name").fill(COLLEAGUE.name);
      await dialog.getByLabel("Email").fill(COLLEAGUE.email);
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page
        .getByRole("table", { name: "Users" })
        .getByRole("row")
        .filter({ hasText: COLLEAGUE.email })
        .waitFor();
      await shot(page, "profile-customer-users");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the colleague sees the shared query with the group icon and the owner's name, view only",
    async () => {
      const colleague = await newPage();
      await signInDemoCustomer(colleague, server, undefined, COLLEAGUE.email);
      await colleague.getByRole("button", { name: "Competitive Comparison" }).click();
      const item = colleague.getByRole("menuitem", { name: new RegExp(QUERY_TITLE) });
      await item.waitFor();
      expect(await item.locator('[data-icon="colleague"]').count()).toBe(1);
      expect(await item.textContent()).toContain("Dana Demo");
      await shot(colleague, "profile-menu-shared-query");
      await colleague.keyboard.press("Escape");

      await colleague.goto("/profile");
      const row = colleague
        .getByRole("table", { name: "Shared queries" })
        .getByRole("row")
        .filter({ hasText: QUERY_TITLE });
      await row.waitFor();
      expect(await row.getByRole("cell", { name: "Dana Demo", exact: true }).count()).toBe(1);
      // An assistant: no logo change, no Users table, nothing to share or delete.
      expect(await colleague.getByRole("button", { name: "Change logo" }).count()).toBe(0);
      expect(await colleague.getByRole("table", { name: "Users" }).count()).toBe(0);
      await shot(colleague, "profile-colleague-1280");

      await row.getByRole("link", { name: `Open ${QUERY_TITLE}` }).click();
      await colleague.getByText("Shared by Dana Demo").waitFor();
      expect(await colleague.getByRole("button", { name: "Delete" }).count()).toBe(0);
      expect(await colleague.getByRole("button", { name: "Save" }).count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the profile at phone width (390 px)",
    async () => {
      const phone = await newPage(390);
      await phone.context().addCookies(await page.context().cookies());
      await phone.goto("/profile");
      await phone.getByRole("table", { name: "Your custom queries" }).waitFor();
      await phone.getByRole("img", { name: "Your picture" }).waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(phone, "profile-customer-390");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "staff: their own picture and name; the dummy view's profile and menu",
    async () => {
      const staff = await newPage();
      await staff.goto("/administration/signin");
      await staff.getByLabel("Username").fill(ADMIN_USERNAME);
      await staff.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
      await staff.getByLabel("Password", { exact: true }).press("Enter");
      await staff.waitForURL(`${server.baseUrl}/administration/customers`);

      // The dummy view: loaded through admin/fake-org/, read-only profile, the shared query in the menu.
      const fakeOrg = staff.waitForResponse((response) => response.url().endsWith("/admin/fake-org/"));
      await staff.goto(`/dummy/${orgId}/profile`);
      expect((await fakeOrg).status()).toBe(200);
      await staff.getByText("Read-only: you view this organisation as staff.").waitFor();
      const row = staff
        .getByRole("table", { name: "Shared queries" })
        .getByRole("row")
        .filter({ hasText: QUERY_TITLE });
      await row.waitFor();
      expect(await staff.getByRole("button", { name: "Change picture" }).count()).toBe(0);
      expect(await staff.getByRole("button", { name: "Add user" }).count()).toBe(0);
      await staff.getByRole("button", { name: "Competitive Comparison" }).click();
      await staff
        .getByRole("menuitem", { name: new RegExp(QUERY_TITLE) })
        .locator('[data-icon="colleague"]')
        .waitFor();
      await shot(staff, "profile-dummy-1280");
      await staff.keyboard.press("Escape");

      await staff.goto("/administration/profile");
      const card = staff.getByRole("region", { name: "Your profile" });
      await card.getByLabel("Name").waitFor();
      await pick(staff, "Change picture", { name: "x.svg", mimeType: "image/svg+xml", buffer: svg });
      await staff.getByRole("alert").filter({ hasText: INVALID }).waitFor();
      await pick(staff, "Change picture", {
        name: "me.jpg",
        mimeType: "image/png",
        buffer: await pngWithMetadata(128, 128),
      });
      await staff.getByText("Your picture is saved.").waitFor();
      expect(await avatarSrc(staff, "Your picture")).toMatch(/^\/api\/pictures\/[0-9a-f-]{36}\.webp$/);
      await card.getByLabel("Name").fill("admin two");
      await card.getByText("may hold letters, digits and @ . + - _ only (it is your sign-in name)").waitFor();
      expect(await card.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
      await card.getByLabel("Name").fill("admin.two");
      await card.getByRole("button", { name: "Save" }).click();
      await staff.getByText("Your name is saved.").waitFor();
      await staff.getByRole("button", { name: "Account menu" }).getByText("admin.two").waitFor();
      await shot(staff, "profile-staff-1280");
      const phone = await newPage(390);
      await phone.context().addCookies(await staff.context().cookies());
      await phone.goto("/administration/profile");
      await phone.getByRole("img", { name: "Your picture" }).waitFor();
      await shot(phone, "profile-staff-390");
    },
    TEST_TIMEOUT_MS,
  );
});

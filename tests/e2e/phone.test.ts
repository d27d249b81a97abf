import { describe, expect, test } from "bun:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { pageApi } from "./support/pageApi.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, type RunningServer } from "./support/server.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * Both areas on a phone (390 px) and a small tablet (768 px), against the real server and the demo
 * with its analyses enabled: the bar keeps the burger, the bell and the avatar on screen; the drawer
 * holds the theme groups and the product menu and leads to an analysis; the bell, the avatar menu
 * (Logout) and the dialogs fit; no screen is wider than the window (tables scroll inside their card).
 * Screenshots: tests/e2e/screenshots/phone-*.png.
 */

requireChromium("phone");

const TEST_TIMEOUT_MS = 90_000;
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };

describe.skipIf(!chromiumAvailable)("phones and narrow windows", () => {
  let server: RunningServer;
  let page: Page;
  let orgId = "";
  let adminCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];
  const suite = useServerAndPage({
    viewport: PHONE,
    actionTimeoutMs: 20_000,
    // Seeding the demo with its analyses enabled takes minutes on a busy machine.
    hookTimeoutMs: 660_000,
    startTimeoutMs: 600_000,
    server: { demoAnalyses: true },
    prepare: async (started) => {
      ({ server, page } = started);
      // A first load fetches the whole app: slow on a busy machine.
      started.context.setDefaultNavigationTimeout(60_000);
      await signInDemoCustomer(page, server);
      const detail = await pageApi(page, "GET", "/api/management/customer/detail/", undefined);
      orgId = (detail.body as { organization: { id: string } }).organization.id;
    },
  });

  /** A new page of the given size sharing the customer's (or the staff's) cookies. */
  async function pageAt(viewport: { width: number; height: number }, staff = false): Promise<Page> {
    const context = await suite.browser.newContext({
      baseURL: server.baseUrl,
      viewport,
      reducedMotion: "reduce",
    });
    context.setDefaultTimeout(20_000);
    context.setDefaultNavigationTimeout(60_000);
    await context.addCookies(staff ? adminCookies : await page.context().cookies());
    const opened = await context.newPage();
    opened.on("pageerror", (error) => console.error(`[e2e] page error: ${error.message}`));
    return opened;
  }

  /** How far the page is wider than the window (the bars are fixed: their overflow is checked apart). */
  const pageOverflow = (target: Page) =>
    target.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  /** The element lies inside the window's width: a person can see and tap it. */
  async function expectOnScreen(target: Page, element: Locator) {
    await element.waitFor();
    const width = target.viewportSize()?.width ?? 0;
    // A drawer slides in: read its place once it has stopped moving inside the window (10 s at most).
    let box = await element.boundingBox();
    for (let tries = 0; tries < 100 && box && (box.x < 0 || box.x + box.width > width); tries++) {
      await Bun.sleep(100);
      box = await element.boundingBox();
    }
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }

  /** The bar's controls (burger, bell, avatar) are all on screen and the page is not wider than the window. */
  async function expectUsable(target: Page, withBell = true) {
    await expectOnScreen(target, target.getByRole("button", { name: "Open navigation" }));
    if (withBell) await expectOnScreen(target, target.getByRole("button", { name: "Notifications" }));
    await expectOnScreen(target, target.getByRole("button", { name: "Account menu" }));
    expect(await pageOverflow(target)).toBeLessThanOrEqual(0);
  }

  async function shot(target: Page, name: string) {
    await target.evaluate(() => window.scrollTo(0, 0));
    await screenshot(target, name);
  }

  /** Opens an analysis by its address and waits for the answer it draws. */
  async function openAnalysis(target: Page, name: string, title: string) {
    await target.goto(`/queries/${name}`);
    await target.getByRole("heading", { name: title, exact: true }).waitFor();
    await target.getByRole("button", { name: "Filters" }).and(target.locator(":enabled")).waitFor();
  }

  test(
    "home at 390 px: the drawer holds the theme groups and leads to an analysis",
    async () => {
      await page.goto("/");
      await page.getByRole("heading", { name: "Analyses" }).waitFor();
      // The wide bar's navigation is folded away, not squeezed.
      expect(await page.getByRole("navigation", { name: "Analyses" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Menu", exact: true }).count()).toBe(0);
      await expectUsable(page);
      await shot(page, "phone-home");

      await page.getByRole("button", { name: "Open navigation" }).click();
      const drawer = page.getByRole("navigation", { name: "Navigation menu" });
      await expectOnScreen(page, drawer.getByRole("button", { name: "Market Alignment" }));
      await drawer.getByRole("link", { name: "Practice profile" }).waitFor();
      await drawer.getByRole("button", { name: "About product" }).waitFor();
      await drawer.getByRole("link", { name: "Agreement" }).waitFor();
      await drawer.getByRole("button", { name: "Market Alignment" }).click();
      await shot(page, "phone-drawer");
      await drawer.getByRole("link", { name: "Site of Care" }).click();
      await page.waitForURL(`${server.baseUrl}/queries/querie6`);
      await page.getByRole("heading", { name: "Site of Care", exact: true }).waitFor();
      // Following a link closes the drawer.
      await drawer.getByRole("link", { name: "Site of Care" }).waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Filters" }).and(page.locator(":enabled")).waitFor();
      await expectUsable(page);
      await shot(page, "phone-analysis-querie6");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "390 px: the bell, the avatar menu with Logout, and the product texts fit the screen",
    async () => {
      await page.goto("/");
      await page.getByRole("heading", { name: "Analyses" }).waitFor();
      await page.getByRole("button", { name: "Notifications" }).click();
      await expectOnScreen(page, page.getByRole("dialog").first());
      await shot(page, "phone-bell");
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Account menu" }).click();
      await expectOnScreen(page, page.getByRole("menuitem", { name: "Logout" }));
      await expectOnScreen(page, page.getByRole("menuitem", { name: "Profile" }));
      await shot(page, "phone-avatar-menu");
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Open navigation" }).click();
      await page.getByRole("button", { name: "About product" }).click();
      const about = page.getByRole("dialog", { name: "About product" });
      await expectOnScreen(page, about);
      await shot(page, "phone-about");
      await page.keyboard.press("Escape");
      await about.waitFor({ state: "hidden" });
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "390 px: an analysis's tables scroll inside their card and its filters dialog fits",
    async () => {
      await openAnalysis(page, "querie1", "Sx Market Share");
      await page.locator("table[data-table]").first().waitFor();
      await expectUsable(page);
      await shot(page, "phone-analysis-querie1");
      await page.getByRole("button", { name: "Filters" }).click();
      const dialog = page.getByRole("dialog", { name: "Filters" });
      await expectOnScreen(page, dialog);
      await expectOnScreen(page, dialog.getByRole("button", { name: "Apply" }));
      await shot(page, "phone-filters");
      await page.keyboard.press("Escape");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "390 px: the maps fill the width, no wider",
    async () => {
      for (const [name, title] of [
        ["querie5", "Location Footprint"],
        ["querie9", "Outmigration"],
        ["querie11", "Growth Opportunities"],
      ] as const) {
        await openAnalysis(page, name, title);
        const map = page.locator('[data-map-id][data-ready="true"]').first();
        await map.waitFor({ timeout: 30_000 });
        await expectOnScreen(page, map);
        await expectUsable(page);
        await shot(page, `phone-map-${name}`);
      }
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "390 px: the profile and the practice profile",
    async () => {
      // A table's actions stay at the visible right edge while the table scrolls sideways: every
      // row's menu or buttons are on screen without scrolling the table.
      const onScreen = async (target: Locator) => {
        const box = await target.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      };
      await page.goto("/profile");
      await page.getByRole("heading", { name: "Your profile" }).waitFor();
      await expectUsable(page);
      // Users are a card each on a phone (UsersTable.tsx), their actions in the card.
      const users = page.locator("[data-user-card]");
      await users.first().waitFor();
      expect(await page.getByRole("table", { name: "Users" }).count()).toBe(0);
      const userActions = users.getByRole("button", { name: /^(Edit|Block|Unblock) / });
      expect(await userActions.count()).toBeGreaterThan(0);
      for (const button of await userActions.all()) await onScreen(button);
      await shot(page, "phone-profile");
      await page.goto("/practice-profile");
      await page.getByRole("table", { name: "Facilities" }).waitFor();
      await expectUsable(page);
      // Facilities stay a table (its menus sticky at the right edge); providers are a card each,
      // their category and menu on screen (the table's Category column was cut at 390 px).
      for (const list of [
        page.getByRole("table", { name: "Facilities" }),
        page.getByRole("list", { name: "Providers" }),
      ]) {
        const menus = list.getByRole("button", { name: /^Actions for / });
        expect(await menus.count()).toBeGreaterThan(0);
        await onScreen(menus.first());
        await onScreen(menus.last());
      }
      expect(await page.getByRole("table", { name: "Providers" }).count()).toBe(0);
      await onScreen(
        page
          .locator("[data-provider-card]")
          .first()
          .getByText(/^Physician|^Advanced|^Therapist|^Chiropractor/),
      );
      const firstMenu = page
        .getByRole("table", { name: "Facilities" })
        .getByRole("button", { name: /^Actions for / })
        .first();
      await firstMenu.click();
      await onScreen(page.getByRole("menuitem", { name: "Edit" }));
      await shot(page, "phone-practice-profile-row-menu");
      await page.keyboard.press("Escape");
      await shot(page, "phone-practice-profile");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "768 px: the drawer still holds the navigation; home and an analysis fit",
    async () => {
      const tablet = await pageAt(TABLET);
      await tablet.goto("/");
      await tablet.getByRole("heading", { name: "Analyses" }).waitFor();
      await expectUsable(tablet);
      await shot(tablet, "phone-768-home");
      await tablet.getByRole("button", { name: "Open navigation" }).click();
      const drawer = tablet.getByRole("navigation", { name: "Navigation menu" });
      await drawer.getByRole("button", { name: "Partnership Strength" }).click();
      await drawer.getByRole("link", { name: "Leakage" }).click();
      await tablet.waitForURL(`${server.baseUrl}/queries/querie8`);
      await tablet.getByRole("button", { name: "Filters" }).and(tablet.locator(":enabled")).waitFor();
      await tablet.locator("table[data-table]").first().waitFor();
      await expectUsable(tablet);
      await shot(tablet, "phone-768-analysis-querie8");
      await tablet.context().close();
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the back office at 390 px: customers, a customer's detail, the drawer",
    async () => {
      const staffContext = await suite.browser.newContext({
        baseURL: server.baseUrl,
        viewport: PHONE,
        reducedMotion: "reduce",
      });
      staffContext.setDefaultTimeout(20_000);
      staffContext.setDefaultNavigationTimeout(60_000);
      const staff = await staffContext.newPage();
      await staff.goto("/administration/signin");
      await staff.getByLabel("Username").fill(ADMIN_USERNAME);
      await staff.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
      await staff.getByLabel("Password", { exact: true }).press("Enter");
      await staff.waitForURL(`${server.baseUrl}/administration/customers`);
      adminCookies = await staffContext.cookies();
      await staff.getByRole("heading", { name: "Customers" }).waitFor();
      // A card per customer: its status, its years' progress and its actions on screen (the table
      // scrolled sideways and hid Status, Main Tasks and Actions).
      const card = staff.locator('[data-customer-card="Demo Orthopaedics"]');
      await card.waitFor();
      await expectUsable(staff);
      await expectOnScreen(staff, staff.getByRole("button", { name: "Tasks" }));
      await expectOnScreen(staff, card.getByText(/^(ACTIVE|INITIALIZATION)$/));
      await expectOnScreen(staff, card.getByRole("progressbar", { name: /^2025 progress/ }));
      await expectOnScreen(staff, card.getByRole("button", { name: "Delete Demo Orthopaedics" }));
      await shot(staff, "phone-admin-customers");

      await staff.getByRole("button", { name: "Open navigation" }).click();
      const drawer = staff.getByRole("navigation", { name: "Navigation menu" });
      await drawer.getByRole("link", { name: "Mailbox" }).waitFor();
      await shot(staff, "phone-admin-drawer");
      await drawer.getByRole("link", { name: "Helpcenter" }).click();
      await staff.waitForURL(`${server.baseUrl}/administration/helpcenter`);
      await staff.getByRole("heading", { name: "Helpcenter", exact: true }).waitFor();
      await expectUsable(staff);
      await shot(staff, "phone-admin-helpcenter");

      await staff.goto(`/administration/customers/${orgId}`);
      await staff.getByRole("heading", { name: "Demo Orthopaedics", exact: true }).waitFor();
      await expectUsable(staff);
      // Users: a card per user on a phone, the email whole and the actions on screen (the table
      // scrolled sideways under its sticky actions and cut the email).
      const userCard = staff.locator("[data-user-card]", { hasText: "Demo Admin" });
      await expectOnScreen(staff, userCard.getByText("demo@example.com", { exact: true }));
      await expectOnScreen(staff, userCard.getByRole("button", { name: "Edit Demo Admin" }));
      await expectOnScreen(staff, userCard.getByRole("button", { name: "Block Demo Admin" }));
      await shot(staff, "phone-admin-customer");
      await staff.goto(`/administration/customers/${orgId}/2024`);
      await staff
        .getByRole("heading", { name: "[2024] Data analysis of Demo Orthopaedics", exact: true })
        .waitFor();
      await expectUsable(staff);
      await shot(staff, "phone-admin-year");

      await staff.getByRole("button", { name: "Account menu" }).click();
      await expectOnScreen(staff, staff.getByRole("menuitem", { name: "Logout" }));
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the back office at 768 px and the dummy view at 390 px",
    async () => {
      const tablet = await pageAt(TABLET, true);
      await tablet.goto("/administration/customers");
      await tablet.getByRole("cell", { name: "Demo Orthopaedics" }).first().waitFor();
      await expectUsable(tablet);
      await shot(tablet, "phone-768-admin-customers");
      await tablet.context().close();

      const dummy = await pageAt(PHONE, true);
      await dummy.goto(`/dummy/${orgId}`);
      await dummy.getByText("logged in as agent").waitFor();
      await expectOnScreen(dummy, dummy.getByRole("link", { name: "Back to administration" }));
      await expectOnScreen(dummy, dummy.getByRole("button", { name: "Open navigation" }));
      expect(await pageOverflow(dummy)).toBeLessThanOrEqual(0);
      await dummy.getByRole("button", { name: "Open navigation" }).click();
      const drawer = dummy.getByRole("navigation", { name: "Navigation menu" });
      await drawer.getByText("You are logged into the dashboard of Demo Orthopaedics").waitFor();
      await drawer.getByRole("button", { name: "Service Strength" }).click();
      await shot(dummy, "phone-dummy-drawer");
      await drawer.getByRole("link", { name: "Outmigration" }).click();
      await dummy.waitForURL(`${server.baseUrl}/dummy/${orgId}/queries/querie9`);
      await dummy.getByRole("heading", { name: "Outmigration", exact: true }).waitFor();
      await dummy.locator('[data-map-id][data-ready="true"]').first().waitFor({ timeout: 30_000 });
      expect(await pageOverflow(dummy)).toBeLessThanOrEqual(0);
      await shot(dummy, "phone-dummy-analysis");
      await dummy.context().close();
    },
    TEST_TIMEOUT_MS,
  );
});

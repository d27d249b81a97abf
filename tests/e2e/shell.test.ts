import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromiumAvailable, launchBrowser, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { pageApi } from "./support/pageApi.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, type RunningServer, startServer } from "./support/server.ts";

/**
 * The web shell against the real server: sign-in flows, the route guard, logout and the dummy view.
 * Every screen visited is saved as a PNG under tests/e2e/screenshots/.
 */

requireChromium("shell");

/** Generous per test (bun's default is 5 s): a sign-in round trip plus several screenshots. */
const TEST_TIMEOUT_MS = 30_000;

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

describe.skipIf(!chromiumAvailable)("web shell", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let customerState: StorageState | undefined;
  let demoOrgId: string | undefined;
  let adminState: StorageState | undefined;

  beforeAll(
    async () => {
      [server, browser] = await Promise.all([startServer({ startTimeoutMs: 240_000 }), launchBrowser()]);
    },
    // Seeding the demo takes 18 s on a quiet machine and minutes on a loaded one (other test runs).
    { timeout: 300_000 },
  );

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  async function newPage(storageState?: StorageState): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 800 },
      // The theme respects reduced motion: menus and modals open without transitions, so the
      // screenshots need no waiting.
      reducedMotion: "reduce",
      storageState,
    });
    contexts.push(context);
    // Fail a wait well inside the test's own timeout, so the report names the missing element.
    context.setDefaultTimeout(8_000);
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`[e2e] page error: ${error.message}`));
    return page;
  }

  const path = (page: Page) => new URL(page.url()).pathname;

  /** The whole customer sign-in: /signin, the e-mailed link from the outbox, then Home. */
  async function signInCustomer(page: Page, shots = false) {
    const link = await signInDemoCustomer(page, server, async (step) => {
      if (shots) await screenshot(page, step === "form" ? "signin" : "signin-sent");
    });
    expect(new URL(link).origin).toBe(server.baseUrl);
    await page.getByRole("heading", { name: "Welcome to Vitality" }).waitFor();
  }

  /** A signed-in customer's cookies, signing in once and sharing the session between tests. */
  async function customerPage(): Promise<Page> {
    if (!customerState) {
      const page = await newPage();
      await signInCustomer(page);
      customerState = await page.context().storageState();
    }
    return newPage(customerState);
  }

  async function readOrganisationId(page: Page): Promise<string> {
    const detail = await page.evaluate(() =>
      fetch("/api/management/customer/detail/", { credentials: "include" }).then((response) =>
        response.json(),
      ),
    );
    return (detail as { organization: { id: string } }).organization.id;
  }

  async function organisationId(): Promise<string> {
    if (!demoOrgId) {
      const page = await customerPage();
      await page.goto("/");
      demoOrgId = await readOrganisationId(page);
    }
    return demoOrgId;
  }

  /** A signed-in staff admin's cookies, shared between tests like the customer's. */
  async function adminPage(): Promise<Page> {
    if (!adminState) {
      const page = await newPage();
      await signInAdmin(page);
      adminState = await page.context().storageState();
    }
    return newPage(adminState);
  }

  async function signInAdmin(page: Page) {
    await page.goto("/administration/signin");
    await page.getByLabel("Username").fill(ADMIN_USERNAME);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await page.waitForURL(`${server.baseUrl}/administration/customers`);
  }

  test(
    "a customer signs in with the link e-mailed to the outbox and lands on Home",
    async () => {
      const page = await newPage();
      // The app's scripts as the browser received them: the Brotli files the build wrote beside
      // every one of 1 kB or more (web/vite.config.ts).
      const scripts: Promise<{ url: string; encoding?: string; bytes: number }>[] = [];
      page.on("response", (response) => {
        if (/\/assets\/.+\.js$/.test(response.url()))
          scripts.push(
            response.body().then((body) => ({
              url: response.url(),
              encoding: response.headers()["content-encoding"],
              bytes: body.length,
            })),
          );
      });
      await page.goto("/signin");
      await page.getByRole("button", { name: "Email my login link" }).click();
      const received = await Promise.all(scripts);
      expect(received.filter((script) => script.bytes >= 1024).length).toBeGreaterThan(3);
      expect(received.filter((script) => script.bytes >= 1024 && script.encoding !== "br")).toEqual([]);
      expect(await page.getByText("Please verify your email address").isVisible()).toBe(true);
      await page.getByLabel("Email").fill("not-an-address");
      await page.getByRole("button", { name: "Email my login link" }).click();
      await page.getByText("Please verify your email address").waitFor();
      await screenshot(page, "signin-invalid-email");

      await signInCustomer(page, true);
      expect(path(page)).toBe("/");
      // The demo organisation accepted the agreement but is not initialized: the setup checklist.
      await page.getByRole("heading", { name: "Account setup" }).waitFor();
      expect(await page.getByRole("button", { name: "Vitality Score" }).getAttribute("aria-disabled")).toBe(
        "true",
      );
      await screenshot(page, "client-home-setup");
      customerState = await page.context().storageState();
      demoOrgId = await readOrganisationId(page);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a used or unknown sign-in link shows the server's message and a way back",
    async () => {
      const page = await newPage();
      await page.goto(`/validate_token/${"x".repeat(43)}`);
      await page.getByText("This sign-in link does not work").waitFor();
      await page.getByText("invalid, used or expired").waitFor();
      await screenshot(page, "validate-token-invalid");
      await page.getByRole("link", { name: "Ask for a new link" }).click();
      await page.waitForURL(`${server.baseUrl}/signin`);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "every customer screen renders inside the customer bar",
    async () => {
      const page = await customerPage();
      const screens: [string, string][] = [
        ["/practice-profile", "Practice profile"],
        ["/helpcenter", "Help Center"],
        ["/vitality-score", "Strategic Vitality Score"],
        ["/profile", "Profile"],
        ["/queries/querie6", "Site of Care"],
        ["/queries/custom/1", "Custom query"],
      ];
      for (const [url, title] of screens) {
        await page.goto(url);
        await page.getByRole("heading", { name: title, exact: true }).waitFor();
        await page.getByRole("link", { name: /^Vitality .+, home$/ }).waitFor();
        await screenshot(page, `client${url.replaceAll("/", "-")}`);
      }
      await page.goto("/queries/querie99");
      await page.getByRole("heading", { name: "Page not found" }).waitFor();
      await screenshot(page, "not-found");

      await page.goto("/");
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Help Center" }).waitFor();
      await screenshot(page, "client-avatar-menu");
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await page.getByRole("menuitem", { name: "About product" }).click();
      const about = page.getByRole("dialog", { name: "About product" });
      await about.waitFor();
      await screenshot(page, "client-about-modal");
      // Spec: a click on the backdrop closes the modal.
      await page.mouse.click(10, 790);
      await about.waitFor({ state: "hidden" });

      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await page.getByRole("menuitem", { name: "Agreement" }).click();
      await page.waitForURL(`${server.baseUrl}/agreement`);
      await page.getByText("State of Indiana").waitFor();
      await screenshot(page, "agreement");
      await page.getByRole("link", { name: "Back" }).click();
      await page.waitForURL(`${server.baseUrl}/`);
    },
    TEST_TIMEOUT_MS,
  );

  /**
   * The demo organisation sits in one state (agreement accepted, not initialized). The other Home
   * states are shown by rewriting the real detail answer in the browser.
   */
  async function patchDetail(page: Page, patch: (detail: Record<string, Record<string, unknown>>) => void) {
    await page.route("**/api/management/customer/detail/", async (route) => {
      const response = await route.fetch();
      const detail = await response.json();
      patch(detail);
      await route.fulfill({ response, json: detail });
    });
  }

  async function patchOrganisation(page: Page, patch: () => Record<string, unknown>) {
    await patchDetail(page, (detail) => {
      detail.organization = { ...detail.organization, ...patch() };
    });
  }

  test(
    "Home asks to accept the agreement first, posting it for the organisation",
    async () => {
      const page = await customerPage();
      let accepted = false;
      let posted: unknown;
      await patchOrganisation(page, () => (accepted ? {} : { agreement_accepted: false }));
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith("/api/management/customer/agreement/")) {
          posted = request.postDataJSON();
          accepted = true;
        }
      });
      await page.goto("/");
      await page.getByRole("heading", { name: "Licence agreement" }).waitFor();
      // No practice profile link or bell before the agreement (spec: both are gated by it).
      expect(await page.getByRole("link", { name: "Practice profile" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Notifications" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Continue" }).isDisabled()).toBe(true);
      await screenshot(page, "client-home-agreement");
      await page.getByLabel("I have read and accept the end user licence agreement").check();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Account setup" }).waitFor();
      expect(posted).toEqual({ organization: await organisationId() });
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "Home of an initialized organisation lists the analyses and the menus open",
    async () => {
      const page = await customerPage();
      await patchOrganisation(page, () => ({ initialized: true }));
      await page.goto("/");
      await page.getByRole("heading", { name: "Analyses" }).waitFor();
      await page.getByRole("link", { name: "Outmigration" }).waitFor();
      await screenshot(page, "client-home-analyses");
      await page.getByRole("button", { name: "Partnership Strength" }).click();
      await page.getByRole("menuitem", { name: "Leakage" }).waitFor();
      await screenshot(page, "client-theme-menu");
      await page.getByRole("menuitem", { name: "Leakage" }).click();
      await page.waitForURL(`${server.baseUrl}/queries/querie8`);
      await page.getByRole("heading", { name: "Leakage", exact: true }).waitFor();
      await page.getByRole("link", { name: "Vitality Score" }).click();
      await page.waitForURL(`${server.baseUrl}/vitality-score`);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "an assistant (not is_staff) has no practice profile and is sent to the first analysis",
    async () => {
      const page = await customerPage();
      await patchDetail(page, (detail) => {
        detail.profile = { ...detail.profile, is_staff: false, status: "assistant" };
      });
      await page.goto("/practice-profile");
      await page.waitForURL(`${server.baseUrl}/queries/querie1`);
      await page.getByRole("heading", { name: "Sx Market Share", exact: true }).waitFor();
      expect(await page.getByRole("link", { name: "Practice profile" }).count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the guard sends a signed-in customer away from /signin",
    async () => {
      const page = await customerPage();
      await page.goto("/signin");
      await page.waitForURL(`${server.baseUrl}/`);
      await page.getByRole("heading", { name: "Welcome to Vitality" }).waitFor();
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the guard sends anonymous visitors to the matching sign-in page",
    async () => {
      const page = await newPage();
      await page.goto("/profile");
      await page.waitForURL(`${server.baseUrl}/signin`);
      await page.getByRole("button", { name: "Email my login link" }).waitFor();

      await page.goto("/administration/customers");
      await page.waitForURL(`${server.baseUrl}/administration/signin`);
      await page.getByRole("heading", { name: "Administration" }).waitFor();

      await page.goto(`/dummy/${await organisationId()}`);
      await page.waitForURL(`${server.baseUrl}/administration/signin`);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a customer's logout goes to the root, Home, whose guard lands on /signin saying the user is signed out",
    async () => {
      const page = await newPage();
      await signInCustomer(page);
      await page.goto("/profile");
      await page.getByRole("button", { name: "Account menu" }).waitFor();
      const seen: string[] = [];
      page.on("framenavigated", (frame) => {
        if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
      });
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Logout" }).click();
      await page.waitForURL(`${server.baseUrl}/signin`);
      // The root first (customer-area.md: "goes to the root"), then its guard: no session, sign-in.
      expect(seen.indexOf("/")).toBeGreaterThanOrEqual(0);
      expect(seen.indexOf("/")).toBeLessThan(seen.lastIndexOf("/signin"));
      await page.getByRole("status").filter({ hasText: "You are signed out." }).waitFor();
      await page.getByRole("button", { name: "Email my login link" }).waitFor();
      await screenshot(page, "after-logout");
      // The token cookie is cleared and the session is gone on the server: Back and a protected
      // page both end on sign-in; the notice was for the logout only.
      expect((await page.context().cookies()).some((cookie) => cookie.name === "token")).toBe(false);
      await page.goBack();
      await page.waitForURL(`${server.baseUrl}/signin`);
      await page.goto("/profile");
      await page.waitForURL(`${server.baseUrl}/signin`);
      await page.getByRole("button", { name: "Email my login link" }).waitFor();
      expect(await page.getByText("You are signed out.").count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a session ended elsewhere: the open page's live channel closes, the page goes to sign-in by itself and opens no channel again",
    async () => {
      const page = await newPage();
      const channels: Array<{ url: string; closed: boolean }> = [];
      page.on("websocket", (socket) => {
        const channel = { url: socket.url(), closed: false };
        channels.push(channel);
        socket.on("close", () => {
          channel.closed = true;
        });
      });
      await signInCustomer(page);
      await page.getByRole("button", { name: "Account menu" }).waitFor();
      // The channel opens once the first screen is painted.
      for (let waited = 0; channels.length === 0 && waited < 8_000; waited += 100)
        await page.waitForTimeout(100);
      expect(channels).toHaveLength(1);
      expect(channels[0]!.url).toContain("/ws/channel/");
      // Another tab of the same browser logs out: the server closes this page's socket with
      // "session ended", and the page must not knock again every few seconds.
      const otherTab = await page.context().newPage();
      await otherTab.goto("/signin");
      const ended = await otherTab.evaluate(async () => {
        const csrf = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/)?.[1] ?? "";
        const answer = await fetch("/api/admin/logout/", {
          method: "POST",
          credentials: "include",
          headers: { "X-CSRFToken": csrf },
        });
        return answer.status;
      });
      await otherTab.close();
      expect(ended).toBe(200);
      await page.waitForURL(`${server.baseUrl}/signin`);
      await page.getByRole("button", { name: "Email my login link" }).waitFor();
      expect(channels[0]!.closed).toBe(true);
      // Longer than the first two reconnect delays (1 s, 2 s): no new channel was opened.
      await page.waitForTimeout(3_500);
      expect(channels).toHaveLength(1);
      await screenshot(page, "session-ended-elsewhere");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "staff's logout goes to the back office's root, whose guard lands on the administration sign-in",
    async () => {
      const page = await newPage();
      await signInAdmin(page);
      await page.getByRole("button", { name: "Account menu" }).click();
      await page.getByRole("menuitem", { name: "Logout" }).click();
      await page.waitForURL(`${server.baseUrl}/administration/signin`);
      await page.getByRole("heading", { name: "Administration" }).waitFor();
      await page.getByRole("status").filter({ hasText: "You are signed out." }).waitFor();
      await screenshot(page, "admin-after-logout");
      await page.goto("/administration/customers");
      await page.waitForURL(`${server.baseUrl}/administration/signin`);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "staff sign in with username and password (Enter submits) and reach every back-office screen",
    async () => {
      const page = await newPage();
      await page.goto("/administration/signin");
      await page.getByRole("button", { name: "Connection" }).waitFor();
      await screenshot(page, "admin-signin");

      await page.getByLabel("Username").fill(ADMIN_USERNAME);
      await page.getByLabel("Password", { exact: true }).fill("Wrong-password!1");
      // The eye icon reveals the password.
      await page.getByRole("button", { name: "Toggle password visibility" }).click();
      expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
      await page.getByRole("button", { name: "Connection" }).click();
      await page.getByText("Unable to log in with provided credentials.").waitFor();
      await screenshot(page, "admin-signin-error");

      await signInAdmin(page);
      await page.getByRole("heading", { name: "Customers" }).waitFor();
      await screenshot(page, "admin-customers");
      adminState = await page.context().storageState();

      const orgId = await organisationId();
      const screens: [string, string][] = [
        // The overview is titled with the customer's name (tests/e2e/admin.test.ts covers the screens).
        [`/administration/customers/${orgId}`, "Demo Orthopaedics"],
        [`/administration/customers/${orgId}/2024`, "[2024] Data analysis of Demo Orthopaedics"],
        ["/administration/advisoryboard", "Advisory board"],
        ["/administration/helpcenter", "Helpcenter"],
        ["/administration/settings/contents", "Manage contents"],
        ["/administration/settings/parameters", "Parameters"],
        ["/administration/mailbox", "Mailbox"],
        ["/administration/profile", "Profile"],
      ];
      for (const [url, title] of screens) {
        await page.goto(url);
        await page.getByRole("heading", { name: title, exact: true }).waitFor();
        await screenshot(page, url.replace(orgId, "org").slice(1).replaceAll("/", "-"));
      }

      // Signed in, the sign-in page leads to the back office.
      await page.goto("/administration/signin");
      await page.waitForURL(`${server.baseUrl}/administration/customers`);
    },
    // Eight screens, each a fresh page load.
    3 * TEST_TIMEOUT_MS,
  );

  test(
    "an agent sees only Customers and Helpcenter, and no tasks or bell",
    async () => {
      const admin = await adminPage();
      await admin.goto("/administration/customers");
      const agent = { username: "fieldagent", email: "agent@vitality.test", password: "Agent!pass1" };
      const { status } = await pageApi(admin, "POST", "/api/management/admin/detail/", agent);
      expect(status).toBe(200);

      const page = await newPage();
      await page.goto("/administration/signin");
      await page.getByLabel("Username").fill(agent.username);
      await page.getByLabel("Password", { exact: true }).fill(agent.password);
      await page.getByRole("button", { name: "Connection" }).click();
      await page.waitForURL(`${server.baseUrl}/administration/customers`);
      const nav = page.getByRole("navigation", { name: "Administration" });
      // The bar draws with the lazily loaded screen: wait for it before reading all its links.
      await nav.getByRole("link", { name: "Customers" }).waitFor();
      expect(await nav.getByRole("link").allInnerTexts()).toEqual(["Customers", "Helpcenter"]);
      expect(await page.getByRole("button", { name: "Tasks" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Notifications" }).count()).toBe(0);
      await screenshot(page, "admin-agent-customers");
      // The hidden screens are not reachable by address either.
      await page.goto("/administration/mailbox");
      await page.waitForURL(`${server.baseUrl}/administration/customers`);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "the dummy view shows an organisation's dashboard under the red agent bar",
    async () => {
      const orgId = await organisationId();
      const page = await adminPage();
      await page.goto(`/dummy/${orgId}`);
      await page.getByText("logged in as agent").waitFor();
      await page.getByText("You are logged into the dashboard of Demo Orthopaedics").waitFor();
      await page.getByRole("heading", { name: "Welcome to Vitality" }).waitFor();
      const barColour = await page
        .getByText("logged in as agent")
        .evaluate(
          (element) => getComputedStyle(element.closest("header > div > div") ?? element).backgroundColor,
        );
      expect(barColour).toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
      const [red, green, blue] = barColour.match(/\d+/g)!.map(Number);
      expect(red!).toBeGreaterThan(150);
      expect(green!).toBeLessThan(80);
      expect(blue!).toBeLessThan(80);
      await screenshot(page, "dummy-dashboard");

      for (const [child, title] of [
        ["vitality-score", "Strategic Vitality Score"],
        ["profile", "Profile"],
        ["queries/querie3", "Subspecialty Mix"],
      ] as const) {
        await page.goto(`/dummy/${orgId}/${child}`);
        await page.getByRole("heading", { name: title, exact: true }).waitFor();
        await page.getByText("logged in as agent").waitFor();
        await screenshot(page, `dummy-${child.replaceAll("/", "-")}`);
      }

      await page.getByRole("link", { name: "Back to administration" }).click();
      await page.waitForURL(`${server.baseUrl}/administration/customers`);
    },
    TEST_TIMEOUT_MS,
  );
});

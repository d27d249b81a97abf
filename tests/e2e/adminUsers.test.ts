import { describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { pageApi } from "./support/pageApi.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_EMAIL, type RunningServer } from "./support/server.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * The customer overview's Users table against the real server: a site admin adds a new customer's
 * first user (admin), sees the form's and the server's errors, edits the user, blocks and unblocks
 * it; blocking the demo customer's user ends its open session; an agent sees the table without
 * actions. Screenshots in tests/e2e/screenshots/admin-users-*.png.
 */

requireChromium("back-office users");

const CLINIC = "Users Test Clinic";
const DEMO = "Demo Orthopaedics";
const AGENT = { username: "readeragent", email: "reader.agent@example.com", password: "Reader-Agent!1" };

describe.skipIf(!chromiumAvailable)("back office: the Users table", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let clinicUrl = "";

  useServerAndPage({
    prepare: async (suite) => {
      ({ server, browser, page } = suite);
    },
  });

  async function shot(target: Page, name: string) {
    await target.evaluate(() => window.scrollTo(0, 0));
    await screenshot(target, name);
  }

  async function staffSignIn(target: Page, username: string, password: string) {
    await target.goto("/administration/signin");
    await target.getByLabel("Username").fill(username);
    await target.getByLabel("Password", { exact: true }).fill(password);
    await target.getByLabel("Password", { exact: true }).press("Enter");
    await target.waitForURL(`${server.baseUrl}/administration/customers`);
  }

  /** One API call with the page's session and CSRF cookie, answering the HTTP status. */
  const apiCall = async (target: Page, method: string, path: string, body: unknown) =>
    (await pageApi(target, method, path, body)).status;

  const userRow = (target: Page, name: string): Locator =>
    target.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: name });

  async function openCustomer(name: string) {
    await page.goto("/administration/customers");
    await page.getByRole("row").filter({ hasText: name }).getByRole("cell", { name, exact: true }).click();
    await page.waitForURL(/\/administration\/customers\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name, exact: true }).waitFor();
    await page.getByRole("heading", { name: "Users", exact: true }).waitFor();
  }

  test("a new customer's first user is added as its admin; the form and the server say what is wrong", async () => {
    await staffSignIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Add customer" }).click();
    const newCustomer = page.getByRole("dialog", { name: "New customer" });
    await newCustomer.getByLabel("Name").fill(CLINIC);
    await newCustomer.getByLabel("Address").fill("1 Monument Circle");
    await newCustomer.getByLabel("City, State").fill("Indianapolis, IN");
    await newCustomer.getByLabel("Zip code").fill("46204");
    await newCustomer.getByRole("button", { name: "Save" }).click();
    await newCustomer.waitFor({ state: "hidden" });
    await openCustomer(CLINIC);
    clinicUrl = page.url();

    // No user yet: the add control shows although the organisation is not initialized.
    await page.getByText("INITIALIZATION").waitFor();
    await page.getByText("You need to add at least one user").waitFor();
    await shot(page, "admin-users-empty");
    await page.getByRole("button", { name: "Add user" }).click();

    const dialog = page.getByRole("dialog", { name: "Add user" });
    await dialog.waitFor();
    const save = dialog.getByRole("button", { name: "Save" });
    expect(await save.isDisabled()).toBe(true);
    // The first user is the admin: the other status is not offered.
    expect(await dialog.getByRole("radio", { name: "Admin" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "Assistant" }).isDisabled()).toBe(true);

    await dialog.getByLabel("Name").fill("Ann Lee");
    await dialog.getByLabel("Email").fill("ann.lee@");
    await dialog.getByText("Please fill out this field or verify it is an e-mail address.").waitFor();
    expect(await save.isDisabled()).toBe(true);
    await shot(page, "admin-users-form-invalid");

    // An address that already has an account: the server's answer shows beside the field.
    await dialog.getByLabel("Email").fill(DEMO_EMAIL);
    await save.click();
    await dialog.getByText("this address already has an account").waitFor();
    await shot(page, "admin-users-form-taken");

    await dialog.getByLabel("Email").fill("ann.lee@example.com");
    expect(await dialog.getByText("this address already has an account").count()).toBe(0);
    await save.click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Ann Lee (ann.lee@example.com) is added.").waitFor();
    const row = userRow(page, "ann.lee@example.com");
    await row.getByRole("cell", { name: "admin", exact: true }).waitFor();
    await row.getByText("Active", { exact: true }).waitFor();
    // One user and not initialized: no further user can be added yet.
    expect(await page.getByRole("button", { name: "Add user" }).count()).toBe(0);
    await page.getByText("More users once initialized").waitFor();
    await shot(page, "admin-users-added");
  }, 60_000);

  test("editing renames the user; the status the user does not have is disabled", async () => {
    await page.getByRole("button", { name: "Edit Ann Lee" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Ann Lee" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Email").isDisabled()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "Admin" }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "Assistant" }).isDisabled()).toBe(true);

    await dialog.getByLabel("Name").fill("  ");
    await dialog.getByText("Please fill out this field").waitFor();
    expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await dialog.getByLabel("Name").fill("Ann Lee-Smith");
    await shot(page, "admin-users-edit");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await userRow(page, "ann.lee@example.com")
      .getByRole("cell", { name: "Ann Lee-Smith", exact: true })
      .waitFor();

    // The change is stored, not only shown: a reload reads it back.
    await page.reload();
    await userRow(page, "ann.lee@example.com")
      .getByRole("cell", { name: "Ann Lee-Smith", exact: true })
      .waitFor();
  }, 30_000);

  test("block asks first, then the access badge reads Blocked; unblock makes it Active again", async () => {
    const row = userRow(page, "ann.lee@example.com");
    await row.getByRole("button", { name: "Block Ann Lee-Smith" }).click();
    const confirm = page.getByRole("dialog", { name: "Block Ann Lee-Smith" });
    await confirm.getByText("their open sessions end now").waitFor();
    await shot(page, "admin-users-block-confirm");
    await confirm.getByRole("button", { name: "Block", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await row.getByText("Blocked", { exact: true }).waitFor();
    await page.getByText("Ann Lee-Smith is blocked; their sessions have ended.").waitFor();
    await shot(page, "admin-users-blocked");

    await row.getByRole("button", { name: "Unblock Ann Lee-Smith" }).click();
    await row.getByText("Active", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Block Ann Lee-Smith" }).waitFor();
    await page.reload();
    await userRow(page, "ann.lee@example.com").getByText("Active", { exact: true }).waitFor();
  }, 30_000);

  test("blocking the demo customer's user ends its open session; unblocked, it signs in again", async () => {
    const customer = await browser.newContext({ baseURL: server.baseUrl, reducedMotion: "reduce" });
    try {
      const tab = await customer.newPage();
      await signInDemoCustomer(tab, server);
      const sessionCheck = () =>
        tab.evaluate(async () => (await fetch("/api/management/customer/detail/")).status);
      expect(await sessionCheck()).toBe(200);

      await openCustomer(DEMO);
      const row = userRow(page, DEMO_EMAIL);
      await row.getByRole("button", { name: "Block Demo Admin" }).click();
      await page
        .getByRole("dialog", { name: "Block Demo Admin" })
        .getByRole("button", { name: "Block" })
        .click();
      await row.getByText("Blocked", { exact: true }).waitFor();
      expect(await sessionCheck()).toBe(401);

      await row.getByRole("button", { name: "Unblock Demo Admin" }).click();
      await row.getByText("Active", { exact: true }).waitFor();
      // The ended session stays ended; a new sign-in link works again.
      expect(await sessionCheck()).toBe(401);
      await signInDemoCustomer(tab, server);
      expect(await sessionCheck()).toBe(200);
    } finally {
      await customer.close();
    }
  }, 60_000);

  test("an agent reads the Users table without actions", async () => {
    expect(await apiCall(page, "POST", "/api/management/admin/detail/", AGENT)).toBe(200);
    const emptyClinic = "Empty Users Clinic";
    expect(
      await apiCall(page, "POST", "/api/management/customer/organization/", {
        organization: { name: emptyClinic, address: "2 Main St", locale: "Carmel, IN", locale_zip: "46032" },
      }),
    ).toBe(200);

    const agentContext = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1440, height: 900 },
      reducedMotion: "reduce",
    });
    try {
      const agent = await agentContext.newPage();
      await staffSignIn(agent, AGENT.username, AGENT.password);
      await agent.goto(clinicUrl);
      const row = userRow(agent, "ann.lee@example.com");
      await row.getByText("Active", { exact: true }).waitFor();
      expect(await agent.getByRole("columnheader", { name: "Actions" }).count()).toBe(0);
      expect(await agent.getByRole("button", { name: /^(Edit|Block|Unblock) / }).count()).toBe(0);
      await shot(agent, "admin-users-agent");

      // A customer without users: a site admin would see 'Add user' here, an agent does not.
      const list = await pageApi(page, "POST", "/api/management/admin/organization/", {});
      const { organizations } = list.body as { organizations: { id: string; name: string }[] };
      const id = organizations.find((organization) => organization.name === emptyClinic)?.id;
      expect(id).toBeString();
      await agent.goto(`/administration/customers/${id}`);
      await agent.getByText("You need to add at least one user").waitFor();
      expect(await agent.getByRole("button", { name: "Add user" }).count()).toBe(0);
      await page.goto(`/administration/customers/${id}`);
      await page.getByRole("button", { name: "Add user" }).waitFor();
    } finally {
      await agentContext.close();
    }
  }, 60_000);
});

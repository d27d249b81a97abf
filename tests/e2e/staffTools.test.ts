import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { pageApi } from "./support/pageApi.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_EMAIL, type RunningServer } from "./support/server.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * The staff tools against the real server: Parameters (add an agent under the rules, remove one),
 * an agent's navigation without Advisory board, Contents, Parameters and Mailbox, and the Mailbox
 * sending a mail that lands in the server's dev outbox and rings the customer's bell. Screenshots
 * in tests/e2e/screenshots/staff-tools-*.png, at 1280 and 390 px.
 */

requireChromium("staff tools");

const AGENT = { username: "Fieldagent", email: "field.agent@example.com", password: "Field-Agent!1" };
const REMOVABLE = { username: "Shortlived", email: "short.lived@example.com", password: "Short-Lived!1" };
const SUBJECT = "Your 2024 market review";
const MESSAGE = "Hello Demo team,\nyour review is ready.\nVitality Support";

describe.skipIf(!chromiumAvailable)("back office: Parameters and Mailbox", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let customerContext: BrowserContext | undefined;
  let customer: Page;

  useServerAndPage({
    viewport: { width: 1280, height: 900 },
    // The web build and the demo seed take minutes on a loaded machine.
    hookTimeoutMs: 480_000,
    startTimeoutMs: 420_000,
    actionTimeoutMs: 30_000,
    prepare: async (suite) => {
      ({ server, browser, page } = suite);
    },
  });

  async function shot(target: Page, name: string) {
    await target.evaluate(() => window.scrollTo(0, 0));
    await screenshot(target, name);
  }

  /** The same screen at phone width, then back to desktop. */
  async function phoneShot(target: Page, name: string) {
    await target.setViewportSize({ width: 390, height: 844 });
    await shot(target, name);
    await target.setViewportSize({ width: 1280, height: 900 });
  }

  async function staffSignIn(target: Page, username: string, password: string) {
    await target.goto("/administration/signin");
    await target.getByLabel("Username").fill(username);
    await target.getByLabel("Password", { exact: true }).fill(password);
    await target.getByLabel("Password", { exact: true }).press("Enter");
    await target.waitForURL(`${server.baseUrl}/administration/customers`);
  }

  /** The dialog's password input (its label also names the show-password toggle). */
  const passwordOf = (dialog: Locator) => dialog.locator("input").and(dialog.getByLabel("Password"));

  const agentsTable = () => page.getByRole("table", { name: "Agents" });

  async function addAgent(agent: typeof AGENT) {
    await page.getByRole("button", { name: "Add agent" }).click();
    const dialog = page.getByRole("dialog", { name: "New agent" });
    await dialog.getByLabel("Username").fill(agent.username);
    await dialog.getByLabel("Email").fill(agent.email);
    await passwordOf(dialog).fill(agent.password);
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.waitFor({ state: "hidden" });
    await agentsTable().getByRole("cell", { name: agent.email, exact: true }).waitFor();
  }

  test("Parameters: the empty list, the dialog's rules, an agent added and the dialog reset", async () => {
    await staffSignIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByRole("navigation", { name: "Administration" }).getByText("Parameters").click();
    await page.waitForURL(`${server.baseUrl}/administration/settings/parameters`);
    await page.getByText("You need to add at least one user").waitFor();
    await shot(page, "staff-tools-parameters-empty");

    await page.getByRole("button", { name: "Add agent" }).click();
    const dialog = page.getByRole("dialog", { name: "New agent" });
    const submit = dialog.getByRole("button", { name: "Submit" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Username").fill("Field7");
    await dialog.getByText("must be at least 8 characters").waitFor();
    await dialog.getByLabel("Username").fill("Fieldagent7");
    await dialog.getByText("must contain letters only").waitFor();
    await dialog.getByLabel("Email").fill("field.agent@");
    await dialog.getByText("Please fill out this field or verify it is an e-mail address.").waitFor();
    await passwordOf(dialog).fill("fieldagent!1");
    await dialog.getByText("must contain an upper case letter").waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await shot(page, "staff-tools-parameters-dialog-invalid");

    // The admin's own e-mail: the rules hold, the server refuses it on the field.
    await dialog.getByLabel("Username").fill(AGENT.username);
    await passwordOf(dialog).fill(AGENT.password);
    const adminEmail = await page.evaluate(
      async () => (await (await fetch("/api/management/admin/detail/")).json()).profile.email as string,
    );
    await dialog.getByLabel("Email").fill(adminEmail);
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await dialog.getByText("An account with this email already exists.").waitFor();
    await shot(page, "staff-tools-parameters-dialog-taken");

    await dialog.getByLabel("Email").fill(AGENT.email);
    await submit.click();
    await dialog.waitFor({ state: "hidden" });
    const row = agentsTable().getByRole("row").filter({ hasText: AGENT.email });
    await row.getByRole("cell", { name: AGENT.username, exact: true }).waitFor();
    expect(await page.getByText("You need to add at least one user").count()).toBe(0);

    // Opened again, the dialog is empty.
    await page.getByRole("button", { name: "Add agent" }).click();
    expect(await dialog.getByLabel("Username").inputValue()).toBe("");
    expect(await dialog.getByLabel("Email").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Stored, not only shown: a reload reads the list from the server.
    await page.reload();
    await agentsTable().getByRole("cell", { name: AGENT.email, exact: true }).waitFor();
  }, 90_000);

  test("Parameters: an agent is removed after a confirmation", async () => {
    await addAgent(REMOVABLE);
    await shot(page, "staff-tools-parameters");
    await phoneShot(page, "staff-tools-parameters-390");
    await page.getByRole("button", { name: `Remove ${REMOVABLE.username}` }).click();
    const confirm = page.getByRole("dialog", { name: `Remove ${REMOVABLE.username}` });
    await confirm.getByText("can no longer sign in").waitFor();
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await confirm.waitFor({ state: "hidden" });
    await agentsTable().getByText(REMOVABLE.email).waitFor({ state: "detached" });
    await page.reload();
    await agentsTable().getByRole("cell", { name: AGENT.email, exact: true }).waitFor();
    expect(await agentsTable().getByText(REMOVABLE.email).count()).toBe(0);
  }, 60_000);

  test("the agent signs in and sees none of Advisory board, Contents, Parameters, Mailbox", async () => {
    const agentContext = await browser.newContext({ baseURL: server.baseUrl, reducedMotion: "reduce" });
    try {
      const agent = await agentContext.newPage();
      await staffSignIn(agent, AGENT.username, AGENT.password);
      const nav = agent.getByRole("navigation", { name: "Administration" });
      await nav.getByText("Customers").waitFor();
      await nav.getByText("Helpcenter").waitFor();
      for (const hidden of ["Advisory board", "Contents", "Parameters", "Mailbox"]) {
        expect(await nav.getByText(hidden).count()).toBe(0);
      }
      // Typing the address does not open them either.
      for (const path of ["/administration/settings/parameters", "/administration/mailbox"]) {
        await agent.goto(path);
        await agent.waitForURL(`${server.baseUrl}/administration/customers`);
      }
      await shot(agent, "staff-tools-agent-navigation");
      // The removed agent cannot sign in.
      await pageApi(agent, "POST", "/api/admin/logout/", undefined);
      await agent.goto("/administration/signin");
      await agent.getByLabel("Username").fill(REMOVABLE.username);
      await agent.getByLabel("Password", { exact: true }).fill(REMOVABLE.password);
      await agent.getByLabel("Password", { exact: true }).press("Enter");
      await Bun.sleep(1000);
      expect(agent.url()).toBe(`${server.baseUrl}/administration/signin`);
    } finally {
      await agentContext.close();
    }
  }, 60_000);

  test("Mailbox: Send waits for all four fields; the mail reaches the outbox and the customer's bell", async () => {
    // The customer is signed in first: the notification arrives live on their open page.
    customerContext = await browser.newContext({
      baseURL: server.baseUrl,
      reducedMotion: "reduce",
      viewport: { width: 1280, height: 900 },
    });
    customer = await customerContext.newPage();
    await signInDemoCustomer(customer, server);

    await page.getByRole("navigation", { name: "Administration" }).getByText("Mailbox").click();
    await page.waitForURL(`${server.baseUrl}/administration/mailbox`);
    const send = page.getByRole("button", { name: "Send" });
    expect(await send.isDisabled()).toBe(true);
    await shot(page, "staff-tools-mailbox-empty");

    await page.getByRole("combobox", { name: "Sender" }).click();
    await page.getByRole("option", { name: "Vitality Support <support@vitality.local>" }).click();
    await page.getByRole("combobox", { name: "Organisation" }).click();
    await page.getByRole("option", { name: "Demo Orthopaedics" }).click();
    await page.getByRole("button", { name: "Add all users of this organisation" }).click();
    await page.getByText(DEMO_EMAIL).first().waitFor();
    await page.getByLabel("Subject").fill(SUBJECT);
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel("Message").fill(MESSAGE);
    expect(await send.isDisabled()).toBe(false);
    await shot(page, "staff-tools-mailbox");
    await phoneShot(page, "staff-tools-mailbox-390");

    const sentAt = Date.now() - 1000;
    await send.click();
    const success = page.getByRole("status").filter({ hasText: "Your e-mail was sent to 1 recipient." });
    await success.waitFor();
    await shot(page, "staff-tools-mailbox-sent");
    // The form is cleared, Send disabled again; the box goes after 5 seconds.
    expect(await page.getByLabel("Subject").inputValue()).toBe("");
    expect(await page.getByLabel("Message").inputValue()).toBe("");
    expect(await send.isDisabled()).toBe(true);
    await success.waitFor({ state: "hidden", timeout: 8000 });

    // The mail as the outbox holds it (the server runs without SMTP_URL).
    const outbox = join(server.dataDir, "outbox");
    const newest = readdirSync(outbox)
      .filter((name) => name.endsWith(".eml") && statSync(join(outbox, name)).mtimeMs >= sentAt)
      .map((name) => join(outbox, name));
    const mails = await Promise.all(newest.map(async (path) => simpleParser(readFileSync(path))));
    const mail = mails.find((candidate) => candidate.subject === SUBJECT);
    expect(mail?.from?.value).toEqual([{ name: "Vitality Support", address: "support@vitality.local" }]);
    expect(mail?.to && "value" in mail.to ? mail.to.value.map((to) => to.address) : []).toEqual([DEMO_EMAIL]);
    expect(mail?.text?.trim()).toBe(MESSAGE);

    // The customer's bell: live on the open page, then stored across a reload.
    const expected = `New e-mail from Vitality Support: ${SUBJECT}`;
    // (Its 5-second toast has gone by now: the bell keeps it.)
    await customer.getByRole("button", { name: "Notifications" }).click();
    await customer.getByRole("dialog").getByText(expected).waitFor();
    await customer.reload();
    await customer.getByRole("button", { name: "Notifications" }).click();
    await customer.getByRole("dialog").getByText(expected).waitFor();
    await shot(customer, "staff-tools-customer-bell");
    const dismiss = customer.getByRole("button", { name: `Dismiss ${expected}` });
    await dismiss.click();
    // The bell drops it once the server has deleted it.
    await dismiss.waitFor({ state: "detached" });
    await customer.reload();
    await customer.getByRole("button", { name: "Notifications" }).click();
    await Bun.sleep(300);
    expect(await customer.getByText(expected).count()).toBe(0);
    await customerContext.close();
  }, 120_000);
});

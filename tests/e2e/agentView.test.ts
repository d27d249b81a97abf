import { describe, expect, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { chromiumAvailable, requireChromium } from "./support/browser.ts";
import { pageApi } from "./support/pageApi.ts";
import type { RunningServer } from "./support/server.ts";
import { shot, signInStaff } from "./support/staffYear.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * An agent's view of the back office (docs/roles.md): it opens a customer and one of its years by
 * URL and reads them, with none of the controls whose calls the role table refuses it; a screen it
 * may not use redirects. The site admin's view of the same pages is the control: the same controls
 * are there for it. Screenshots in tests/e2e/screenshots/agent-view-*.png, at 1280 and 390 px.
 */

requireChromium("agent view");

const AGENT = { username: "Readeragent", email: "reader.agent@example.com", password: "Reader-Agent!1" };
const YEAR = 2023;

/** Buttons that make a call agents may not make (each gated by the staff member's permissions). */
const WRITE_CONTROLS = [
  "Run",
  "Run again",
  "Validate anyway",
  "Generate",
  "Allow user",
  "Review",
  "Active",
  "Enabled this year",
  "Prelaunch queries",
  "Delete this year",
  "Edit",
  "Delete",
  "Add service area",
  "Add user",
  "Request a year of data",
];

async function writeControlsOn(page: Page): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const name of WRITE_CONTROLS) {
    const count = await page.getByRole("button", { name, exact: true }).count();
    if (count > 0) found[name] = count;
  }
  const fileInputs = await page.locator('input[type="file"]').count();
  if (fileInputs > 0) found["file input"] = fileInputs;
  return found;
}

describe.skipIf(!chromiumAvailable)("back office: what an agent sees", () => {
  let server: RunningServer;
  let page: Page;
  let agentContext: BrowserContext;
  let agent: Page;
  let demoId = "";

  useServerAndPage({
    viewport: { width: 1280, height: 900 },
    hookTimeoutMs: 480_000,
    startTimeoutMs: 420_000,
    actionTimeoutMs: 30_000,
    prepare: async (suite) => {
      ({ server, page } = suite);
      await signInStaff(page, server.baseUrl);
      const added = await pageApi(page, "POST", "/api/management/admin/detail/", AGENT);
      if (added.status !== 200) throw new Error(`agent not added: ${JSON.stringify(added.body)}`);
      const list = await pageApi(page, "POST", "/api/management/admin/organization/", {});
      const organisations = (list.body as { organizations: { id: string; name: string }[] }).organizations;
      demoId = organisations.find((organisation) => organisation.name === "Demo Orthopaedics")?.id ?? "";
      agentContext = await suite.browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 900 },
        reducedMotion: "reduce",
      });
      agentContext.setDefaultTimeout(30_000);
      agent = await agentContext.newPage();
      await agent.goto("/administration/signin");
      await agent.getByLabel("Username").fill(AGENT.username);
      await agent.getByLabel("Password", { exact: true }).fill(AGENT.password);
      await agent.getByLabel("Password", { exact: true }).press("Enter");
      await agent.waitForURL(`${server.baseUrl}/administration/customers`);
    },
  });

  /** The page at 1280 px, then at 390 px (a phone), then back. */
  async function shots(target: Page, name: string) {
    await shot(target, `${name}-1280`);
    await target.setViewportSize({ width: 390, height: 844 });
    await shot(target, `${name}-390`);
    await target.setViewportSize({ width: 1280, height: 900 });
  }

  test("the customer overview, opened by URL: read, with no control to change it", async () => {
    expect(demoId).not.toBe("");
    await page.goto(`/administration/customers/${demoId}`);
    await page.getByRole("heading", { name: "Demo Orthopaedics" }).waitFor();
    await page.getByText("Customer info").waitFor();
    expect(Object.keys(await writeControlsOn(page)).length).toBeGreaterThan(0); // the site admin's

    await agent.goto(`/administration/customers/${demoId}`);
    await agent.getByRole("heading", { name: "Demo Orthopaedics" }).waitFor();
    await agent.getByText("Customer info").waitFor();
    await agent.getByRole("cell", { name: "demo@example.com" }).first().waitFor();
    expect(await writeControlsOn(agent)).toEqual({});
    await shots(agent, "agent-view-customer");
  });

  test("the year detail, opened by URL: validations and schemes read, none run, accepted or allowed", async () => {
    await page.goto(`/administration/customers/${demoId}/${YEAR}`);
    await page.getByText(`[${YEAR}] Data analysis of Demo Orthopaedics`).waitFor();
    await page.getByRole("heading", { name: "Validations" }).waitFor();
    const forSiteAdmin = await writeControlsOn(page);
    expect(forSiteAdmin.Run ?? forSiteAdmin["Run again"]).toBeGreaterThan(0);

    await agent.goto(`/administration/customers/${demoId}/${YEAR}`);
    await agent.getByText(`[${YEAR}] Data analysis of Demo Orthopaedics`).waitFor();
    await agent.getByRole("heading", { name: "Validations" }).waitFor();
    await agent.getByRole("heading", { name: "Schemes" }).waitFor();
    await agent.locator('[data-validation="facility"]').waitFor();
    expect(await writeControlsOn(agent)).toEqual({});
    await shots(agent, "agent-view-year");
  });

  test("a back-office screen the agent may not use redirects to the customers", async () => {
    for (const path of ["/administration/advisoryboard", "/administration/mailbox"]) {
      await agent.goto(path);
      await agent.waitForURL(`${server.baseUrl}/administration/customers`);
    }
    await agent.getByRole("heading", { name: "Customers" }).waitFor();
    expect(await agent.getByRole("button", { name: "Add customer" }).count()).toBe(0);
    await agentContext.close();
  });
});

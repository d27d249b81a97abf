import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { defaultFaqs } from "../../server/content/defaultFaqs.ts";
import { openDatabase } from "../../server/db/client.ts";
import { organisations } from "../../server/db/schema/index.ts";
import { chromiumAvailable, launchBrowser, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { pageApi } from "./support/pageApi.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, type RunningServer, startServer } from "./support/server.ts";

/**
 * Help centre and Manage contents against the real server: staff add, promote, deactivate and
 * delete questions that the customer then reads in /helpcenter; staff edit the About text and
 * querie1's title, and the customer sees both. Every Vega view (an analysis chart, the back
 * office's Queries usage chart) draws its marks under the strict CSP, with no violation reported.
 * Screenshots at 1280 and 390 px in tests/e2e/screenshots/contents-*.png.
 */

requireChromium("help centre and contents");

const DEMO_SLUG = "demo";
const STARTUP_MS = 420_000;

/** Records the page's CSP violations (the browser's own event) and its console errors. */
async function watchCsp(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** A full-page shot from the top, so the fixed header sits where a person sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** The data marks Vega drew in SVG (bars, arcs, lines, points), axes and legends excluded. */
const markCount = (page: Page, within: string) =>
  page.locator(`${within} svg g.role-mark path, ${within} svg g.role-mark line`).count();

/** The demo organisation initialized (the staff overview shows its usage chart only then). */
async function initializeDemo(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    await database.db
      .update(organisations)
      .set({ initialized: true })
      .where(eq(organisations.slug, DEMO_SLUG));
  } finally {
    await database.close();
  }
}

describe.skipIf(!chromiumAvailable)("help centre and contents", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "vitality-e2e-contents-"));
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const consoleErrors: string[] = [];
  let staff: Page;
  let customer: Page;

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width, height: 900 },
      reducedMotion: "reduce",
    });
    contexts.push(context);
    // Generous: the machine running the suite may be busy (navigation waits share this timeout).
    context.setDefaultTimeout(45_000);
    await watchCsp(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`[e2e] page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    return page;
  }

  beforeAll(
    async () => {
      browser = await launchBrowser();
      // The demo with its reviewed years enabled: a customer reads (and its usage counts) enabled years only.
      server = await startServer({ dataDir, startTimeoutMs: STARTUP_MS, demoAnalyses: true });
      const probe = await fetch(`${server.baseUrl}/api/health`);
      expect(probe.ok).toBe(true);
      // If the seed leaves the demo organisation in set-up, initialize it and start again on the same data.
      await server.stop();
      await initializeDemo(dataDir);
      server = await startServer({ dataDir, startTimeoutMs: STARTUP_MS, demoAnalyses: true });

      staff = await newPage();
      await staff.goto("/administration/signin");
      await staff.getByLabel("Username").fill(ADMIN_USERNAME);
      await staff.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
      await staff.getByLabel("Password", { exact: true }).press("Enter");
      await staff.waitForURL(`${server.baseUrl}/administration/customers`);
    },
    { timeout: 2 * STARTUP_MS + 60_000 },
  );

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const faqRow = (question: string) => staff.getByRole("row").filter({ hasText: question });
  const switchOf = (question: string, flag: "Promote" | "Active") =>
    staff.getByRole("switch", { name: `${flag}: ${question}` });
  /** Mantine draws the switch's track over its (visually hidden) input: a person clicks the track. */
  const toggle = (question: string, flag: "Promote" | "Active") =>
    switchOf(question, flag).click({ force: true });

  async function addFaq(question: string, answer: string) {
    await staff.getByRole("button", { name: "Add new faq" }).click();
    const dialog = staff.getByRole("dialog", { name: "New FAQ" });
    await dialog.waitFor();
    const submit = dialog.getByRole("button", { name: "Submit" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Question").fill(question);
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Answer").fill(answer);
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    // Closed once the add has completed, and the new question is in the table.
    await dialog.waitFor({ state: "hidden" });
    await faqRow(question).waitFor();
  }

  test("staff add, promote, deactivate and delete questions; each toggle is saved at once", async () => {
    await staff.goto("/administration/helpcenter");
    await staff.getByRole("heading", { name: "Helpcenter", exact: true }).waitFor();
    for (const header of ["Question", "Answer", "Promote", "Active", "Action"]) {
      await staff.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    // Cancel leaves nothing behind.
    await staff.getByRole("button", { name: "Add new faq" }).click();
    const dialog = staff.getByRole("dialog", { name: "New FAQ" });
    await dialog.getByLabel("Question").fill("Never added");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    await addFaq("How do I read my market share?", "Open Sx Market Share from Competitive Comparison.");
    await addFaq("Who reviews my data?", "Our analysts review every file before the analyses open.");
    await addFaq("Where is the old price list?", "It is gone.");
    await addFaq("Temporary question", "To be deleted.");
    expect(await staff.getByText("Never added").count()).toBe(0);

    // Promote on: saved at once, active stays on.
    await toggle("Who reviews my data?", "Promote");
    await staff.waitForFunction(
      () =>
        (document.querySelector('[aria-label="Promote: Who reviews my data?"]') as HTMLInputElement | null)
          ?.checked === true,
    );
    // Promote on for an inactive question forces it active: first deactivate, then promote.
    await toggle("Where is the old price list?", "Active");
    await staff.waitForFunction(
      () =>
        (
          document.querySelector(
            '[aria-label="Active: Where is the old price list?"]',
          ) as HTMLInputElement | null
        )?.checked === false,
    );
    await toggle("Where is the old price list?", "Promote");
    await staff.waitForFunction(
      () =>
        (
          document.querySelector(
            '[aria-label="Active: Where is the old price list?"]',
          ) as HTMLInputElement | null
        )?.checked === true,
    );
    expect(await switchOf("Where is the old price list?", "Promote").isChecked()).toBe(true);
    // Active off forces promote off.
    await toggle("Where is the old price list?", "Active");
    await staff.waitForFunction(
      () =>
        (
          document.querySelector(
            '[aria-label="Promote: Where is the old price list?"]',
          ) as HTMLInputElement | null
        )?.checked === false,
    );
    expect(await switchOf("Where is the old price list?", "Active").isChecked()).toBe(false);

    // Delete asks first.
    await staff.getByRole("button", { name: "Delete: Temporary question" }).click();
    const confirm = staff.getByRole("dialog", { name: "Delete question" });
    await confirm.getByText("Validate the deletion of 'Temporary question'").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await faqRow("Temporary question").waitFor({ state: "detached" });

    // What the server holds after a reload: the toggles were saved, not only drawn.
    await staff.reload();
    await faqRow("Who reviews my data?").waitFor();
    expect(await switchOf("Who reviews my data?", "Promote").isChecked()).toBe(true);
    expect(await switchOf("Where is the old price list?", "Active").isChecked()).toBe(false);
    expect(await switchOf("Where is the old price list?", "Promote").isChecked()).toBe(false);
    await shot(staff, "contents-admin-helpcenter");
  }, 90_000);

  test("staff edit the About text and querie1's title in Manage contents", async () => {
    await staff.goto("/administration/settings/contents");
    await staff.getByRole("heading", { name: "Manage contents", exact: true }).waitFor();
    for (const title of ["About product", "Licence", "Copyright", "Queries", "Scoring"]) {
      await staff.getByRole("heading", { name: title, exact: true }).waitFor();
    }
    // The editors start from the stored texts.
    const about = staff.getByRole("region", { name: "About product" }).locator(".ProseMirror");
    await about.getByText("Vitality measures the market position").waitFor();

    await about.click();
    await staff.keyboard.press("ControlOrMeta+A");
    await staff.keyboard.type("Vitality by the E2E team: market analytics for orthopaedic practices.");
    const aboutBlock = staff.getByRole("region", { name: "About product" });
    await aboutBlock.getByRole("button", { name: "Update" }).click();
    await staff.getByText("About product updated.").waitFor();
    await aboutBlock.getByRole("button", { name: "Show" }).click();
    const shown = staff.getByRole("dialog", { name: "About product" });
    await shown.getByText("Vitality by the E2E team").waitFor();
    await shot(staff, "contents-admin-about-show");
    await staff.keyboard.press("Escape");
    await shown.waitFor({ state: "hidden" });

    // Eleven query panels (querie11 is listed like the ten), three per row: the tenth and the
    // eleventh on the last row.
    const panels = staff.locator("[data-panel^='querie']");
    expect(await panels.count()).toBe(11);
    const tops = await panels.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().top)),
    );
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0]!);
    expect(tops[9]).toBeGreaterThan(tops[8]!);
    expect(tops[10]).toBe(tops[9]!);
    // querie4 has all four of its chart and table titles.
    for (const field of [
      "title",
      "description",
      "chart_title1",
      "chart_title2",
      "table_title1",
      "table_title2",
    ]) {
      await staff.locator(`[data-field="querie4.${field}"]`).waitFor();
    }

    const title = staff.locator('[data-field="querie1.title"]');
    await title.fill("");
    const queries = staff.getByRole("region", { name: "Queries" });
    expect(await queries.getByRole("button", { name: "Update" }).isDisabled()).toBe(true);
    await title.fill("Surgical share, edited");
    await staff.locator('[data-field="querie1.chart_title1"]').fill("Facilities, edited");
    // The findings' sentences are folded under each panel's titles; their words are named.
    await staff.locator('[data-findings="querie1"] summary').click();
    const share = staff.locator('[data-field="querie1.insight_share"]');
    await staff
      .getByText("Words: {area}, {share}, {lines}, {cases}, {total}. Empty: the sentence is left out.")
      .waitFor();
    await share.fill("Edited: you performed {share} of the {lines} in your {area}.");
    await queries.getByRole("button", { name: "Update" }).click();
    await staff.getByText("Queries updated.").waitFor();

    const scoring = staff.getByRole("region", { name: "Scoring" });
    await scoring.locator('[data-field="scoring.partnerships_text"]').waitFor();
    await shot(staff, "contents-admin-contents");

    // Stored: what any reader gets back.
    const settings = await pageApi(staff, "GET", "/api/management/admin/sitesettings/", undefined);
    const body = settings.body as {
      contents: { aboutText: string };
      queries: { querie1: { title: string; insight_share: string } };
    };
    expect(body.contents.aboutText).toBe(
      "<p>Vitality by the E2E team: market analytics for orthopaedic practices.</p>",
    );
    expect(body.queries.querie1.title).toBe("Surgical share, edited");
    expect(body.queries.querie1.insight_share).toBe(
      "Edited: you performed {share} of the {lines} in your {area}.",
    );
  }, 90_000);

  test("the customer reads the active questions, promoted first, the new About text and querie1's title", async () => {
    customer = await newPage();
    await signInDemoCustomer(customer, server);
    await customer.goto("/helpcenter");
    await customer.getByRole("heading", { name: "Help Center", exact: true }).waitFor();
    const questions = customer.locator(".mantine-Accordion-control");
    await questions.first().waitFor();
    // The promoted one first, then the questions published at the first start (defaultFaqs.ts),
    // then the others in the order staff added them; the inactive and the deleted ones are absent.
    expect(await questions.allInnerTexts()).toEqual([
      "Who reviews my data?",
      ...defaultFaqs.map((faq) => faq.question),
      "How do I read my market share?",
    ]);
    await questions.first().click();
    await customer.getByText("Our analysts review every file before the analyses open.").waitFor();
    await shot(customer, "contents-client-helpcenter");

    await customer.getByRole("button", { name: "Menu", exact: true }).click();
    await customer.getByRole("menuitem", { name: "About product" }).click();
    await customer
      .getByRole("dialog", { name: "About product" })
      .getByText("Vitality by the E2E team: market analytics for orthopaedic practices.")
      .waitFor();
    await customer.keyboard.press("Escape");

    await customer.goto("/queries/querie1");
    await customer.getByRole("heading", { name: "Surgical share, edited" }).waitFor();
    const chart = customer.locator('section[aria-label="Facilities, edited"]');
    await chart.waitFor();
    await chart.locator("svg g.role-mark path").first().waitFor({ state: "attached", timeout: 30_000 });
    expect(await markCount(customer, 'section[aria-label="Facilities, edited"]')).toBeGreaterThan(0);
    // The finding's first sentence in staff's words, with the answer's figures.
    const answer = await pageApi(customer, "POST", "/api/management/queries/querie1/", { filters: {} });
    const [first] = (answer.body as { insights: { text: string; figures: Record<string, number> }[] })
      .insights;
    const share = first!.figures["results.customer_market_share.market_share"]!;
    expect(first!.text.startsWith(`Edited: you performed ${share.toFixed(1)}% of the `)).toBe(true);
    await customer.getByText(first!.text, { exact: true }).waitFor();
    await shot(customer, "contents-client-querie1");
    expect(await cspViolations(customer)).toEqual([]);
  }, 150_000);

  test("the staff 'Queries usage' chart draws its lines under the strict CSP", async () => {
    const page = await staff.goto("/administration/customers");
    const policy = page?.headers()["content-security-policy"] ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("unsafe-eval");

    const row = staff.getByRole("row").filter({ hasText: "Demo Orthopaedics" });
    await row.getByRole("cell", { name: "Demo Orthopaedics", exact: true }).click();
    await staff.waitForURL(/\/administration\/customers\/[0-9a-f-]{36}$/);
    const orgId = new URL(staff.url()).pathname.split("/").pop() ?? "";
    const detail = await pageApi(staff, "POST", "/api/management/admin/organization/", { id: orgId });
    expect((detail.body as { organization: { initialized: boolean } }).organization.initialized).toBe(true);
    // The customer's run above is logged in a batch about a second later; reload until it shows.
    const heading = staff.getByRole("heading", { name: "Queries usage" });
    await heading.waitFor();
    const panel = staff.locator(".mantine-Paper-root").filter({ has: heading });
    for (let attempt = 0; attempt < 8 && (await panel.locator("svg").count()) === 0; attempt++) {
      await Bun.sleep(1500);
      await staff.reload();
      await heading.waitFor();
    }
    await screenshot(staff, "contents-admin-usage-chart-wait");
    const marks = panel.locator("svg g.role-mark path, svg g.role-mark line");
    await marks.first().waitFor({ state: "attached", timeout: 15_000 });
    expect(await marks.count()).toBeGreaterThan(0);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(staff, "contents-admin-usage-chart");

    expect(await cspViolations(staff)).toEqual([]);
    expect(
      consoleErrors.filter((text) => /Content Security Policy|unsafe-eval|EvalError/i.test(text)),
    ).toEqual([]);
  }, 150_000);

  test("phone width (390 px): the help centre of both areas and Manage contents", async () => {
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.goto("/administration/helpcenter");
    await faqRow("Who reviews my data?").waitFor();
    await shot(staff, "contents-admin-helpcenter-390");
    await staff.goto("/administration/settings/contents");
    await staff.locator(".ProseMirror").first().waitFor();
    await shot(staff, "contents-admin-contents-390");
    await customer.setViewportSize({ width: 390, height: 844 });
    await customer.goto("/helpcenter");
    await customer.locator(".mantine-Accordion-control").first().waitFor();
    await shot(customer, "contents-client-helpcenter-390");
    expect(await cspViolations(staff)).toEqual([]);
    expect(await cspViolations(customer)).toEqual([]);
  }, 60_000);
});

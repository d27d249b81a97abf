import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { insertWaitingQuestionnaire } from "../../schemes/questionnaire/store.ts";
import { DEMO_SLUG } from "../../server/bootstrap/demoOrganisation.ts";
import { openDatabase } from "../../server/db/client.ts";
import { organisations } from "../../server/db/schema/index.ts";
import { chromiumAvailable, launchBrowser, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { pageApi } from "./support/pageApi.ts";
import { type RunningServer, startServer } from "./support/server.ts";

/**
 * The customer's questionnaire as issue 19 walked it: a number field answered NA (as the text says),
 * a reload in the middle (the draft kept on the server brings the answers and the step back), a
 * malformed number on step 17 shown beside its field with the focus moved to it, then Submit, after
 * which no draft is left. Screenshots: tests/e2e/screenshots/questionnaire-draft-*.png.
 */

requireChromium("questionnaire draft");

const YEAR = 2025;
const STARTUP_MS = 420_000;
const NUMBER_MESSAGE = "Please fill out this field or verify number format.";

/** The answers every submission needs (steps 7, 9, 11 and 12), as an earlier visit's draft holds them. */
const REQUIRED = {
  local_athletic_organizations: "Central High",
  incentive_based_compensation: "No",
  communication_with_pcps: "Yes",
  educational_care_coordination_discussions: "No",
  facility_services: ["X-Ray"],
  site_of_care_selection: "No",
  blue_distinction_center: "No",
};

async function openDemoQuestionnaire(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [demo] = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.slug, DEMO_SLUG));
    if (!demo) throw new Error("The demo organisation is not seeded");
    await insertWaitingQuestionnaire(database.db, demo.id, YEAR);
  } finally {
    await database.close();
  }
}

describe.skipIf(!chromiumAvailable)("the questionnaire's draft, NA answers and errors", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "vitality-e2e-questionnaire-draft-"));
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let section: Locator;

  const stepTitle = () => section.getByTestId("questionnaire-step-title");
  const onStep = (step: number) =>
    stepTitle()
      .filter({ hasText: `Step ${step} of 17:` })
      .waitFor();
  const textOf = (field: string) =>
    section.locator(`[data-question="${field}"] input, [data-question="${field}"] textarea`);
  const next = async (step: number) => {
    await section.getByRole("button", { name: "Next" }).click();
    await onStep(step);
  };
  const focusedQuestion = () =>
    page.evaluate(
      () => document.activeElement?.closest("[data-question]")?.getAttribute("data-question") ?? null,
    );

  beforeAll(
    async () => {
      browser = await launchBrowser();
      server = await startServer({ dataDir, startTimeoutMs: STARTUP_MS });
      await server.stop();
      await openDemoQuestionnaire(dataDir);
      server = await startServer({ dataDir, startTimeoutMs: STARTUP_MS });
      context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 900 },
        reducedMotion: "reduce",
      });
      context.setDefaultTimeout(45_000);
      page = await context.newPage();
      page.on("pageerror", (error) => console.error(`[e2e] page error: ${error.message}`));
      await signInDemoCustomer(page, server);
      section = page.locator("#questionnaire");
    },
    { timeout: 2 * STARTUP_MS + 60_000 },
  );

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("NA answers a number; a reload brings back the answers and the step", async () => {
    await page.goto("/practice-profile");
    await onStep(1);
    for (let step = 2; step <= 6; step++) await next(step);
    await textOf("percentage_pcps_employed").fill("na");
    await next(7); // NA is accepted: Next moves on.
    await textOf("local_athletic_organizations").fill("Central High");
    await section
      .getByTestId("questionnaire-draft")
      .getByText(/Answers saved at/)
      .waitFor();

    await page.reload();
    await onStep(7);
    expect(await textOf("local_athletic_organizations").inputValue()).toBe("Central High");
    await section
      .getByTestId("questionnaire-draft")
      .getByText(/are back/)
      .waitFor();
    await section.getByRole("button", { name: "Back" }).click();
    await onStep(6);
    expect(await textOf("percentage_pcps_employed").inputValue()).toBe("na");
    await screenshot(page, "questionnaire-draft-restored");
  }, 300_000);

  test("a malformed number on step 17 shows beside its field, and the link moves the focus to it", async () => {
    const draft = await pageApi(page, "POST", "/api/management/schemes/questionnaire/draft/", {
      questionnaire: { ...REQUIRED, percentage_pcps_employed: "na" },
      year: YEAR,
      step: 16,
    });
    expect(draft.status).toBe(200);
    await page.reload();
    await onStep(16);
    await next(17);
    await textOf("hip_fracture_surgery_wait_time").fill("abc");
    const question = section.locator('[data-question="hip_fracture_surgery_wait_time"]');
    await question.getByText(NUMBER_MESSAGE).waitFor();
    expect(await section.getByRole("button", { name: "Submit" }).isDisabled()).toBe(true);
    await section
      .getByTestId("questionnaire-missing")
      .getByText(/Answers missing on step/)
      .waitFor();
    await section.getByRole("button", { name: "Go to step 17" }).click();
    await page.waitForFunction(
      () =>
        document.activeElement?.closest("[data-question]")?.getAttribute("data-question") ===
        "hip_fracture_surgery_wait_time",
    );
    expect(await focusedQuestion()).toBe("hip_fracture_surgery_wait_time");
    await screenshot(page, "questionnaire-draft-step17-error");

    await textOf("hip_fracture_surgery_wait_time").fill("36");
    await question.getByText(NUMBER_MESSAGE).waitFor({ state: "hidden" });
    await section.getByRole("button", { name: "Submit" }).click();
    await section
      .getByTestId("questionnaire-status")
      .getByText(/under review by our team/)
      .waitFor();

    const stored = await pageApi(page, "GET", "/api/management/schemes/questionnaire/", undefined);
    const data = (stored.body as { questionnaire: { data: Record<string, unknown> } }).questionnaire.data;
    expect(data.percentage_pcps_employed).toBe("NA");
    expect(data.hip_fracture_surgery_wait_time).toBe("36");
    const after = await pageApi(page, "GET", "/api/management/schemes/questionnaire/draft/", undefined);
    expect(after.body).toEqual({ status: 200, draft: null });
  }, 300_000);
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { QuestionnaireField, QuestionnaireStep } from "../../schemes/questionnaire/fields.ts";
import { questionnaireForm } from "../../schemes/questionnaire/form.ts";
import { insertWaitingQuestionnaire } from "../../schemes/questionnaire/store.ts";
import { DEMO_SLUG } from "../../server/bootstrap/demoOrganisation.ts";
import { openDatabase } from "../../server/db/client.ts";
import { organisations } from "../../server/db/schema/index.ts";
import { type AxeFinding, blockingViolations, describeFindings } from "./support/axe.ts";
import { chromiumAvailable, launchBrowser, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { pageApi } from "./support/pageApi.ts";
import { type RunningServer, startServer } from "./support/server.ts";
import { signInStaff } from "./support/staffYear.ts";

/**
 * The customer's questionnaire with the keyboard alone (issue 13, part 3): the demo's 2025
 * questionnaire is opened to the customer, whose admin Tabs into it from the top of the practice
 * profile and answers the 17 steps with Tab, Shift+Tab, the arrow keys, Space, Enter and typing (no
 * click, no fill): Yes/No radios, selects, checkboxes, text, a display condition, a step refused
 * for a missing answer, Back, Submit. The answers read back through the API are the ones given.
 * axe-core scans the stepper on its first step and on a step with a refused answer, then staff's
 * review modal of the submitted answers. Screenshots: tests/e2e/screenshots/questionnaire-keys-*.png.
 */

requireChromium("questionnaire by keyboard");

const YEAR = 2025;
const STARTUP_MS = 420_000;
const STEPS = questionnaireForm.steps as readonly QuestionnaireStep[];

/**
 * What the keyboard answers, by question (the other questions stay unanswered): every kind of
 * control, the conditions that show ownership_stake, asc_partner_description, reserved spots,
 * fte_navigators and facility_services_textbox, and every question required when shown.
 */
const ANSWERS: Record<string, string | string[]> = {
  ownership_ambulatory_surgical_centers: "Yes",
  ownership_stake: "25-50%",
  asc_partner_description: ["Hospital or health system"],
  own_rehab: "Yes",
  collect_patient_satisfaction_data: "No",
  percentage_pcps_employed: "40",
  negotiated_contracts_procedures: ["Spine"],
  reserved_spots_for_services: "No",
  athletic_trainers_in_community: "No",
  local_athletic_organizations: "Muncie Central High School",
  strategic_plan_updated: "1 to 3 years ago",
  incentive_based_compensation: "No",
  patient_navigators: "Yes",
  fte_navigators: "2.5",
  communication_with_pcps: "Yes",
  educational_care_coordination_discussions: "No",
  facility_services: ["X-Ray", "Other"],
  facility_services_textbox: "Hand therapy",
  site_of_care_selection: "No",
  blue_distinction_center: "No",
  hip_fracture_surgery_wait_time: "24",
};
/** The step where Next is pressed before its required answer is typed. */
const REFUSED_STEP = 7;

interface Focus {
  question: string | null;
  inQuestionnaire: boolean;
  tag: string;
  type: string;
  value: string;
  checked: boolean;
  text: string;
  isStepTitle: boolean;
}

/** What has the keyboard focus: its question, kind, value and visible text. */
const focused = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return {
      question: element?.closest("[data-question]")?.getAttribute("data-question") ?? null,
      inQuestionnaire: Boolean(element?.closest("#questionnaire")),
      tag: element?.tagName ?? "",
      type: element?.type ?? "",
      value: element?.value ?? "",
      checked: Boolean(element?.checked),
      text: (element?.textContent ?? "").trim(),
      isStepTitle: element?.getAttribute("data-testid") === "questionnaire-step-title",
    };
  });

/** Presses Tab (Shift+Tab with `backwards`) until the focus is where `wanted` says; answers the presses. */
async function tabUntil(page: Page, wanted: (focus: Focus) => boolean, what: string, backwards = false) {
  for (let presses = 1; presses <= 400; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (wanted(await focused(page))) return presses;
  }
  throw new Error(`The ${backwards ? "Shift+" : ""}Tab key never reached ${what}`);
}

const tabToButton = (page: Page, name: string, backwards = false) =>
  tabUntil(page, (focus) => focus.tag === "BUTTON" && focus.text === name, `the ${name} button`, backwards);

/** Answers one question from the keyboard, the focus starting before it in the step. */
async function answer(page: Page, field: QuestionnaireField, value: string | string[]) {
  const inQuestion = (focus: Focus) => focus.question === field.name;
  const choices = field.choices ?? [];
  if (field.type === "select" && choices.length <= 2) {
    // A Yes/No radio group: one Tab stop, the arrow keys move and tick, Space ticks the focused one.
    await tabUntil(page, (focus) => inQuestion(focus) && focus.type === "radio", field.name);
    for (let presses = 0; presses < 4; presses++) {
      const focus = await focused(page);
      if (focus.value === value && focus.checked) return;
      await page.keyboard.press(focus.value === value ? "Space" : "ArrowRight");
    }
    throw new Error(`The arrow keys never ticked ${field.name} = ${value}`);
  }
  if (field.type === "select") {
    // A select: ArrowDown opens its list, ArrowDown walks it, Enter picks.
    await tabUntil(page, (focus) => inQuestion(focus) && focus.tag === "INPUT", field.name);
    const label = choices.find((choice) => choice.value === value)?.label ?? String(value);
    await page.keyboard.press("ArrowDown");
    await page.getByRole("listbox").waitFor();
    for (let presses = 0; presses <= choices.length + 1; presses++) {
      const selected = await page.evaluate(
        () => document.querySelector("[role=listbox] [data-combobox-selected]")?.textContent ?? "",
      );
      if (selected === label) break;
      await page.keyboard.press("ArrowDown");
    }
    await page.keyboard.press("Enter");
    await page.getByRole("listbox").waitFor({ state: "hidden" });
    expect((await focused(page)).value).toBe(label);
    return;
  }
  if (field.type === "multiple_choice") {
    for (const ticked of value as string[]) {
      await tabUntil(
        page,
        (focus) => inQuestion(focus) && focus.type === "checkbox" && focus.value === ticked,
        `${field.name}: ${ticked}`,
      );
      await page.keyboard.press("Space");
      expect((await focused(page)).checked).toBe(true);
    }
    return;
  }
  const box = (focus: Focus) => inQuestion(focus) && (focus.tag === "TEXTAREA" || focus.tag === "INPUT");
  if (!box(await focused(page))) await tabUntil(page, box, field.name);
  await page.keyboard.type(value as string);
  expect((await focused(page)).value).toBe(value as string);
}

/** Waits until step `step` is shown and its title holds the focus (where Next and Back put it). */
async function onStep(page: Page, step: number) {
  const title = page.getByTestId("questionnaire-step-title");
  await title.filter({ hasText: `Step ${step} of ${STEPS.length}:` }).waitFor();
  await page.waitForFunction(
    () => document.activeElement?.getAttribute("data-testid") === "questionnaire-step-title",
  );
}

/** The demo's 2025 questionnaire opened to the customer, as staff's Allow does once the year is reviewed. */
async function openDemoQuestionnaire(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [demo] = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.slug, DEMO_SLUG));
    if (!demo) throw new Error("The demo organisation is not seeded");
    await insertWaitingQuestionnaire(database.db, demo.id, YEAR);
    return demo.id;
  } finally {
    await database.close();
  }
}

describe.skipIf(!chromiumAvailable)("the questionnaire with the keyboard alone", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "vitality-e2e-questionnaire-keys-"));
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let demoId = "";
  const findings: AxeFinding[] = [];

  async function scan(target: Page, screen: string) {
    const found = await blockingViolations(target, screen);
    if (found.length > 0) console.log(`[a11y] ${describeFindings(found)}`);
    findings.push(...found);
  }

  beforeAll(
    async () => {
      browser = await launchBrowser();
      // Started once to seed the data folder, stopped to open the questionnaire in it, started again.
      server = await startServer({ dataDir, startTimeoutMs: STARTUP_MS });
      await server.stop();
      demoId = await openDemoQuestionnaire(dataDir);
      server = await startServer({ dataDir, startTimeoutMs: STARTUP_MS });
      context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 900 },
        reducedMotion: "reduce",
      });
      // Generous: the machine running the suites may be busy.
      context.setDefaultTimeout(45_000);
      page = await context.newPage();
      page.on("pageerror", (error) => console.error(`[e2e] page error: ${error.message}`));
      await signInDemoCustomer(page, server);
    },
    { timeout: 2 * STARTUP_MS + 60_000 },
  );

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the customer answers the 17 steps and submits them with the keyboard alone", async () => {
    await page.goto("/practice-profile");
    const section = page.locator("#questionnaire");
    await section.getByText(`Step 1 of ${STEPS.length}`).waitFor();
    const intoQuestionnaire = await tabUntil(page, (focus) => focus.inQuestionnaire, "the questionnaire");
    console.log(
      `[e2e] ${intoQuestionnaire} Tab presses from the top of the practice profile to the questionnaire`,
    );
    await scan(page, "questionnaire step 1");

    for (const step of STEPS) {
      for (const field of step.fields) {
        const value = ANSWERS[field.name];
        if (value === undefined) continue;
        if (step.step === REFUSED_STEP && field.name === "local_athletic_organizations") {
          // Next with a required answer missing: the step stays, says why, and the focus is on it.
          await tabToButton(page, "Next");
          await page.keyboard.press("Enter");
          await section.getByText("Please fill out this field").waitFor();
          await page.waitForFunction(
            () =>
              document.activeElement?.closest("[data-question]")?.getAttribute("data-question") ===
              "local_athletic_organizations",
          );
          expect(await section.getByTestId("questionnaire-step-title").textContent()).toContain(
            `Step ${REFUSED_STEP} of`,
          );
          await screenshot(page, "questionnaire-keys-refused");
          await scan(page, "questionnaire refused step");
        }
        await answer(page, field, value);
        // A display condition met by the answer: the question it shows is drawn before Tab goes on.
        const shown = step.fields.find((next) => next.showWhen?.some((rule) => rule.field === field.name));
        if (shown && ANSWERS[shown.name] !== undefined) {
          await section.locator(`[data-question="${shown.name}"]`).waitFor();
        }
      }
      if (step.step === 1) await screenshot(page, "questionnaire-keys-step1");
      if (step.step === 2) {
        // Back, one Shift+Tab before Next, keeps the answers: step 1 still says Yes; then Next again.
        await tabToButton(page, "Next");
        await tabToButton(page, "Back", true);
        await page.keyboard.press("Enter");
        await onStep(page, 1);
        const ownership = section.locator('[data-question="ownership_ambulatory_surgical_centers"]');
        expect(await ownership.getByRole("radio", { name: "Yes" }).isChecked()).toBe(true);
        expect(
          await section.locator('[data-question="ownership_stake"] input:not([type=hidden])').inputValue(),
        ).toBe("25-50%");
        await tabToButton(page, "Next");
        await page.keyboard.press("Enter");
        await onStep(page, 2);
      }
      if (step.step < STEPS.length) {
        await tabToButton(page, "Next");
        await page.keyboard.press("Enter");
        await onStep(page, step.step + 1);
      }
    }

    await tabToButton(page, "Submit");
    await screenshot(page, "questionnaire-keys-last");
    await page.keyboard.press("Enter");
    await section
      .getByTestId("questionnaire-status")
      .getByText(/under review by our team/)
      .waitFor();
    await screenshot(page, "questionnaire-keys-submitted");

    const stored = await pageApi(page, "GET", "/api/management/schemes/questionnaire/", undefined);
    expect(stored.status).toBe(200);
    const questionnaire = (stored.body as { questionnaire: { year: number; state: string; data: object } })
      .questionnaire;
    expect(questionnaire.year).toBe(YEAR);
    expect(questionnaire.state).toBe("under_analysis");
    expect(questionnaire.data).toEqual(ANSWERS);
    expect(describeFindings(findings)).toBe("");
  }, 600_000);

  test("staff's review modal of the submitted answers: no serious or critical violation", async () => {
    const staffContext = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 900 },
      reducedMotion: "reduce",
    });
    staffContext.setDefaultTimeout(45_000);
    const start = findings.length;
    try {
      const staff = await staffContext.newPage();
      await signInStaff(staff, server.baseUrl);
      await staff.goto(`/administration/customers/${demoId}/${YEAR}`);
      await staff.getByLabel("Questionnaire: Validation").waitFor();
      await staff.getByRole("button", { name: "Review" }).click();
      const modal = staff.getByRole("dialog", { name: `Questionnaire ${YEAR}` });
      await modal.getByText(/Step 1 of 17/).waitFor();
      await scan(staff, "questionnaire review modal");
      await screenshot(staff, "questionnaire-keys-review-modal");
    } finally {
      await staffContext.close();
    }
    expect(describeFindings(findings.slice(start))).toBe("");
  }, 300_000);
});

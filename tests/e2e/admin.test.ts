import { describe, expect, test } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { exampleAnswers } from "../../schemes/questionnaire/example.ts";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { pageApi } from "./support/pageApi.ts";
import type { RunningServer } from "./support/server.ts";
import { JOB_MS, shot, signInStaff, untilValid, validationRow } from "./support/staffYear.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * The staff back office against the real server and the demo organisation: customers list, customer
 * overview, year detail; a service area added by paste; validations run as jobs whose progress and
 * results arrive on the live channel; a read-only detail modal. Screenshots in tests/e2e/screenshots/.
 */

requireChromium("back-office");

const DEMO = "Demo Orthopaedics";
const YEAR = 2025;

describe.skipIf(!chromiumAvailable)("staff back office", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let orgId = "";

  useServerAndPage({
    prepare: async (suite) => {
      ({ server, browser, page } = suite);
    },
  });

  test("staff open the customers list, the demo customer and its year", async () => {
    await signInStaff(page, server.baseUrl);

    for (const header of ["Name", "Address", "Users", "Status", "Main Tasks", "Actions"]) {
      await page.getByRole("columnheader", { name: header, exact: true }).waitFor();
    }
    const row = page.getByRole("row").filter({ hasText: DEMO });
    await row.waitFor();
    await page.getByRole("button", { name: "Add customer" }).waitFor();
    // No year of the demo is at 100% yet: no 'Allow user' in its Main Tasks.
    await row.getByText(String(YEAR), { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: /^Allow user/ }).count()).toBe(0);
    await shot(page, "admin-customers");

    // The trash asks for confirmation; Cancel keeps the customer.
    await row.getByRole("button", { name: `Delete ${DEMO}` }).click();
    await page.getByText(`Validate the deletion of ${DEMO}`).waitFor();
    await shot(page, "admin-customers-delete");
    await page.getByRole("button", { name: "Cancel" }).click();

    // A site admin's row click opens the customer.
    await row.getByRole("cell", { name: DEMO, exact: true }).click();
    await page.waitForURL(/\/administration\/customers\/[0-9a-f-]{36}$/);
    orgId = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByRole("heading", { name: DEMO, exact: true }).waitFor();
    for (const title of ["Overview", "Customer info", "Users", "Providing", "Facilities", "Providers"]) {
      await page.getByRole("heading", { name: title, exact: true }).waitFor();
    }
    await page.getByRole("table", { name: "Service area" }).waitFor();
    expect(await page.getByPlaceholder("e.g. 2024").getAttribute("maxlength")).toBe("4");
    await shot(page, "admin-customer");

    await page.goto(`/administration/customers/${orgId}/${YEAR}`);
    await page.getByRole("heading", { name: `[${YEAR}] Data analysis of ${DEMO}` }).waitFor();
    for (const title of ["Data upload", "Schemes", "Facilities", "Providers", "Validations"]) {
      await page.getByRole("heading", { name: title, exact: true }).waitFor();
    }
    await page.getByText("File is uploaded").waitFor();
    await page.getByRole("button", { name: "Delete this year" }).waitFor();
    await shot(page, "admin-year");
  }, 60_000);

  test("a service area is added by pasting spreadsheet lines", async () => {
    await page.getByRole("button", { name: "Add service area" }).click();
    const dialog = page.getByRole("dialog", { name: `Adding service area for ${YEAR}` });
    await dialog.waitFor();
    const submit = dialog.getByRole("button", { name: "Submit" });
    expect(await submit.isDisabled()).toBe(true);
    const textarea = dialog.getByLabel("Copy/Past from xls");
    expect(await textarea.getAttribute("rows")).toBe("20");

    await textarea.fill("99501\tTSA\n9950x\tTSA");
    await dialog.getByText("Line 2: zipcode must be 5 digits").waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await shot(page, "admin-year-service-area-error");

    await textarea.fill("99501\tTSA\n99502\ttsa");
    await dialog.getByText("2 zips to add.").waitFor();
    await shot(page, "admin-year-service-area");
    await submit.click();
    await dialog.waitFor({ state: "hidden" });
    const added = page
      .getByRole("table", { name: "Service area" })
      .getByRole("row")
      .filter({ hasText: "99501" });
    await added.getByText("to check").waitFor();
  }, 30_000);

  test(
    "validations run as jobs: the task toast shows progress, the result arrives live",
    async () => {
      await validationRow(page, "facility").getByRole("button", { name: "Run" }).click();
      const toast = page.getByTestId("live-toast").first();
      await toast.waitFor({ timeout: JOB_MS });
      // Attached, not visible: at 0% (the job still queued on a busy machine) its bar has no width.
      const progress = toast.getByRole("progressbar");
      await progress.waitFor({ state: "attached" });
      expect(await progress.getAttribute("aria-label")).toMatch(
        new RegExp(`^Facility validation \\(${YEAR}\\): \\d+%$`),
      );
      await shot(page, "admin-year-task-toast");
      await untilValid(page, "facility");

      await page.getByRole("button", { name: "Tasks" }).click();
      await page.getByLabel("Tasks list").getByRole("progressbar").first().waitFor();
      await shot(page, "admin-year-tasks-popover");
      await page.keyboard.press("Escape");

      await validationRow(page, "provider").getByRole("button", { name: "Run" }).click();
      await untilValid(page, "provider");
      await shot(page, "admin-year-validated");
    },
    2 * JOB_MS + 10_000,
  );

  test(
    "service capabilities are generated and shown in the read-only detail modal",
    async () => {
      const schemes = page.getByRole("heading", { name: "Schemes", exact: true }).locator("..");
      const generate = schemes.getByRole("button", { name: "Generate" }).first();
      await generate.click();
      await page.getByLabel("Service capabilities: Done").waitFor({ timeout: JOB_MS });
      await schemes.getByRole("button", { name: "Show" }).first().click();
      const dialog = page.getByRole("dialog", { name: `Service capabilities (${YEAR})` });
      await dialog.getByRole("columnheader", { name: "Field name" }).first().waitFor();
      await dialog.getByRole("columnheader", { name: "Value" }).first().waitFor();
      await shot(page, "admin-year-sc-modal");
      await page.keyboard.press("Escape");

      // Global validation is now allowed (facility, provider and SC exist).
      await validationRow(page, "global").getByRole("button", { name: "Run" }).click();
      await validationRow(page, "global")
        .getByText("Valid", { exact: true })
        .or(validationRow(page, "global").getByRole("button", { name: "Validate anyway" }))
        .first()
        .waitFor({ timeout: JOB_MS });
      await page.getByText("Speciality - Surgical cases").waitFor();
      await page.getByText("Other cases").waitFor();
      await shot(page, "admin-year-global");
    },
    2 * JOB_MS + 10_000,
  );
  /** The demo customer's admin submits the year's questionnaire through the API, signed in by e-mail link. */
  /** The demo customer signed in through the e-mailed link, in a browser context of its own. */
  async function signedInCustomer(customer: BrowserContext) {
    const tab = await customer.newPage();
    await signInDemoCustomer(tab, server);
    return tab;
  }

  async function customerSubmitsQuestionnaire() {
    const customer = await browser.newContext({ baseURL: server.baseUrl });
    try {
      const tab = await signedInCustomer(customer);
      const { status } = await pageApi(tab, "POST", "/api/management/schemes/questionnaire/", {
        questionnaire: exampleAnswers,
        year: YEAR,
      });
      expect(status).toBe(200);
    } finally {
      await customer.close();
    }
  }

  test(
    "the questionnaire is allowed, submitted by the customer, reviewed and validated; then the scoring",
    async () => {
      const global = validationRow(page, "global");
      const anyway = global.getByRole("button", { name: "Validate anyway" });
      if (await anyway.isVisible()) await anyway.click();
      await global.getByText("Valid", { exact: true }).waitFor({ timeout: JOB_MS });

      const schemes = page.getByRole("heading", { name: "Schemes", exact: true }).locator("..");
      await schemes.getByRole("button", { name: "Generate" }).first().click();
      await page.getByLabel("Macro capabilities: Done").waitFor({ timeout: JOB_MS });
      await schemes.getByRole("button", { name: "Generate" }).first().click();
      await page.getByLabel("Market profile: Done").waitFor({ timeout: JOB_MS });

      await schemes.getByRole("button", { name: "Allow user" }).click();
      await page.getByLabel("Questionnaire: Waiting").waitFor();
      await schemes.getByText("Waiting for the customer").waitFor();
      await shot(page, "admin-year-questionnaire-waiting");

      await customerSubmitsQuestionnaire();
      await page.reload();
      await page.getByLabel("Questionnaire: Validation").waitFor();
      await schemes.getByRole("button", { name: "Review" }).click();
      const dialog = page.getByRole("dialog", { name: `Questionnaire ${YEAR}` });
      await dialog.getByText(/Step 1 of 17/).waitFor();
      await shot(page, "admin-year-questionnaire-modal");
      await dialog.getByRole("button", { name: "5", exact: true }).click();
      await dialog.getByText(/Step 5 of 17/).waitFor();
      await shot(page, "admin-year-questionnaire-step5");
      await dialog.getByRole("button", { name: "Validate" }).click();
      await dialog.getByRole("button", { name: "Edit" }).waitFor();
      await page.keyboard.press("Escape");
      await page.getByLabel("Questionnaire: Done").waitFor();

      await schemes.getByRole("button", { name: "Generate" }).click();
      await page.getByLabel("Scoring: Done").waitFor({ timeout: JOB_MS });
      await schemes.getByRole("button", { name: "Show" }).last().click();
      await page
        .getByRole("dialog", { name: `Scoring (${YEAR})` })
        .getByRole("columnheader", { name: "Field name" })
        .first()
        .waitFor();
      await shot(page, "admin-year-scoring-modal");
      await page.keyboard.press("Escape");
      // 8 units of 8: the header offers Active and Prelaunch queries.
      await page.getByRole("button", { name: "Active", exact: true }).waitFor();
      await page.getByRole("button", { name: "Prelaunch queries" }).waitFor();
      await shot(page, "admin-year-complete");
    },
    4 * JOB_MS,
  );

  test("'Prelaunch queries' says what it did: the year opens to staff in the dummy view, not to the customer", async () => {
    await page.getByRole("button", { name: "Prelaunch queries" }).click();
    const outcome = page.getByTestId("year-action-outcome");
    await outcome.waitFor();
    expect(await outcome.getAttribute("role")).toBe("status");
    expect((await outcome.textContent())?.trim()).toMatch(
      new RegExp(
        `^${YEAR} is prelaunched for ${DEMO}: staff can read its \\d+ analyses in the dummy view; its users see them once the year is enabled\\.$`,
      ),
    );
    // Still not enabled for the customer: Active and Prelaunch stay offered.
    await page.getByRole("button", { name: "Active", exact: true }).waitFor();
    await shot(page, "admin-year-prelaunched");
  }, 30_000);

  test("the customers list shows 'Allow user' for the year at 100% only; a click enables it and says so", async () => {
    await page.goto("/administration/customers");
    const row = page.getByRole("row").filter({ hasText: DEMO });
    const allow = row.getByRole("button", { name: /^Allow user/ });
    await allow.waitFor();
    // One button, for the complete year (2023 and 2024 are below 100%).
    expect(await allow.count()).toBe(1);
    expect(await allow.getAttribute("aria-label")).toBe(`Allow user: enable ${YEAR} for ${DEMO}`);
    await shot(page, "admin-customers-allow-user");
    await allow.click();
    const outcome = row.getByRole("status");
    await outcome.waitFor();
    expect((await outcome.textContent())?.trim()).toMatch(
      new RegExp(
        `^${YEAR} is enabled for ${DEMO}: its \\d+ analyses and score are open to its users, who are told\\.$`,
      ),
    );
    // Enabled (the initialise-year call): the button goes, the customer is ACTIVE, the row stays closed.
    expect(await allow.count()).toBe(0);
    await row.getByText("ACTIVE", { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/administration/customers");
    await shot(page, "admin-customers-allowed");
  }, 30_000);

  test(
    "'Enabled this year' re-initialises and says so; the customer's navigation opens and the Vitality Score shows the weighted total",
    async () => {
      await page.goto(`/administration/customers/${orgId}/${YEAR}`);
      await page.getByRole("button", { name: "Enabled this year" }).click();
      const outcome = page.getByTestId("year-action-outcome");
      await outcome.waitFor();
      expect((await outcome.textContent())?.trim()).toMatch(
        new RegExp(
          `^${YEAR} was already enabled for ${DEMO}: it is re-initialised \\(its \\d+ analyses stay open; the users are not told again\\)\\.$`,
        ),
      );
      expect(await page.getByRole("button", { name: "Prelaunch queries" }).count()).toBe(0);
      await shot(page, "admin-year-enabled-again");
      const customer = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 800 },
        reducedMotion: "reduce",
      });
      try {
        const tab = await signedInCustomer(customer);
        await tab.goto("/vitality-score");
        const total = tab.getByRole("img", { name: /^Total score: / });
        await total.waitFor();
        const scoreOf = async (label: string) =>
          Number(
            (await tab
              .getByRole("img", { name: new RegExp(`^${label}: `) })
              .getAttribute("aria-label"))!.replace(/^.*: ([0-9.]+) out of 20$/, "$1"),
          );
        const dimensions = {
          "Market alignment": 30,
          "Customer centricity": 10,
          "Competitive comparison": 10,
          "Partnership strength": 30,
          "Service mix and strength": 20,
        };
        let weighted = 0;
        for (const [label, weight] of Object.entries(dimensions)) {
          const value = await scoreOf(label);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(20);
          weighted += (value * weight) / 100;
        }
        // The total is the weighted sum of the five dimensions, to one decimal (customer-area.md 9).
        expect(await scoreOf("Total score")).toBeCloseTo(Math.round(weighted * 10) / 10, 5);
        expect(await tab.getByText(`Total score (${YEAR})`).count()).toBe(1);
        await screenshot(tab, "client-vitality-score-ready");
      } finally {
        await customer.close();
      }
    },
    2 * JOB_MS,
  );

  test("the advisory board: three upload blocks whose zones open once the year has 4 characters, beside the map", async () => {
    await page.goto("/administration/advisoryboard");
    await page.getByRole("heading", { name: "Advisory board", exact: true }).waitFor();
    for (const title of ["Market Scenario OP", "Market Scenario IP", "Demographic Profiler"]) {
      await page.getByRole("heading", { name: title, exact: true }).waitFor();
    }
    const years = page.getByPlaceholder("e.g. 2024");
    expect(await years.count()).toBe(3);
    expect(await years.first().getAttribute("maxlength")).toBe("4");
    expect(await page.getByText("Type the year first").count()).toBe(3);
    await years.first().fill("2025");
    await page.getByText("Drop the file here or click to choose it").waitFor();
    expect(await page.getByText("Type the year first").count()).toBe(2);
    await shot(page, "admin-advisoryboard");
  }, 30_000);

  test("once initialized, the demo customer takes a second and a third user (assistant by default), then no more; the audit trail shows the adds", async () => {
    // 'Active' above marked the organisation initialized; it has its one admin.
    await page.goto(`/administration/customers/${orgId}`);
    await page.getByText("ACTIVE", { exact: true }).first().waitFor();
    const users = page.getByRole("table", { name: "Users" });
    const addUser = async (name: string, email: string, status?: "Admin") => {
      await page.getByRole("button", { name: "Add user" }).click();
      const dialog = page.getByRole("dialog", { name: "Add user" });
      expect(await dialog.getByRole("radio", { name: "Assistant" }).isChecked()).toBe(true);
      expect(await dialog.getByRole("radio", { name: "Admin" }).isDisabled()).toBe(false);
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByLabel("Email").fill(email);
      if (status) await dialog.getByRole("radio", { name: status }).check();
      await dialog.getByRole("button", { name: "Save" }).click();
      await dialog.waitFor({ state: "hidden" });
      return users.getByRole("row").filter({ hasText: email });
    };
    const second = await addUser("Second Assistant", "second@example.com");
    await second.getByRole("cell", { name: "assistant", exact: true }).waitFor();
    await second.getByRole("button", { name: "Edit Second Assistant" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Second Assistant" });
    expect(await edit.getByRole("radio", { name: "Admin" }).isDisabled()).toBe(true);
    expect(await edit.getByRole("radio", { name: "Assistant" }).isChecked()).toBe(true);
    await edit.getByRole("button", { name: "Cancel" }).click();

    const third = await addUser("Third Admin", "third@example.com", "Admin");
    await third.getByRole("cell", { name: "admin", exact: true }).waitFor();
    await page.getByText("At most 3 users").waitFor();
    expect(await page.getByRole("button", { name: "Add user" }).count()).toBe(0);
    await shot(page, "admin-customer-three-users");

    // The audit trail panel (site admins) reads the adds again: who, the action and the values.
    const trail = page.getByRole("table", { name: "Audit events" });
    const added = trail
      .getByRole("row")
      .filter({ hasText: "user.create" })
      .filter({ hasText: "third@example.com" });
    await added.waitFor();
    await added.getByText("siteAdmin").waitFor();
    const audit = page.getByRole("region", { name: "Audit trail" });
    await audit.getByLabel("Action").fill("user.create");
    await audit.getByRole("button", { name: "Filter" }).click();
    await trail.getByRole("row").filter({ hasText: "second@example.com" }).waitFor();
    expect(await trail.getByRole("row").filter({ hasText: "service_area.create" }).count()).toBe(0);
    const csv = await audit.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(csv).toBe(`/api/management/admin/audit/${orgId}/export/?action=user.create`);
    await audit.scrollIntoViewIfNeeded();
    await shot(page, "admin-customer-audit-trail");
  }, 30_000);
});

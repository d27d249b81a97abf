import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { professionalLine, toCsv } from "../../server/ingest/testing/builders.ts";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import type { RunningServer } from "./support/server.ts";
import { openCustomerFromList, signInStaff } from "./support/staffYear.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * Real claims as they come (data-contract.md section 9) through the screens: the customer's Data
 * upload shows the report with 'Load the valid rows', asks before replacing most of a year, and
 * shows the rows set aside with their CSV; staff's year detail lists the versions with Restore.
 */

requireChromium("real claims upload");

const DEMO = "Demo Orthopaedics";
const YEAR = 2025;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

describe.skipIf(!chromiumAvailable)("real claims through the upload screens", () => {
  let server: RunningServer;
  let page: Page;

  useServerAndPage({
    startTimeoutMs: 420_000,
    hookTimeoutMs: 480_000,
    prepare: async (suite) => {
      ({ server, page } = suite);
      // The machine running the suite may be busy: a screen gets a minute, not ten seconds.
      page.setDefaultTimeout(60_000);
      page.setDefaultNavigationTimeout(60_000);
    },
  });

  test("the customer loads the valid rows after a refusal, confirms, and gets the rejected rows", async () => {
    await signInDemoCustomer(page, server);
    await page.goto("/practice-profile");
    await page.getByRole("heading", { name: "Data upload" }).waitFor();
    const csv = toCsv([
      professionalLine({ service_date: "2025-02-03" }),
      professionalLine({ line: 2, service_date: "2025-02-03", rendering_npi: "1234567890", units: 0 }),
      professionalLine({ line: 3, service_date: "2025-02-04", cpt: "36415", units: 0 }),
    ]);
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: "claims_2025.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Send" }).click();
    const report = page.getByTestId("upload-report");
    await report.waitFor();
    await report.getByText("claims_2025.csv read as").waitFor();
    await report.getByRole("cell", { name: "is not a valid NPI (check digit)" }).waitFor();
    await shot(page, "upload-report-load-valid");

    await report.getByRole("button", { name: "Load the valid rows" }).click();
    // Two lines would replace the demo's whole 2025: the screen asks first.
    await page.getByText("Replace your data?").waitFor();
    await page.getByText(/would remove more than half of the lines of 2025/).waitFor();
    await shot(page, "upload-confirm-replace");
    await page.getByRole("button", { name: "Replace the data" }).click();

    const accepted = page.getByTestId("upload-accepted");
    await accepted.waitFor();
    await accepted.getByText("1 row was set aside.").waitFor();
    const link = accepted.getByRole("link", { name: "Download the rejected rows (CSV)" });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/api\/management\/customer\/file\/rejected\/[0-9a-f-]{36}\/$/);
    const warnings = page.getByTestId("upload-warnings");
    await warnings.getByText(/read with units 0: each counted as 1/).waitFor();
    await warnings.getByText(/have no category|has no category/).waitFor();
    await shot(page, "upload-accepted-warnings");
    const rejected = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(rejected).toContain("rendering_npi: is not a valid NPI (check digit)");
  }, 300_000);

  test("staff see the versions of the year and restore the earlier one", async () => {
    await signInStaff(page, server.baseUrl);
    const orgId = await openCustomerFromList(page, DEMO);
    await page.goto(`/administration/customers/${orgId}/${YEAR}`);
    await page.getByRole("heading", { name: `[${YEAR}] Data analysis of ${DEMO}` }).waitFor();
    const versions = page.getByTestId("year-versions");
    await versions.getByText("Versions (2)").waitFor();
    await page.getByTestId("year-skipped-rows").waitFor();
    await shot(page, "admin-year-versions");

    await versions.getByRole("button", { name: "Restore" }).click();
    const dialog = page.getByRole("dialog", { name: /Restore version 1 of 2025/ });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Restore this version" }).click();
    await versions.getByText("Versions (3)").waitFor();
    await versions.getByText("restored").waitFor();
    await shot(page, "admin-year-version-restored");
  }, 300_000);
});

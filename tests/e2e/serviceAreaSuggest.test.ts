import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { chromiumAvailable, requireChromium } from "./support/browser.ts";
import type { RunningServer } from "./support/server.ts";
import { openCustomerFromList, shot, signInStaff } from "./support/staffYear.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * The year detail's 'Add service area' modal proposes a service area from the demo practice's
 * patients of the year: the textarea is filled with 'zipcode<TAB>type' lines and a summary shows the
 * zips and share of cases per type, for review before Submit. Desktop and phone widths.
 */

requireChromium("service-area suggestion");

const DEMO = "Demo Orthopaedics";
const YEAR = 2025;

describe.skipIf(!chromiumAvailable)("service area suggested from the practice's patients", () => {
  let server: RunningServer;
  let page: Page;

  useServerAndPage({
    // Start-up ingests the demo data: on a busy machine it takes minutes.
    startTimeoutMs: 420_000,
    hookTimeoutMs: 480_000,
    actionTimeoutMs: 60_000,
    prepare: async (suite) => {
      ({ server, page } = suite);
    },
  });

  async function openModal() {
    await page.getByRole("button", { name: "Add service area" }).click();
    const dialog = page.getByRole("dialog", { name: `Adding service area for ${YEAR}` });
    await dialog.waitFor();
    return dialog;
  }

  test("staff ask for a suggestion, review it and can still edit or cancel it", async () => {
    await signInStaff(page, server.baseUrl);
    const orgId = await openCustomerFromList(page, DEMO);
    await page.goto(`/administration/customers/${orgId}/${YEAR}`);
    await page.getByRole("heading", { name: `[${YEAR}] Data analysis of ${DEMO}` }).waitFor();

    let dialog = await openModal();
    await dialog.getByRole("button", { name: "Suggest from the practice's patients" }).click();
    const summary = dialog.getByTestId("service-area-suggestion");
    await summary.waitFor();
    const textarea = dialog.getByLabel("Copy/Past from xls");
    const lines = (await textarea.inputValue()).split("\n");
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.every((line) => /^\d{5}\t(PSA|SSA|TSA)$/.test(line))).toBe(true);
    expect(lines[0]).toMatch(/\tPSA$/);
    // The summary's PSA row covers at least 60% of the cases; the parser counts the lines to add.
    const psaShare = await summary
      .getByRole("row")
      .filter({ hasText: "PSA" })
      .getByRole("cell")
      .nth(3)
      .textContent();
    expect(Number.parseInt(psaShare ?? "", 10)).toBeGreaterThanOrEqual(60);
    await dialog.getByText(`${lines.length} zips to add.`).waitFor();
    expect(await dialog.getByRole("button", { name: "Submit" }).isDisabled()).toBe(false);
    await shot(page, "admin-year-service-area-suggested");

    // Other shares: PSA up to 40% keeps fewer PSA zips.
    await dialog.getByLabel("PSA up to").fill("40");
    await dialog.getByRole("button", { name: "Suggest from the practice's patients" }).click();
    const psaCount = async () =>
      (await textarea.inputValue()).split("\n").filter((line) => line.endsWith("PSA")).length;
    const before = lines.filter((line) => line.endsWith("PSA")).length;
    for (let tries = 0; tries < 50 && (await psaCount()) >= before && before > 1; tries++) {
      await page.waitForTimeout(200);
    }
    expect(await psaCount()).toBeLessThan(Math.max(before, 2));

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Phone width: the shares, the action and the summary stack and stay readable.
    await page.setViewportSize({ width: 390, height: 844 });
    dialog = await openModal();
    expect(await dialog.getByLabel("Copy/Past from xls").inputValue()).toBe("");
    await dialog.getByRole("button", { name: "Suggest from the practice's patients" }).click();
    await dialog.getByTestId("service-area-suggestion").waitFor();
    await shot(page, "admin-year-service-area-suggested-phone");
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 400_000);
});

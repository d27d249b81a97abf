import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import type { RunningServer } from "./support/server.ts";
import { signInStaff } from "./support/staffYear.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * Issue 19: a market file the advisory board refuses said "the first N are listed" and listed none.
 * Its errors (table, row, column, reason) are now listed under the message, as for practice files.
 * Screenshot: tests/e2e/screenshots/advisoryboard-refused.png.
 */

requireChromium("advisory board refusal");

describe.skipIf(!chromiumAvailable)("the advisory board lists a refused file's errors", () => {
  let server: RunningServer;
  let page: Page;

  useServerAndPage({
    prepare: async (suite) => {
      ({ server, page } = suite);
      await signInStaff(page, server.baseUrl);
    },
  });

  test("a market file with bad rows: the message and every listed error", async () => {
    await page.goto("/administration/advisoryboard");
    const block = page
      .locator("div")
      .filter({ has: page.getByRole("heading", { name: "Market Scenario OP" }) })
      .last();
    await block.getByPlaceholder("e.g. 2024").fill("2025");
    // Market columns with values no row can pass: every row is an error of the report.
    const rows = Array.from({ length: 30 }, (_, index) => `not-a-zip,${index},x,y`);
    await block.locator('input[type="file"]').setInputFiles({
      name: "market_op_2025.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`patient_zip,cases,setting,year\n${rows.join("\n")}\n`),
    });
    await block.getByRole("button", { name: "Send" }).click();
    const refusal = block.getByText(/The file was refused: \d+ errors?/);
    await refusal.waitFor();
    const listed = Number((await refusal.textContent())?.match(/the first (\d+) are listed/)?.[1] ?? "0");
    const table = block.getByRole("table", { name: "Errors of the refused file" });
    await table.waitFor();
    const bodyRows = await table.locator("tbody tr").count();
    expect(bodyRows).toBeGreaterThan(0);
    if (listed > 0) expect(bodyRows).toBe(listed);
    await screenshot(page, "advisoryboard-refused");
  }, 120_000);
});

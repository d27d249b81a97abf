import type { Locator, Page } from "playwright-core";
import { screenshot } from "./browser.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "./server.ts";

/**
 * Staff screens' steps shared by the E2E suites that drive a customer's year (admin.test.ts,
 * journey.test.ts): sign-in, the validation rows of the year detail, the Schemes panel.
 */

/**
 * Jobs run in the server's background; a validation or generation of the small fixture takes
 * seconds, far longer on a machine busy with other suites (a ceiling, not a pause).
 */
export const JOB_MS = 120_000;

/** A full-page shot from the top: the fixed header and toasts then sit where a person sees them. */
export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

export async function signInStaff(page: Page, baseUrl: string) {
  await page.goto("/administration/signin");
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await page.waitForURL(`${baseUrl}/administration/customers`);
}

/** Opens a customer from the back office's customers list by its name (a row click); answers its id. */
export async function openCustomerFromList(page: Page, name: string): Promise<string> {
  await page.getByRole("row").filter({ hasText: name }).getByRole("cell", { name, exact: true }).click();
  await page.waitForURL(/\/administration\/customers\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

export const validationRow = (page: Page, type: string): Locator =>
  page.locator(`[data-validation="${type}"]`);

/** The year detail's Schemes panel. */
export const schemesPanel = (page: Page): Locator =>
  page.getByRole("heading", { name: "Schemes", exact: true }).locator("..");

/** Waits until the validation row shows 'Valid', pressing 'Validate anyway' on a run with notes. */
export async function untilValid(page: Page, type: "facility" | "provider" | "global") {
  const row = validationRow(page, type);
  await row
    .getByText("Valid", { exact: true })
    .or(row.getByRole("button", { name: "Validate anyway" }))
    .first()
    .waitFor({ timeout: JOB_MS });
  const anyway = row.getByRole("button", { name: "Validate anyway" });
  if (await anyway.isVisible()) await anyway.click();
  await row.getByText("Valid", { exact: true }).waitFor({ timeout: JOB_MS });
}

/** Presses the Schemes panel's first 'Generate' and waits for the item's 'Done'. */
export async function generate(page: Page, label: string) {
  await schemesPanel(page).getByRole("button", { name: "Generate" }).first().click();
  await page.getByLabel(`${label}: Done`).waitFor({ timeout: JOB_MS });
}

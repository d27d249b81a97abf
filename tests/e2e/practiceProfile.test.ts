import { describe, expect, test } from "bun:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { completeNpi } from "../../server/reference/npi.ts";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { byLabel } from "./support/formFields.ts";
import { pageApi } from "./support/pageApi.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, type RunningServer } from "./support/server.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * The practice profile against the real server and the demo organisation: the demo customer's admin
 * adds a facility (NPI look-up, city and zip chosen from the autocomplete), a location (a wrong
 * city/zip pair is cleared), a provider found by NPI (the form pre-filled), edits and deletes with a
 * confirmation; staff edit a provider from the year detail. Screenshots at 1280 and 390 px.
 */

requireChromium("practice profile");

const YEAR = 2025;
/** In the fixture registry (fixtures/small/registry) and not used by the demo organisation. */
const FACILITY_NPI = "1000058762";
const PROVIDER_NPI = "1004152629";
/** A valid NPI (check digit right) that no registry record holds. */
const UNKNOWN_NPI = completeNpi("199999999");
const NOT_FOUND =
  "We cannot find what you searched for in the database, but you can add it manually and we will check it.";
/** The second fixture organisation, seeded with its agreement accepted and no facility or provider yet. */
const MID_SETUP_EMAIL = "riverside@example.com";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** The same screen at phone width, then back to the desktop. */
async function phoneShot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await shot(page, name);
  await page.setViewportSize(DESKTOP);
}

/** Types into an autocomplete field and picks one of the server's suggestions. */
async function choose(page: Page, input: Locator, typed: string, option: string) {
  await input.fill(typed);
  await page.getByRole("option", { name: option, exact: true }).click();
  expect(await input.inputValue()).toBe(option);
}

/** An input by its whole label, with or without the required asterisk (' *'). */

/** Waits until an input holds a value (a look-up fills the form after its answer). */
async function untilValue(input: Locator, expected: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await input.inputValue();
  while (value !== expected && Date.now() < deadline) {
    await Bun.sleep(100);
    value = await input.inputValue();
  }
  expect(value).toBe(expected);
}

/** Picks a value in a Mantine Select. */
async function select(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const rowMenu = (page: Page, name: string) =>
  page.getByRole("button", { name: `Actions for ${name}`, exact: true });

describe.skipIf(!chromiumAvailable)("practice profile", () => {
  let server: RunningServer;
  let page: Page;
  let staffContext: BrowserContext | undefined;
  let orgId = "";
  let facilityName = "";
  let providerName = "";

  const suite = useServerAndPage({
    viewport: DESKTOP,
    // The first suite of a run builds web/dist on a shared machine.
    hookTimeoutMs: 600_000,
    // Seeding the demo takes minutes when the machine is busy.
    startTimeoutMs: 480_000,
    actionTimeoutMs: 30_000,
    prepare: async ({ server: started, page: opened }) => {
      server = started;
      page = opened;
      await signInDemoCustomer(page, server);
    },
  });

  const dialog = () => page.getByRole("dialog");
  const field = (label: string) => byLabel(dialog(), label);

  test("the screen lists facilities with their locations and providers, with row menus", async () => {
    const detail = await pageApi(page, "GET", "/api/management/customer/detail/", undefined);
    orgId = (detail.body as { organization: { id: string } }).organization.id;
    await page.goto("/practice-profile");
    for (const title of ["Facilities", "Providers"]) {
      await page.getByRole("heading", { name: title, exact: true }).waitFor();
    }
    await page.getByRole("table", { name: "Facilities" }).waitFor();
    await page.getByRole("table", { name: "Providers" }).waitFor();
    await shot(page, "practice-profile");
    // At 390 px a provider is a card whose category is on screen (the table cut its Category column).
    await page.setViewportSize(PHONE);
    const card = page.locator('[data-provider-card="Susan E. Thomas MD"]');
    const category = await card.getByText("Physician · Orthopaedic Surgeon", { exact: true }).boundingBox();
    expect(category).not.toBeNull();
    expect(category!.x + category!.width).toBeLessThanOrEqual(PHONE.width);
    await phoneShot(page, "practice-profile-phone");
  }, 180_000);

  test("a facility: an unknown NPI is marked, a known one pre-fills; city and zip come from the autocomplete", async () => {
    await page.getByRole("button", { name: "Add facility" }).click();
    const submit = dialog().getByRole("button", { name: "Submit" });
    expect(await submit.isDisabled()).toBe(true);

    // Issue 32: each look-up was sent twice. Requests the page sends to the look-up, counted.
    const lookups: string[] = [];
    const countLookup = (request: { url(): string; postData(): string | null }) => {
      if (request.url().includes("/api/services/lexisnexis/")) lookups.push(request.postData() ?? "");
    };
    page.on("request", countLookup);

    // Not in the registry: the spec's message on the field; the form stays usable.
    await field("NPI").fill(UNKNOWN_NPI);
    await dialog().getByText(NOT_FOUND).waitFor();
    await Bun.sleep(500);
    expect(lookups).toEqual([JSON.stringify({ query: UNKNOWN_NPI })]);
    page.off("request", countLookup);

    // A bad check digit: the field's own rule, before any call.
    await field("NPI").fill(`${FACILITY_NPI.slice(0, 9)}${(Number(FACILITY_NPI[9]) + 1) % 10}`);
    await dialog().getByText("Please fill out this field or verify it is an NPI of 10 digits.").waitFor();

    const lookup = await pageApi(page, "POST", "/api/services/lexisnexis/organization/", {
      query: FACILITY_NPI,
    });
    const found = (lookup.body as { data: { name: string; city_state: string } }).data;
    page.on("request", countLookup);
    await field("NPI").fill(FACILITY_NPI);
    await untilValue(field("Name"), found.name);
    await Bun.sleep(500);
    page.off("request", countLookup);
    // One request per look-up: the unknown NPI's and the known one's (a found record fills the form
    // without asking again).
    expect(lookups).toEqual([
      JSON.stringify({ query: UNKNOWN_NPI }),
      JSON.stringify({ query: FACILITY_NPI }),
    ]);
    expect(await field("City, State").inputValue()).toBe(found.city_state);
    facilityName = `${found.name} E2E`;
    await field("Name").fill(facilityName);

    // Another city from the autocomplete clears the zip; the zip is then one of that city's.
    await choose(page, field("City, State"), "Indianap", "Indianapolis, IN");
    expect(await field("Zip code").inputValue()).toBe("");
    await dialog()
      .getByText("Please fill out this field or verify it is a zip code of 5 digits.")
      .first()
      .waitFor();
    await choose(page, field("Zip code"), "4620", "46204");
    await field("Physical address").fill("1 Monument Circle");

    await dialog().getByRole("checkbox", { name: "11 Office" }).check();
    await dialog().getByRole("checkbox", { name: "Surgery" }).check();
    expect(await field("Other diagnostics").count()).toBe(0);
    await dialog().getByRole("checkbox", { name: "Other Diagnostics" }).check();
    await field("Other diagnostics").fill("EMG, Bone density");
    expect(await submit.isEnabled()).toBe(true);
    await shot(page, "practice-profile-facility-form");
    await phoneShot(page, "practice-profile-facility-form-phone");

    await submit.click();
    await dialog().waitFor({ state: "detached" });
    const row = page.getByRole("row").filter({ hasText: facilityName });
    await row.waitFor();
    expect(await row.textContent()).toContain("1 Monument Circle, Indianapolis, IN, 46204");
  }, 180_000);

  test("a location: a city/zip pair that does not match is cleared, a good one is saved", async () => {
    await rowMenu(page, facilityName).click();
    await page.getByRole("menuitem", { name: "Add location" }).click();
    await field("Name").fill("North Office E2E");
    await field("Physical address").fill("8 North St");
    await choose(page, field("City, State"), "Indianap", "Indianapolis, IN");
    // 46052 is Lebanon's: check-location answers false and both fields are emptied.
    await field("Zip code").fill("46052");
    await dialog().getByText("This zip code is not in this city").waitFor();
    expect(await field("City, State").inputValue()).toBe("");
    expect(await field("Zip code").inputValue()).toBe("");

    await choose(page, field("City, State"), "Indianap", "Indianapolis, IN");
    await choose(page, field("Zip code"), "4620", "46204");
    await dialog().getByRole("checkbox", { name: "11 Office" }).check();
    await dialog().getByRole("checkbox", { name: "Clinic visits" }).check();
    await shot(page, "practice-profile-location-form");
    await dialog().getByRole("button", { name: "Submit" }).click();
    await dialog().waitFor({ state: "detached" });
    await page.locator('[data-location="North Office E2E"]').waitFor();
  }, 180_000);

  test("a provider found by NPI pre-fills the form; 'Works at' lists the facility and location names", async () => {
    const lookup = await pageApi(page, "POST", "/api/services/lexisnexis/individual/", {
      query: PROVIDER_NPI,
    });
    const found = (
      lookup.body as { data: { last_name: string; first_name: string; city: string; zipcode: string } }
    ).data;
    await page.getByRole("button", { name: "Add provider" }).click();
    await field("NPI").fill(PROVIDER_NPI);
    await untilValue(field("Last name"), found.last_name);
    expect(await field("First name").inputValue()).toBe(found.first_name);
    expect(await field("City, State").inputValue()).toBe(found.city);
    expect(await field("Zip code").inputValue()).toBe(found.zipcode);

    if ((await field("Category").inputValue()) === "") await select(page, field("Category"), "Physician");
    if ((await field("Provider type").inputValue()) === "") {
      await select(page, field("Provider type"), "Orthopaedic Surgeon");
    }
    const speciality = dialog().locator('[data-field="speciality"]');
    if ((await speciality.getByRole("checkbox", { checked: true }).count()) === 0) {
      await speciality.getByRole("checkbox", { name: "Spine" }).check();
    }
    const workAt = dialog().locator('[data-field="name_work_at"]');
    await workAt.getByRole("checkbox", { name: "North Office E2E" }).waitFor();
    await workAt.getByRole("checkbox", { name: facilityName }).check();

    // Changing the category clears the type and the specialities.
    const category = await field("Category").inputValue();
    await select(page, field("Category"), "Therapist");
    expect(await field("Provider type").inputValue()).toBe("");
    await select(page, field("Category"), category);
    await select(page, field("Provider type"), "Orthopaedic Surgeon");
    await speciality.getByRole("checkbox", { name: "Spine" }).check();
    await shot(page, "practice-profile-provider-form");
    await phoneShot(page, "practice-profile-provider-form-phone");

    await dialog().getByRole("button", { name: "Submit" }).click();
    await dialog().waitFor({ state: "detached" });
    const row = page.getByRole("row").filter({ hasText: PROVIDER_NPI });
    await row.waitFor();
    providerName = (await row.getAttribute("data-provider")) ?? "";
    expect(providerName.toUpperCase()).toContain(found.last_name.toUpperCase());
  }, 180_000);

  test("edits and deletes: a facility renamed, a location deleted after confirming", async () => {
    await rowMenu(page, facilityName).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    expect(await field("NPI").inputValue()).toBe(FACILITY_NPI);
    expect(await field("Zip code").inputValue()).toBe("46204");
    expect(await field("Other diagnostics").inputValue()).toBe("EMG, Bone density");
    const renamed = `${facilityName} Renamed`;
    await field("Name").fill(renamed);
    await dialog().getByRole("button", { name: "Update" }).click();
    await dialog().waitFor({ state: "detached" });
    await page.locator(`[data-facility="${renamed}"]`).waitFor();
    facilityName = renamed;

    await rowMenu(page, "North Office E2E").click();
    await page.getByRole("menuitem", { name: "Delete location" }).click();
    await dialog().getByText("The location North Office E2E will be deleted.").waitFor();
    await shot(page, "practice-profile-delete-location");
    // Cancel keeps it; Delete removes it.
    await dialog().getByRole("button", { name: "Cancel" }).click();
    await page.locator('[data-location="North Office E2E"]').waitFor();
    await rowMenu(page, "North Office E2E").click();
    await page.getByRole("menuitem", { name: "Delete location" }).click();
    await dialog().getByRole("button", { name: "Delete" }).click();
    await page.locator('[data-location="North Office E2E"]').waitFor({ state: "detached" });
    await shot(page, "practice-profile-after-changes");
  }, 180_000);

  test("staff edit the provider from the year detail; the validation reads 'Out of date: run again'", async () => {
    staffContext = await suite.browser.newContext({
      baseURL: server.baseUrl,
      viewport: DESKTOP,
      reducedMotion: "reduce",
    });
    const staff = await staffContext.newPage();
    await staff.goto("/administration/signin");
    await staff.getByLabel("Username").fill(ADMIN_USERNAME);
    await staff.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await staff.getByLabel("Password", { exact: true }).press("Enter");
    await staff.waitForURL(`${server.baseUrl}/administration/customers`);
    await staff.goto(`/administration/customers/${orgId}/${YEAR}`);
    await staff.getByRole("heading", { name: "Providers", exact: true }).waitFor();

    // A provider validation run, so that the change below marks it out of date.
    const providerValidation = staff.locator('[data-validation="provider"]');
    const run = providerValidation.getByRole("button", { name: /^Run/ });
    if (await run.isVisible()) {
      await run.click();
      await providerValidation
        .getByText("Valid", { exact: true })
        .or(providerValidation.getByRole("button", { name: "Validate anyway" }))
        .first()
        .waitFor({ timeout: 45_000 });
    }
    const ranValidation = (await providerValidation.getByText(/Valid|Validate anyway/).count()) > 0;

    // A seeded provider opens complete (city, zip and place from the demo fixture): Update enabled.
    // Without a place, the form says beside the disabled Update which field is missing.
    await staff.getByRole("button", { name: "Edit Susan E. Thomas MD", exact: true }).click();
    const seeded = staff.getByRole("dialog");
    const update = seeded.getByRole("button", { name: "Update" });
    expect(await byLabel(seeded, "City, State").inputValue()).toBe("Fishers, IN");
    expect(await update.isEnabled()).toBe(true);
    const places = seeded.locator('[data-field="name_work_at"]').getByRole("checkbox", { checked: true });
    while ((await places.count()) > 0) await places.first().uncheck();
    await seeded.getByText("Fill in or correct: Works at.").waitFor();
    expect(await update.isDisabled()).toBe(true);
    await screenshot(staff, "admin-year-seeded-provider-edit");
    await seeded.getByRole("button", { name: "Cancel" }).click();
    await seeded.waitFor({ state: "detached" });

    await staff.getByRole("button", { name: `Edit ${providerName}`, exact: true }).click();
    const staffDialog = staff.getByRole("dialog");
    expect(await byLabel(staffDialog, "NPI").inputValue()).toBe(PROVIDER_NPI);
    await select(staff, byLabel(staffDialog, "FTE status"), "0.5");
    await screenshot(staff, "admin-year-provider-edit");
    await staffDialog.getByRole("button", { name: "Update" }).click();
    await staffDialog.waitFor({ state: "detached" });
    if (ranValidation) await providerValidation.getByText("Out of date: run again").waitFor();
    await screenshot(staff, "admin-year-after-edit");
    await staff.setViewportSize(PHONE);
    await screenshot(staff, "admin-year-after-edit-phone");

    // The change is stored: the customer's form opens with it.
    await page.reload();
    await rowMenu(page, providerName).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    expect(await field("FTE status").inputValue()).toBe("0.5");
    await dialog().getByRole("button", { name: "Cancel" }).click();
    await staffContext.close();
  }, 240_000);

  test("a practice mid-setup sees the red notices: at least one facility and one provider", async () => {
    const context = await suite.browser.newContext({
      baseURL: server.baseUrl,
      viewport: DESKTOP,
      reducedMotion: "reduce",
    });
    context.setDefaultTimeout(30_000);
    try {
      const newcomer = await context.newPage();
      await signInDemoCustomer(newcomer, server, undefined, MID_SETUP_EMAIL);
      await newcomer.goto("/practice-profile");
      await newcomer.getByText("At least one facility is needed").waitFor();
      await newcomer.getByText("At least one provider is needed").waitFor();
      await shot(newcomer, "practice-profile-empty");
      await newcomer.setViewportSize(PHONE);
      await shot(newcomer, "practice-profile-empty-phone");
    } finally {
      await context.close();
    }
  }, 240_000);

  test("the customer deletes the provider and the facility after confirming", async () => {
    await rowMenu(page, providerName).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await dialog().getByText(`${providerName} (NPI ${PROVIDER_NPI}) will be deleted.`).waitFor();
    await dialog().getByRole("button", { name: "Delete" }).click();
    await page.getByRole("row").filter({ hasText: PROVIDER_NPI }).waitFor({ state: "detached" });

    await rowMenu(page, facilityName).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await dialog().getByRole("button", { name: "Delete" }).click();
    await page.locator(`[data-facility="${facilityName}"]`).waitFor({ state: "detached" });
  }, 180_000);
});

import { describe, expect, test } from "bun:test";
import type { Browser, Locator, Page } from "playwright-core";
import { analysisFolderNames } from "../../server/engine/registry.ts";
import { type AxeFinding, blockingViolations, describeFindings } from "./support/axe.ts";
import { chromiumAvailable, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import type { RunningServer } from "./support/server.ts";
import { openCustomerFromList, signInStaff } from "./support/staffYear.ts";
import { useServerAndPage } from "./support/suite.ts";

/**
 * Accessibility of both areas against the real server and the demo organisation (its analyses
 * enabled): axe-core runs inside the page on every screen (and on the menus and dialogs a person
 * opens there) and fails on any serious or critical WCAG 2.x A/AA violation, naming the rule, its
 * impact and the nodes; then an analysis's filters are changed with the keyboard alone.
 * One server, one browser, screens in sequence.
 */

requireChromium("accessibility");

const DEMO = "Demo Orthopaedics";
const YEAR = 2025;

/** Waits until the screen has drawn: its heading, no loader, charts embedded, maps ready. */
async function settled(page: Page) {
  await page.locator("h1:visible, h2:visible").first().waitFor({ timeout: 30_000 });
  const pending = () => {
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
    const loaders = [...document.querySelectorAll(".mantine-Loader-root")].filter(visible).length;
    const charts = document.querySelectorAll('figure[data-chart-ready="false"]').length;
    const maps = document.querySelectorAll('[data-map-id][data-ready="false"]').length;
    return loaders + charts + maps === 0 ? "" : `${loaders} loaders, ${charts} charts, ${maps} maps`;
  };
  // Polled from here: the page's CSP refuses a predicate handed over as text.
  const deadline = Date.now() + 30_000;
  let left = await page.evaluate(pending);
  while (left !== "" && Date.now() < deadline) {
    await page.waitForTimeout(100);
    left = await page.evaluate(pending);
  }
  if (left !== "") {
    // Says what never finished (a failure in CI shows only its message).
    await screenshot(page, "a11y-unsettled");
    throw new Error(`${page.url()} did not settle in 30 s: ${left} pending`);
  }
}

/** The name of the focused element as a person hears it: its label, else its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element) return "";
    const label =
      element.getAttribute("aria-label") ?? element.labels?.[0]?.textContent ?? element.textContent;
    return (label ?? "").trim();
  });

/**
 * Presses Tab until the focus is on the element named `name` (Shift+Tab with `backwards`). The
 * element must be on the screen first: tabbing round a screen 120 times before it arrives takes
 * 30 s on a loaded machine. A failure says where the Tab key went.
 */
async function tabTo(page: Page, name: string, backwards = false) {
  await page
    .getByLabel(name, { exact: true })
    .or(page.getByRole("button", { name, exact: true }))
    .filter({ visible: true })
    .first()
    .waitFor();
  const seen = new Set<string>();
  for (let step = 0; step < 120; step++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const focused = await focusedName(page);
    if (focused === name) return;
    seen.add(focused);
  }
  throw new Error(`The Tab key never reached "${name}"; it reached: ${[...seen].join(" | ")}`);
}

describe.skipIf(!chromiumAvailable)("accessibility", () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const findings: AxeFinding[] = [];

  useServerAndPage({
    viewport: { width: 1280, height: 800 },
    actionTimeoutMs: 30_000,
    // Seeding the demo with its analyses enabled takes minutes on a busy machine.
    hookTimeoutMs: 660_000,
    startTimeoutMs: 600_000,
    server: { demoAnalyses: true },
    prepare: async (suite) => {
      ({ server, browser, page } = suite);
      await signInDemoCustomer(page, server);
    },
  });

  async function scan(target: Page, screen: string, within?: string) {
    const found = await blockingViolations(target, screen, within);
    // Printed as found too: a run stopped by its timeout still says what it saw.
    if (found.length > 0) console.log(`[a11y] ${describeFindings(found)}`);
    findings.push(...found);
    return found;
  }

  /**
   * Opens a dialog from its button, lets `prepare` act in it (e.g. show its messages), waits for its
   * transitions to end, scans and shoots it, then closes it with Escape.
   */
  async function scanDialog(
    target: Page,
    trigger: Locator | (() => Promise<void>),
    name: string,
    screen: string,
    prepare?: (dialog: Locator) => Promise<void>,
  ) {
    if (typeof trigger === "function") await trigger();
    else await trigger.click();
    const dialog = target.getByRole("dialog", { name, exact: true });
    await dialog.waitFor();
    await prepare?.(dialog);
    // Finite animations only: a loader's spin never ends.
    await target.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished),
      ),
    );
    // The dialog alone: the screen under it was scanned on its own (a whole page under a modal
    // took 2-5 s of axe per dialog, a third of the suite).
    await scan(target, screen, '[role="dialog"]');
    await screenshot(target, `a11y-dialog-${screen.replaceAll(" ", "-")}`);
    // A field's open list (the city and zip autocompletes) takes the first Escape, as it does for a
    // keyboard user; the next one closes the dialog.
    for (let press = 0; press < 3 && (await dialog.isVisible()); press++) {
      await target.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden", timeout: 2_000 }).catch(() => {});
    }
    await dialog.waitFor({ state: "hidden" });
  }

  /** Opens a screen and waits for it to draw (scanned already: its dialogs are what is looked at). */
  async function open(target: Page, path: string) {
    await target.goto(path);
    await settled(target);
  }

  /** Opens a screen and scans it; a screen that never draws is reported as such, with a screenshot. */
  async function visit(target: Page, path: string, screen: string) {
    await target.goto(path);
    try {
      await settled(target);
    } catch (error) {
      await screenshot(target, `a11y-not-drawn-${screen.replaceAll(" ", "-")}`);
      findings.push({ screen, rule: "not drawn", impact: "critical", help: String(error), targets: [path] });
      return;
    }
    await scan(target, screen);
  }

  test("every customer screen, its menus and the analysis dialogs: no serious or critical violation", async () => {
    const start = findings.length;
    await visit(page, "/", "home");
    await visit(page, "/vitality-score", "score");
    await visit(page, "/profile", "profile");
    await visit(page, "/practice-profile", "practice profile");
    await visit(page, "/helpcenter", "help centre");
    for (const name of analysisFolderNames()) await visit(page, `/queries/${name}`, name);

    // The open menus and dialogs are scanned where a person meets them.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menu").waitFor();
    await scan(page, "account menu", '[role="menu"]');
    await page.keyboard.press("Escape");

    await page.goto("/queries/querie1");
    await settled(page);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("dialog", { name: "Filters" }).waitFor();
    await scan(page, "filters dialog", '[role="dialog"]');
    await page.keyboard.press("Escape");

    const mine = findings.slice(start);
    if (mine.length > 0) await screenshot(page, "a11y-customer-last");
    expect(describeFindings(mine)).toBe("");
  }, 600_000);

  test("an analysis's filters, its save dialog and the theme menus with the keyboard alone", async () => {
    await page.goto("/queries/querie3");
    await settled(page);
    const lines = page.locator('table[data-table="mix"] tbody tr');
    expect(await lines.count()).toBe(7);

    // Filters: Tab to the button, Enter opens the dialog, Space unticks a line, Enter on Apply.
    await tabTo(page, "Filters");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await dialog.waitFor();
    await tabTo(page, "Spine");
    await page.keyboard.press("Space");
    expect(await dialog.getByLabel("Spine").isChecked()).toBe(false);
    await tabTo(page, "Apply");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL(/servicelines=/);
    await settled(page);
    await page.waitForFunction(
      () => document.querySelectorAll('table[data-table="mix"] tbody tr').length === 6,
    );
    expect(await page.locator('table[data-table="mix"]').getByText("Spine", { exact: true }).count()).toBe(0);

    // The view differs from the defaults: Save opens its dialog, which Escape closes.
    await tabTo(page, "Save");
    await page.keyboard.press("Enter");
    const save = page.getByRole("dialog", { name: "Save view" });
    await save.waitFor();
    await scan(page, "save dialog", '[role="dialog"]');
    await page.keyboard.press("Escape");
    await save.waitFor({ state: "hidden" });

    // A theme menu: Enter opens it, the arrow keys reach its analyses, Enter opens one.
    await page.goto("/");
    await settled(page);
    await tabTo(page, "Service Strength");
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/queries\/querie(7|9|10)$/);
    await settled(page);
    expect(describeFindings(findings.filter((finding) => finding.screen === "save dialog"))).toBe("");
  }, 300_000);

  test("the customer's own dialogs: no serious or critical violation", async () => {
    const start = findings.length;
    const button = (name: string) => page.getByRole("button", { name, exact: true });
    /** Opens the row menu of the practice profile's first facility and picks `item`. */
    const facilityAction = (item: RegExp) => async () => {
      await page
        .getByRole("button", { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole("menuitem", { name: item }).first().click();
    };

    await open(page, "/practice-profile");
    await scanDialog(
      page,
      button("Add facility"),
      "Add a facility",
      "add facility dialog",
      async (dialog) => {
        // An NPI of the wrong length: the field's message is part of what is scanned.
        await dialog.getByLabel(/^NPI/).fill("123");
        await dialog.getByLabel(/^NPI/).blur();
      },
    );
    await scanDialog(page, button("Add provider"), "Add a provider", "add provider dialog");
    const facility = await page
      .getByRole("button", { name: /^Actions for / })
      .first()
      .getAttribute("aria-label");
    const facilityName = (facility ?? "").replace(/^Actions for /, "");
    await scanDialog(
      page,
      facilityAction(/^Edit$/),
      `Edit ${facilityName}`,
      "edit facility dialog (customer)",
    );
    await scanDialog(
      page,
      facilityAction(/^Delete/),
      `Delete ${facilityName}`,
      "delete facility dialog (customer)",
    );

    await open(page, "/profile");
    await scanDialog(page, button("Add user"), "Add user", "add colleague dialog", async (dialog) => {
      // Save stays disabled on a wrong email; the field says why once left.
      await dialog.getByLabel(/^Email/).fill("not-an-email");
      await dialog.getByLabel(/^Email/).blur();
      await dialog.locator("[aria-invalid=true]").first().waitFor();
    });
    await scanDialog(
      page,
      async () => {
        await button("Menu").click();
        await page.getByRole("menuitem", { name: "About product" }).click();
      },
      "About product",
      "about dialog",
    );

    expect(describeFindings(findings.slice(start))).toBe("");
  }, 300_000);

  /** A staff member's tab of its own. */
  async function staffContext() {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 800 },
      reducedMotion: "reduce",
    });
    context.setDefaultTimeout(15_000);
    return { context, staff: await context.newPage() };
  }

  test("every staff screen: no serious or critical violation", async () => {
    const { context, staff } = await staffContext();
    const start = findings.length;
    try {
      await staff.goto("/administration/signin");
      await settled(staff);
      await scan(staff, "staff sign-in");
      await signInStaff(staff, server.baseUrl);
      await settled(staff);
      await scan(staff, "customers");
      const orgId = await openCustomerFromList(staff, DEMO);
      await settled(staff);
      await scan(staff, "customer");
      await visit(staff, `/administration/customers/${orgId}/${YEAR}`, "year detail");
      await visit(staff, "/administration/helpcenter", "staff helpcenter");
      await visit(staff, "/administration/settings/contents", "contents");
      await visit(staff, "/administration/settings/parameters", "parameters");
      await visit(staff, "/administration/mailbox", "mailbox");
      await visit(staff, "/administration/advisoryboard", "advisory board");
      await visit(staff, "/administration/profile", "staff profile");
      await visit(staff, `/dummy/${orgId}/`, "dummy home");
    } finally {
      await context.close();
    }
    const mine = findings.slice(start);
    expect(describeFindings(mine)).toBe("");
  }, 480_000);

  test("every back-office dialog: no serious or critical violation", async () => {
    const { context, staff } = await staffContext();
    const start = findings.length;
    const button = (name: string | RegExp) => staff.getByRole("button", { name, exact: true });
    try {
      await signInStaff(staff, server.baseUrl);
      await settled(staff);
      await scanDialog(
        staff,
        button("Add customer"),
        "New customer",
        "new customer dialog",
        async (dialog) => {
          // A wrong zip: the form's message is scanned too.
          await dialog.getByLabel(/^Zip code/).fill("1");
          await dialog.locator("[aria-invalid=true]").first().waitFor();
        },
      );
      await scanDialog(staff, button(`Delete ${DEMO}`), "Delete customer", "delete customer dialog");

      const orgId = await openCustomerFromList(staff, DEMO);
      await settled(staff);
      await scanDialog(staff, button("Edit"), `Edit ${DEMO}`, "edit customer dialog");
      await scanDialog(staff, button("Add user"), "Add user", "add user dialog", async (dialog) => {
        await dialog.getByLabel(/^Email/).fill("not-an-email");
        const save = dialog.getByRole("button", { name: "Save" });
        if (await save.isEnabled()) await save.click();
        await dialog.locator("[aria-invalid=true]").first().waitFor();
      });
      const block = button(/^Block /).first();
      const blockName = (await block.getAttribute("aria-label")) ?? "";
      await scanDialog(staff, block, blockName, "block user dialog");

      await staff.goto(`/administration/customers/${orgId}/${YEAR}`);
      await settled(staff);
      const schemes = staff.getByRole("heading", { name: "Schemes", exact: true }).locator("..");
      await scanDialog(
        staff,
        schemes.getByRole("button", { name: "Show" }).first(),
        `Service capabilities (${YEAR})`,
        "scheme detail dialog",
        (dialog) => dialog.getByRole("columnheader", { name: "Field name" }).first().waitFor(),
      );
      // The questionnaire's row: the fourth Show (after the three generators').
      await scanDialog(
        staff,
        schemes.getByRole("button", { name: "Show" }).nth(3),
        `Questionnaire ${YEAR}`,
        "questionnaire review dialog",
        (dialog) => dialog.getByText(/Step 1 of 17/).waitFor(),
      );
      await scanDialog(
        staff,
        button("Add service area"),
        `Adding service area for ${YEAR}`,
        "service area dialog",
      );
      await scanDialog(
        staff,
        button("Delete file"),
        `Delete the ${YEAR} file of ${DEMO}`,
        "delete file dialog",
      );
      await scanDialog(staff, button("Delete this year"), `Delete ${YEAR} of ${DEMO}`, "delete year dialog");
      const facilities = staff.getByRole("heading", { name: "Facilities", exact: true }).locator("..");
      const editFacility = facilities.getByRole("button", { name: /^Edit / }).first();
      const facility = ((await editFacility.getAttribute("aria-label")) ?? "").replace(/^Edit /, "");
      await scanDialog(staff, editFacility, `Edit ${facility}`, "edit facility dialog", (dialog) =>
        dialog.getByRole("button", { name: "Update" }).waitFor(),
      );
      await scanDialog(
        staff,
        facilities.getByRole("button", { name: `Delete ${facility}` }),
        `Delete ${facility}`,
        "delete facility dialog",
      );

      await open(staff, "/administration/helpcenter");
      await scanDialog(staff, button("Add new faq"), "New FAQ", "new faq dialog");
      // The demo has no question yet: one is added through the dialog, then its deletion asked.
      await button("Add new faq").click();
      const faq = staff.getByRole("dialog", { name: "New FAQ" });
      await faq.getByLabel("Question").fill("Who reviews my data?");
      await faq.getByLabel("Answer").fill("Our analysts review every file before the analyses open.");
      await faq.getByRole("button", { name: "Submit" }).click();
      await faq.waitFor({ state: "hidden" });
      await scanDialog(staff, button("Delete: Who reviews my data?"), "Delete question", "delete faq dialog");

      await open(staff, "/administration/settings/parameters");
      await scanDialog(staff, button("Add agent"), "New agent", "new agent dialog", async (dialog) => {
        await dialog.getByLabel(/^Email/).fill("not-an-email");
        await dialog.locator("[aria-invalid=true]").first().waitFor();
      });

      await open(staff, "/administration/settings/contents");
      await scanDialog(
        staff,
        staff.getByRole("region", { name: "About product" }).getByRole("button", { name: "Show" }),
        "About product",
        "contents preview dialog",
      );
    } finally {
      await context.close();
    }
    const mine = findings.slice(start);
    expect(describeFindings(mine)).toBe("");
  }, 600_000);
});

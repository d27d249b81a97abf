import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { THEMES } from "../../server/engine/catalogue.ts";
import { loadAnalysisFolders } from "../../server/engine/registry.ts";
import { chromiumAvailable, launchBrowser, requireChromium, screenshot } from "./support/browser.ts";
import { signInDemoCustomer } from "./support/customerSignin.ts";
import { downloadOf } from "./support/download.ts";
import { pageApi } from "./support/pageApi.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, type RunningServer, startServer } from "./support/server.ts";

/**
 * The query screens against the real server and the demo organisation (fixtures/small): each
 * renders its result from the manifest, filters live in the address and reload the data, exports
 * download, a view is saved and reopened as a custom query. The demo is seeded with its last two
 * years (2024, 2025) reviewed and enabled: a customer reads enabled years only. The screens are
 * opened by their address. Screenshots: tests/e2e/screenshots/query-*.png.
 */

requireChromium("query");

const TEST_TIMEOUT_MS = 60_000;

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type Row = Record<string, unknown>;
interface RunAnswer {
  filters: Row;
  results: Record<string, unknown>;
  insights: Array<{ text: string; figures: Record<string, number> }>;
}

/** "1,234" / "7.69%" / "$1,234.56" as a number. */
const numberOf = (text: string) => Number(text.replace(/[$,%\s]/g, ""));
const PERCENT = /^-?\d{1,3}(,\d{3})*\.\d{2}%$/;
const DOLLARS = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;

describe.skipIf(!chromiumAvailable)("query screens", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let customerState: StorageState | undefined;

  beforeAll(
    async () => {
      [server, browser] = await Promise.all([
        startServer({ startTimeoutMs: 120_000, demoAnalyses: true }),
        launchBrowser(),
      ]);
    },
    { timeout: 360_000 },
  );

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });

  async function newPage(storageState?: StorageState): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 800 },
      reducedMotion: "reduce",
      acceptDownloads: true,
      storageState,
    });
    contexts.push(context);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`[e2e] page error: ${error.message}`));
    return page;
  }

  async function customerPage(): Promise<Page> {
    if (!customerState) {
      const page = await newPage();
      await signInDemoCustomer(page, server);
      customerState = await page.context().storageState();
    }
    return newPage(customerState);
  }

  /** Opens a screen and answers the run the screen itself asked for (what it draws). */
  async function openQuery(page: Page, path: string): Promise<RunAnswer> {
    const name = /querie\d+/.exec(path)?.[0] ?? "";
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname.endsWith(`/queries/${name}`),
    );
    await page.goto(path);
    const response = await answer;
    expect(response.status()).toBe(200);
    await page.getByRole("button", { name: "Filters" }).and(page.locator(":enabled")).waitFor();
    return (await response.json()) as RunAnswer;
  }

  const rowsOf = (answer: RunAnswer, key: string) => answer.results[key] as Row[];

  /** A table's cells as a user reads them, once all its rows are drawn (the first frame draws 15). */
  async function tableCells(page: Page, tableId: string) {
    await page.locator(`table[data-table="${tableId}"][data-complete="true"]`).waitFor();
    return page
      .locator(`table[data-table="${tableId}"] tbody tr`)
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
      );
  }

  /** The marks Vega drew (SVG renderer) once the chart is ready. */
  async function chartMarks(page: Page, chartId: string, mark: "rect" | "arc"): Promise<number> {
    const chart = page.locator(`section[data-chart="${chartId}"] figure[data-chart-ready="true"]`);
    await chart.waitFor();
    // Attached, not visible: a zero-length bar (a referrer with no case to one side) has no area.
    await chart.locator(`g.mark-${mark} path`).first().waitFor({ state: "attached" });
    return chart.locator(`g.mark-${mark} path`).count();
  }

  /** What a CSS colour (a Mantine variable) computes to in the page, for comparing backgrounds. */
  const getComputedColour = (page: Page, colour: string) =>
    page.evaluate((value) => {
      const probe = document.createElement("div");
      probe.style.backgroundColor = value;
      document.body.append(probe);
      const computed = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return computed;
    }, colour);

  const waitForMap = (page: Page, mapId: string) =>
    page.locator(`[data-map-id="${mapId}"][data-ready="true"]`).waitFor({ timeout: 20_000 });

  test(
    "the home and the navigation list every folder of queries/ under its theme, titled by its catalogue.ts",
    async () => {
      const folders = await loadAnalysisFolders();
      const titles = new Set(folders.map((folder) => folder.catalogue.title));
      const page = await customerPage();
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Analyses" });
      for (const theme of THEMES) {
        const expected = folders
          .filter((folder) => folder.catalogue.theme === theme)
          .map((folder) => folder.catalogue.title);
        // The home's card of the theme: its analyses, in menu order.
        const card = page.locator(".mantine-Card-root", {
          has: page.getByRole("heading", { name: theme, level: 4 }),
        });
        await card.waitFor();
        expect({
          theme,
          home: (await card.getByRole("link").allInnerTexts()).map((text) => text.trim()),
        }).toEqual({
          theme,
          home: expected,
        });
        // The header's menu of the theme: the same analyses first (saved views follow them).
        await nav.getByRole("button", { name: theme }).click();
        const menu = page.getByRole("menu");
        await menu.waitFor();
        const items = (await menu.getByRole("menuitem").allInnerTexts()).map((text) => text.trim());
        expect({ theme, menu: items.slice(0, expected.length) }).toEqual({ theme, menu: expected });
        expect(items.slice(expected.length).filter((item) => titles.has(item))).toEqual([]);
        if (theme === "Service Strength") await screenshot(page, "navigation-service-strength");
        await page.keyboard.press("Escape");
        await menu.waitFor({ state: "hidden" });
      }
      expect(folders.length).toBe(11);
      await screenshot(page, "navigation-home-themes");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie1 Sx Market Share: the practice's bar beside the competitors' (top 15), tables with shares in %",
    async () => {
      const page = await customerPage();
      const answer = await openQuery(page, "/queries/querie1");
      await page.getByRole("heading", { name: "Sx Market Share", exact: true }).waitFor();
      const facilities = rowsOf(answer, "competitor_market_share_facilities");
      // The practice's own bar, then the 15 largest competitor facilities.
      expect(await chartMarks(page, "facilities", "rect")).toBe(1 + Math.min(15, facilities.length));
      expect(rowsOf(answer, "practice_and_competitor_facilities")[0]).toMatchObject({
        name: "Your practice",
        side: "Practice",
        market_share: (answer.results.customer_market_share as { market_share: number }).market_share,
      });
      const cells = await tableCells(page, "facilities");
      expect(cells.length).toBe(facilities.length);
      // Ranked by claims, largest first: the first row is the facility with the most claims.
      const top = facilities.reduce((best, row) =>
        (row.claims as number) > (best.claims as number) ? row : best,
      );
      expect(cells[0]![0]).toBe(top.name as string);
      expect(numberOf(cells[0]![2]!)).toBe(top.claims as number);
      expect(cells[0]![3]).toMatch(PERCENT);
      await screenshot(page, "query-querie1");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie2 Referral Targets: referrers ranked by cases sent to competitors",
    async () => {
      const page = await customerPage();
      const answer = await openQuery(page, "/queries/querie2");
      const cells = await tableCells(page, "targets");
      expect(cells.length).toBe(rowsOf(answer, "referral_targets").length);
      // Each row: referred cases = to the practice + to competitors; the column sorted descending.
      for (const row of cells) expect(numberOf(row[2]!)).toBe(numberOf(row[3]!) + numberOf(row[4]!));
      const toCompetitors = cells.map((row) => numberOf(row[4]!));
      expect(toCompetitors).toEqual([...toCompetitors].sort((a, b) => b - a));
      expect(await chartMarks(page, "targets", "rect")).toBeGreaterThan(0);
      await screenshot(page, "query-querie2");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie3 Subspecialty Mix: both mixes add up to 100% and the differential is their difference",
    async () => {
      const page = await customerPage();
      await openQuery(page, "/queries/querie3");
      const cells = await tableCells(page, "mix");
      expect(cells.length).toBe(7);
      const sum = (column: number) => cells.reduce((total, row) => total + numberOf(row[column]!), 0);
      expect(sum(2)).toBeCloseTo(100, 0);
      expect(sum(4)).toBeCloseTo(100, 0);
      for (const row of cells) {
        expect(numberOf(row[5]!)).toBeCloseTo(numberOf(row[2]!) - numberOf(row[4]!), 1);
      }
      // Grouped bars: practice and market per service line.
      expect(await chartMarks(page, "mix", "rect")).toBe(14);
      await screenshot(page, "query-querie3");

      // Three lines only: the mixes are shares of those three, and larger differentials appear.
      // Each differential cell is coloured by the rule: above +10 orange, below -10 yellow.
      const three = ["le_joint_replacement", "spine", "trauma"];
      await openQuery(page, `/queries/querie3?servicelines=${encodeURIComponent(JSON.stringify(three))}`);
      const coloured = await page.locator('table[data-table="mix"] tbody tr').evaluateAll((rows) =>
        rows.map((row) => {
          const cell = row.querySelectorAll("td")[5]!;
          return {
            text: (cell.textContent ?? "").trim(),
            background: getComputedStyle(cell).backgroundColor,
          };
        }),
      );
      expect(coloured.length).toBe(3);
      const orange = getComputedColour(page, "var(--mantine-color-orange-2)");
      const yellow = getComputedColour(page, "var(--mantine-color-yellow-2)");
      for (const { text, background } of coloured) {
        const differential = numberOf(text);
        if (differential > 10) expect(background).toBe(await orange);
        else if (differential < -10) expect(background).toBe(await yellow);
        else expect([await orange, await yellow]).not.toContain(background);
      }
      expect(coloured.some(({ text }) => Math.abs(numberOf(text)) > 10)).toBe(true);
      expect(await chartMarks(page, "mix", "rect")).toBe(6);
      await screenshot(page, "query-querie3-highlights");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie4 Facility Partnerships: one slice per facility and per provider",
    async () => {
      const page = await customerPage();
      const answer = await openQuery(page, "/queries/querie4");
      const facilities = rowsOf(answer, "facilities_pie");
      expect(await chartMarks(page, "facilities", "arc")).toBe(facilities.length);
      expect(await chartMarks(page, "providers", "arc")).toBe(rowsOf(answer, "providers_pie").length);
      const cells = await tableCells(page, "facilities");
      expect(cells.reduce((total, row) => total + numberOf(row[1]!), 0)).toBe(
        answer.results.facilities_total as number,
      );
      await screenshot(page, "query-querie4");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie4: the OTHER slice opens its breakdown, and Back returns to the pie",
    async () => {
      // The demo practice's surgeons use 3 facilities (fewer than the top 9), so the answer is
      // rewritten in the browser into the shape a larger market gives: the last two facilities
      // folded into an OTHER slice (npi null) with their breakdown, as topWithOther builds it.
      const page = await customerPage();
      await page.route("**/api/management/queries/querie4", async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as RunAnswer;
        const slices = answer.results.facilities_pie as Row[];
        const rest = slices.slice(1);
        const cases = rest.reduce((total, row) => total + (row.cases as number), 0);
        answer.results.facilities_pie = [
          slices[0]!,
          {
            npi: null,
            name: "OTHER",
            cases,
            own: false,
            percentage: 100 - (slices[0]!.percentage as number),
          },
        ];
        answer.results.facilities_other = rest;
        await route.fulfill({ response, json: answer });
      });
      const answer = await openQuery(page, "/queries/querie4");
      const other = answer.results.facilities_other as Row[];
      expect(await chartMarks(page, "facilities", "arc")).toBe(2);
      // The OTHER slice is the second path (data order); a synthetic click, as for querie7.
      await page.locator('section[data-chart="facilities"] g.mark-arc path').nth(1).dispatchEvent("click");
      await page.getByRole("heading", { name: "OTHER facilities", exact: true }).first().waitFor();
      expect(await chartMarks(page, "facilities_other", "arc")).toBe(other.length);
      expect((await tableCells(page, "facilities_other")).map((row) => row[0])).toEqual(
        other.map((row) => row.name as string),
      );
      await screenshot(page, "query-querie4-other");
      await page.getByRole("button", { name: "Back" }).click();
      expect(await chartMarks(page, "facilities", "arc")).toBe(2);
      expect(await page.locator('table[data-table="facilities_other"]').count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie5 Location Footprint: the map, and inside + outside the drive areas = total",
    async () => {
      const page = await customerPage();
      await openQuery(page, "/queries/querie5");
      await waitForMap(page, "footprint");
      const cells = await tableCells(page, "volume_table");
      expect(cells.map((row) => row[0])).toEqual(["Inside the 15-minute drive areas", "Outside", "Total"]);
      expect(numberOf(cells[0]![1]!) + numberOf(cells[1]![1]!)).toBe(numberOf(cells[2]![1]!));
      await screenshot(page, "query-querie5");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie6 Site of Care: each side's settings add up to 100%, ending with 'All surgical service'",
    async () => {
      const page = await customerPage();
      await openQuery(page, "/queries/querie6");
      const cells = await tableCells(page, "site_of_care");
      expect(cells.at(-1)![0]).toBe("All surgical service");
      for (const row of cells) {
        for (const cell of row.slice(1)) expect(cell).toMatch(PERCENT);
        const market = row.slice(1, 5).reduce((total, cell) => total + numberOf(cell), 0);
        const practice = row.slice(5, 9).reduce((total, cell) => total + numberOf(cell), 0);
        // A side with no case in a service shows 0 everywhere.
        expect(market === 0 || Math.abs(market - 100) < 0.05).toBe(true);
        expect(practice === 0 || Math.abs(practice - 100) < 0.05).toBe(true);
      }
      expect(await chartMarks(page, "site_of_care", "rect")).toBeGreaterThan(0);
      await screenshot(page, "query-querie6");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie7 Revenue by Service: a click on a group slice shows that group's services",
    async () => {
      const page = await customerPage();
      const answer = await openQuery(page, "/queries/querie7");
      const groups = rowsOf(answer, "financial_impact_table");
      expect(await chartMarks(page, "groups", "arc")).toBe(groups.length);
      // The first group is shown by default.
      const first = groups[0]!;
      await page.getByRole("heading", { name: `Revenue by service: ${first.name}` }).waitFor();
      expect(await chartMarks(page, "services", "arc")).toBe((first.services as Row[]).length);

      const cells = await tableCells(page, "revenue");
      const groupRows = cells.filter((row) => groups.some((group) => group.name === row[0]));
      expect(groupRows.length).toBe(groups.length);
      for (const row of cells) expect(row[1]).toMatch(DOLLARS);
      // Groups share the total; each group's services share the group.
      expect(groupRows.reduce((total, row) => total + numberOf(row[2]!), 0)).toBeCloseTo(100, 1);
      expect(await page.locator('table[data-table="revenue"] tr[data-depth="1"]').count()).toBe(
        groups.reduce((total, group) => total + (group.services as Row[]).length, 0),
      );

      // Another group's slice (Vega's SVG paths follow the data order, largest first).
      const other = groups.find((group) => (group.services as Row[]).length > 1 && group !== first)!;
      // A synthetic click on the slice's path: Vega finds the item from the event target, and a
      // thin slice's bounding-box centre may lie outside the slice itself.
      await page
        .locator('section[data-chart="groups"] g.mark-arc path')
        .nth(groups.indexOf(other))
        .dispatchEvent("click");
      await page.getByRole("heading", { name: `Revenue by service: ${other.name}` }).waitFor();
      expect(await chartMarks(page, "services", "arc")).toBe((other.services as Row[]).length);
      await screenshot(page, "query-querie7");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie8 Leakage: leakage = leaked / total, competitors indented under each service",
    async () => {
      const page = await customerPage();
      const answer = await openQuery(page, "/queries/querie8");
      const cells = await tableCells(page, "leakage");
      expect(cells.length).toBe(7);
      for (const row of cells) {
        const [leaked, total] = [numberOf(row[1]!), numberOf(row[2]!)];
        expect(numberOf(row[3]!)).toBeCloseTo(total === 0 ? 0 : (leaked / total) * 100, 2);
      }
      // One bar per service line (a line with no leak has a zero-length bar).
      expect(await chartMarks(page, "leakage", "rect")).toBe(7);
      const competitors = rowsOf(answer, "leakage_provider_table").flatMap(
        (service) => service.competitors as Row[],
      );
      expect(await page.locator('table[data-table="leakage_provider"] tr[data-depth="1"]').count()).toBe(
        competitors.length,
      );
      await screenshot(page, "query-querie8");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie9 Outmigration: the zip map and 'All services' summing each column",
    async () => {
      const page = await customerPage();
      await openQuery(page, "/queries/querie9");
      await waitForMap(page, "outmigration");
      const cells = await tableCells(page, "outmigration");
      const all = cells.at(-1)!;
      expect(all[0]).toBe("All services");
      for (const column of [1, 2, 3, 4]) {
        const sum = cells.slice(0, -1).reduce((total, row) => total + numberOf(row[column]!), 0);
        expect(numberOf(all[column]!)).toBe(sum);
      }
      await screenshot(page, "query-querie9");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie10 Service Maturity: six bars in six colours, 'other' excluded",
    async () => {
      const page = await customerPage();
      await openQuery(page, "/queries/querie10");
      expect(await chartMarks(page, "maturity", "rect")).toBe(6);
      const fills = await page
        .locator('section[data-chart="maturity"] g.mark-rect path')
        .evaluateAll((paths) => [...new Set(paths.map((path) => path.getAttribute("fill")))]);
      expect(fills.length).toBe(6);
      const services = (await tableCells(page, "maturity")).map((row) => row[0]);
      expect(services).not.toContain("Other surgical");
      await screenshot(page, "query-querie10");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie11 Growth Opportunities: the waterfall, dollars per line, the population map and the what-if filters",
    async () => {
      const page = await customerPage();
      const answer = await openQuery(page, "/queries/querie11?recapture_pct=100");
      expect(answer.filters.numbers).toEqual({ recapture_pct: 100, asc_shift_pct: 0 });
      // Today, recapture, site shift, five-year demand, the total: five bars.
      expect(await chartMarks(page, "growth_waterfall", "rect")).toBe(5);
      // The what-if table: today, after recapture, after the shift, the difference, in dollars;
      // after recapture = today + the difference (no shift at 0%).
      const whatIf = await tableCells(page, "growth_what_if");
      expect(whatIf.map((row) => row[0])).toEqual([
        "Today",
        "After recapture",
        "After the ASC shift",
        "Difference",
      ]);
      for (const row of whatIf) expect(row[2]).toMatch(DOLLARS);
      expect(numberOf(whatIf[1]![2]!)).toBeCloseTo(numberOf(whatIf[0]![2]!) + numberOf(whatIf[3]![2]!), 1);
      // The demo market carries paid amounts: every line has a market price in dollars.
      const lines = await tableCells(page, "growth_lines");
      expect(lines.length).toBe(rowsOf(answer, "growth_table").length);
      for (const row of lines) expect(row[1]).toMatch(DOLLARS);
      await waitForMap(page, "population_growth");
      // The finding in words above the charts: the answer's sentences, the recapture asked for in them.
      const findings = page.getByRole("region", { name: "Findings" });
      const sentences = async () =>
        (await findings.getByRole("listitem").allInnerTexts()).map((text) => text.trim());
      expect(answer.insights.length).toBeGreaterThanOrEqual(2);
      expect(await sentences()).toEqual(answer.insights.map((insight) => insight.text));
      expect((await sentences())[0]).toMatch(/a 100% recapture is worth \$[\d.]+[kM]? a year\.$/);
      const findingsBox = await findings.boundingBox();
      const chartBox = await page.locator('section[data-chart="growth_waterfall"]').boundingBox();
      expect(findingsBox!.y).toBeLessThan(chartBox!.y);
      await screenshot(page, "query-querie11");

      // The dialog refuses a recapture of 120; 50 applies and is kept in the address.
      await page.getByRole("button", { name: "Filters" }).click();
      const dialog = page.getByRole("dialog", { name: "Filters" });
      const recapture = dialog.getByLabel("Recapture (% of leaked cases)");
      await recapture.fill("120");
      expect(await dialog.getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
      await recapture.fill("50");
      expect(await dialog.getByRole("button", { name: "Apply" }).isEnabled()).toBe(true);
      await screenshot(page, "query-querie11-filters");
      const reloaded = page.waitForResponse((response) => response.url().endsWith("/queries/querie11"));
      await dialog.getByRole("button", { name: "Apply" }).click();
      const again = (await (await reloaded).json()) as RunAnswer;
      expect(again.filters.numbers).toEqual({ recapture_pct: 50, asc_shift_pct: 0 });
      expect(new URL(page.url()).searchParams.get("recapture_pct")).toBe("50");
      await findings.getByText(/a 50% recapture is worth/).waitFor();
      expect(await sentences()).toEqual(again.insights.map((insight) => insight.text));

      // Issue 32: every chart and table with dollars says they are at the market's average paid,
      // and links to the practice's own revenue (querie7) for the same year.
      const bases = page.locator("[data-price-basis]");
      expect(await bases.count()).toBe(7);
      for (const text of await bases.allInnerTexts()) expect(text).toContain("market's average paid");
      // Outmigrated dollars: the customer's own cases outside plus the others' make the total.
      for (const row of await tableCells(page, "outmigration_split"))
        expect(numberOf(row[2]!) + numberOf(row[4]!)).toBeCloseTo(numberOf(row[5]!), 1);
      await screenshot(page, "query-querie11-price-basis");
      await page
        .locator('section[aria-label="Revenue, leakage and outmigration by service line"]')
        .getByRole("link", { name: "Your own revenue: Revenue by Service" })
        .click();
      await page.waitForURL((url) => url.pathname === "/queries/querie7");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a filter change reloads the data and is kept in the address",
    async () => {
      const page = await customerPage();
      await openQuery(page, "/queries/querie8");
      await page.getByRole("button", { name: "Filters" }).click();
      const dialog = page.getByRole("dialog", { name: "Filters" });
      await dialog.waitFor();
      // Deselect All leaves no service line: Apply is disabled until one is chosen.
      await dialog.getByRole("button", { name: "Deselect all Service lines" }).click();
      expect(await dialog.getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
      await dialog.getByLabel("Spine").check();
      await dialog.getByLabel("Trauma").check();
      await screenshot(page, "query-filters-dialog");
      const reloaded = page.waitForResponse((response) => response.url().endsWith("/queries/querie8"));
      await dialog.getByRole("button", { name: "Apply" }).click();
      const answer = (await (await reloaded).json()) as RunAnswer;
      expect(answer.filters.servicelines).toEqual(["spine", "trauma"]);
      const url = new URL(page.url());
      expect(url.pathname).toBe("/queries/querie8");
      expect(JSON.parse(url.searchParams.get("servicelines") ?? "null")).toEqual(["spine", "trauma"]);
      await page.locator('table[data-table="leakage"] tbody tr').nth(2).waitFor({ state: "detached" });
      expect((await tableCells(page, "leakage")).map((row) => row[0])).toEqual(["Spine", "Trauma"]);
      expect(await page.getByRole("button", { name: "Save" }).isEnabled()).toBe(true);

      // The address alone reproduces the screen (a bookmark), and another year changes the numbers.
      const before = await tableCells(page, "leakage");
      await openQuery(
        page,
        `/queries/querie8?year=2024&servicelines=${encodeURIComponent('["spine","trauma"]')}`,
      );
      await page.getByTestId("filter-summary").getByText("Year: 2024").waitFor();
      expect(await tableCells(page, "leakage")).not.toEqual(before);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "querie3 refuses fewer than 3 service lines, in the dialog and in the address",
    async () => {
      const page = await customerPage();
      await openQuery(page, `/queries/querie3?servicelines=${encodeURIComponent('["spine","trauma"]')}`);
      await page.getByText("The filters in the address were not used").waitFor();
      await page.getByText("Service lines: select at least 3").waitFor();
      expect(await page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
      await screenshot(page, "query-invalid-address");

      await page.getByRole("button", { name: "Filters" }).click();
      const dialog = page.getByRole("dialog", { name: "Filters" });
      await dialog.getByRole("button", { name: "Deselect all Service lines" }).click();
      for (const line of ["Spine", "Trauma"]) await dialog.getByLabel(line).check();
      await dialog.getByText("select at least 3").waitFor();
      expect(await dialog.getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
      await dialog.getByLabel("Foot & Ankle").check();
      expect(await dialog.getByRole("button", { name: "Apply" }).isEnabled()).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "Export: a table as CSV, and the charts as a PDF",
    async () => {
      const page = await customerPage();
      await openQuery(page, "/queries/querie8");
      await page.getByRole("button", { name: "Export" }).click();
      await screenshot(page, "query-export-menu");
      const csv = await downloadOf(page, () =>
        page.getByRole("menuitem", { name: "Leakage by service as CSV" }).click(),
      );
      expect(csv.suggestedFilename()).toEndWith(".csv");
      const text = readFileSync(await csv.path(), "utf8");
      // The findings in words lead the file, as they lead the screen; then an empty row and the table.
      const all = text.trim().split(/\r?\n/);
      expect(all[0]).toBe("Findings");
      const lines = all.slice(all.indexOf("") + 1);
      expect(lines[0]).toContain("Cases leaked");
      // A header and the seven service lines, as on screen.
      expect(lines.length).toBe(8);
      expect(text).toContain("Spine");

      await page.getByRole("button", { name: "Export" }).click();
      const pdf = await downloadOf(page, () => page.getByRole("menuitem", { name: "Chart as PDF" }).click());
      expect(pdf.suggestedFilename()).toBe("Leakage.pdf");
      const bytes = readFileSync(await pdf.path());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      // Landscape A4: 297 x 210 mm = 841.89 x 595.28 points, one page (one chart).
      const boxes = [...bytes.toString("latin1").matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
      expect(boxes.length).toBe(1);
      expect(Number(boxes[0]![1])).toBeCloseTo(841.89, 2);
      expect(Number(boxes[0]![2])).toBeCloseTo(595.28, 2);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "a saved view opens as a custom query (Save hidden, Delete shown) and can be deleted",
    async () => {
      const page = await customerPage();
      await openQuery(page, `/queries/querie10?servicelines=${encodeURIComponent('["spine","trauma"]')}`);
      await page.getByRole("button", { name: "Save" }).click();
      const dialog = page.getByRole("dialog", { name: "Save view" });
      await dialog.getByLabel("Title").fill("Spine and trauma maturity");
      await dialog.getByText("At most 21 characters").waitFor();
      expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
      await dialog.getByLabel("Title").fill("Spine and trauma");
      await dialog.getByLabel("Description").fill("Two lines only");
      expect(await dialog.getByLabel("Yes").isChecked()).toBe(true);
      await screenshot(page, "query-save-dialog");
      const saved = page.waitForResponse((response) => response.url().endsWith("/queries/save/"));
      await dialog.getByRole("button", { name: "Save" }).click();
      const body = (await (await saved).json()) as { res: { id: string; querie: number; filters: Row } };
      expect(body.res.querie).toBe(10);
      expect(body.res.filters.servicelines).toEqual(["spine", "trauma"]);

      await page.goto(`/queries/custom/${body.res.id}`);
      await page.getByRole("heading", { name: "Spine and trauma", exact: true }).waitFor();
      await page.getByText("Two lines only").waitFor();
      expect(await chartMarks(page, "maturity", "rect")).toBe(2);
      expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
      await screenshot(page, "query-custom");

      await page.getByRole("button", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: "Delete this saved query?" })
        .getByRole("button", { name: "Delete" })
        .click();
      await page.waitForURL(`${server.baseUrl}/`);
      await page.goto(`/queries/custom/${body.res.id}`);
      await page.getByText("This saved query does not exist").waitFor();
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "dummy mode: staff see an organisation's analysis by its address; agents cannot save it",
    async () => {
      const customer = await customerPage();
      await customer.goto("/");
      const detail = await customer.evaluate(() =>
        fetch("/api/management/customer/detail/", { credentials: "include" }).then((response) =>
          response.json(),
        ),
      );
      const orgId = (detail as { organization: { id: string } }).organization.id;

      const page = await newPage();
      await page.goto("/administration/signin");
      await page.getByLabel("Username").fill(ADMIN_USERNAME);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByLabel("Password", { exact: true }).press("Enter");
      await page.waitForURL(`${server.baseUrl}/administration/customers`);
      await openQuery(page, `/dummy/${orgId}/queries/querie6`);
      await page.getByRole("heading", { name: "Site of Care", exact: true }).waitFor();
      expect((await tableCells(page, "site_of_care")).at(-1)![0]).toBe("All surgical service");
      expect(await chartMarks(page, "site_of_care", "rect")).toBeGreaterThan(0);
      await screenshot(page, "query-dummy-querie6");

      // With filters of their own, staff may save the view; an agent may not (no Save button).
      const filtered = `/dummy/${orgId}/queries/querie6?servicelines=${encodeURIComponent('["spine"]')}`;
      await openQuery(page, filtered);
      expect(await page.getByRole("button", { name: "Save" }).isEnabled()).toBe(true);
      const agent = { username: "queryagent", email: "query-agent@vitality.test", password: "Agent!pass1" };
      const { status } = await pageApi(page, "POST", "/api/management/admin/detail/", agent);
      expect(status).toBe(200);
      const agentPage = await newPage();
      await agentPage.goto("/administration/signin");
      await agentPage.getByLabel("Username").fill(agent.username);
      await agentPage.getByLabel("Password", { exact: true }).fill(agent.password);
      await agentPage.getByLabel("Password", { exact: true }).press("Enter");
      await agentPage.waitForURL(`${server.baseUrl}/administration/customers`);
      await openQuery(agentPage, filtered);
      await agentPage.getByRole("button", { name: "Export" }).waitFor();
      expect(await agentPage.getByRole("button", { name: "Save" }).count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );
});

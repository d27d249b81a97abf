/**
 * The mailed report's PDF as a reader sees it (issue 32, "Reports that look like the screen"): the
 * analyses with a map (querie5, querie9, querie11) carry it, titled and with the screen's legend;
 * a page count the content needs (the link never spills onto a page of its own); a saved view's
 * long bar labels whole (querie6's Market and Practice rows told apart). The answers come from the
 * golden harness (no database or server), through the same content and PDF code the delivery job
 * uses. With pdftoppm on the machine, each page is also kept as a PNG in tests/e2e/screenshots/.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import querie5 from "../../queries/querie5/plugin.ts";
import querie6 from "../../queries/querie6/plugin.ts";
import querie9 from "../../queries/querie9/plugin.ts";
import querie11 from "../../queries/querie11/plugin.ts";
import { pdfText } from "../../tests/helpers/pdfText.ts";
import { mapKeyLines } from "../../web/src/query/map/mapImage.ts";
import { layerAccents } from "../../web/src/query/map/palette.ts";
import { SERVICE_LINE_LABELS, SERVICE_LINES } from "../engine/filters.ts";
import type { Plugin, PluginResult } from "../engine/plugin.ts";
import { loadRegistry } from "../engine/registry.ts";
import type { RunResponse } from "../engine/runPlugin.ts";
import {
  type BothPaths,
  type GoldenAnswer,
  type GoldenData,
  goldenHarness,
  marketCase,
  practiceLine,
} from "../engine/testing/golden.ts";
import { randomOrganisationYear, seededRandom } from "../engine/testing/randomData.ts";
import { answerContent, type ReportContent } from "./content.ts";
import { reportPdf } from "./pdf.ts";

const harness = goldenHarness();
/** The pdftoppm runs still going: they draw while the next reports are made, and end before the file does. */
const drawing: Promise<unknown>[] = [];
afterAll(async () => {
  await Promise.all(drawing);
  await harness.close();
});

const SCREENSHOTS = join(import.meta.dir, "..", "..", "tests", "e2e", "screenshots");
const hasPdftoppm = spawnSync("pdftoppm", ["-v"]).error === undefined;

/** Each page as tests/e2e/screenshots/report-<name>-<page>.png, to look at (git-ignored). */
function keepPages(name: string, pdf: Buffer) {
  if (!hasPdftoppm) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A previous run's pages of this report (it may have had more) go first.
  const page = new RegExp(`^report-${name}-\\d+\\.png$`);
  for (const old of readdirSync(SCREENSHOTS).filter((file) => page.test(file)))
    rmSync(join(SCREENSHOTS, old));
  const file = join(SCREENSHOTS, `report-${name}.pdf`);
  writeFileSync(file, pdf);
  drawing.push(Bun.spawn(["pdftoppm", "-png", "-r", "60", file, join(SCREENSHOTS, `report-${name}`)]).exited);
}

const words = (text: string) => text.replace(/\s+/g, " ");

/** The report of `plugin`'s golden answer over `data`; its pages kept as report-<artefact>-<page>.png. */
async function report(
  plugin: Plugin,
  artefact: string,
  data: GoldenData,
  filters: Record<string, unknown>,
  savedQueryId: string | null = null,
) {
  return reportOf(plugin, artefact, await harness.answer(plugin, data, filters), savedQueryId);
}

async function reportOf(
  plugin: Plugin,
  artefact: string,
  answer: GoldenAnswer<PluginResult>,
  savedQueryId: string | null = null,
) {
  const response = answer as unknown as RunResponse;
  const content: ReportContent = {
    ...(await answerContent(
      plugin,
      response,
      {
        organisationName: "Lakeside Orthopaedics",
        querie: plugin.id,
        title: `${plugin.title} report`,
        availableYears: [answer.year],
        savedQueryId,
      },
      "https://vitality.example",
    )),
    response,
  };
  const pdf = await reportPdf(content);
  keepPages(artefact, pdf);
  return { content, results: answer.results as Record<string, unknown>, read: await pdfText(pdf) };
}

/** What each report must hold of its map: the title, every line of the screen's legend. */
function expectMaps(plugin: Plugin, read: { text: string }, results: Record<string, unknown>) {
  expect(plugin.view.maps.length).toBeGreaterThan(0);
  for (const map of plugin.view.maps) {
    expect(read.text).toContain(map.title);
    const legend = mapKeyLines(map, results, layerAccents(map));
    expect(legend.length).toBeGreaterThan(0);
    for (const line of legend) expect(words(read.text)).toContain(line.text);
  }
}

/** The heading's filters in words and the findings, each whole on the first page (wrapped lines joined). */
function expectHeading(content: ReportContent, read: { pageTexts: string[] }) {
  const first = words(read.pageTexts[0]!);
  for (const line of [...content.filterLines, ...content.findings]) expect(first).toContain(words(line));
}

/** One page per chart, map and table (none of these runs past its page), the link on the last. */
function expectPages(content: ReportContent, read: { pages: number; pageTexts: string[] }) {
  expectHeading(content, read);
  expect(read.pages).toBe(content.charts.length + content.maps.length + content.tables.length);
  const last = words(read.pageTexts.at(-1)!);
  expect(last).toContain("Open in Vitality");
  expect(last).toContain(content.tables.at(-1)!.title);
}

const ALL_LINES = [...SERVICE_LINES];

/** Every analysis of queries/ (a new folder is rendered without a change here). */
const registry = await loadRegistry();

/**
 * One organisation-year every analysis has something to draw from: the property tests' random
 * market and practice, a reference year's market (querie10 compares two years) and demographics
 * for the service area's zips (querie11's population map).
 */
function everyAnalysisData() {
  const data = randomOrganisationYear(seededRandom(32));
  const marketReference = randomOrganisationYear(seededRandom(33)).market;
  const demographics = (data.serviceArea ?? []).map(({ zipcode }, index) => ({
    zip: zipcode,
    population: 1000 + index * 400,
    population_65_plus: 150 + index * 60,
    projected_population_5y: 1000 + index * 400 + (index % 2 === 0 ? 120 : -80),
  }));
  return { ...data, marketReference, demographics };
}

/** everyAnalysisData written once for all the analyses (a write per analysis would double the file's time). */
let everyAnalysisWritten: Promise<BothPaths> | undefined;
/** Each analysis's report over everyAnalysisData, made once and read by every test that looks at it. */
const everyAnalysisReports = new Map<string, ReturnType<typeof reportOf>>();
function everyAnalysisReport(plugin: Plugin) {
  let made = everyAnalysisReports.get(plugin.id);
  if (!made) {
    everyAnalysisWritten ??= harness.both(everyAnalysisData());
    made = everyAnalysisWritten.then(async (written) =>
      reportOf(plugin, plugin.id, await written.answer(plugin, {})),
    );
    everyAnalysisReports.set(plugin.id, made);
  }
  return made;
}

describe("the mailed report's PDF", () => {
  for (const plugin of registry.all()) {
    test(`${plugin.id} ${plugin.title}: one page per chart, map and table, the link on the last`, async () => {
      const { content, read } = await everyAnalysisReport(plugin);
      expect(content.charts.length + content.maps.length + content.tables.length).toBeGreaterThan(0);
      expectPages(content, read);
      // No page holding only a table's header (querie4's OTHER breakdowns when nothing is left over).
      for (const table of content.tables) expect(table.rows.length > 0 || Boolean(table.moreText)).toBe(true);
      // A negative axis label keeps its sign: vega writes it with U+2212, which Helvetica cannot
      // draw (querie10's declines read as gains).
      content.charts.forEach((chart, index) => {
        // The labels drawn (vega keeps those hidden by overlap at opacity 0).
        for (const [, label] of chart.svg.matchAll(/opacity="1">\u2212([\d.,]+)</g))
          expect(words(read.pageTexts[index]!)).toContain(`-${label}`);
      });
    });
  }

  test("querie2 Referral Targets: the legend says where the cases went in the table's words", async () => {
    const { read } = await everyAnalysisReport(registry.get("querie2")!);
    for (const page of read.pageTexts.slice(0, 2)) {
      expect(page).toContain("To the practice");
      expect(page).toContain("To competitors");
      expect(page).not.toMatch(/\bcustomer\b/);
    }
  });

  test("querie9 Outmigration: its map with the legend's bands, the link on the table's page for every service line", async () => {
    const psaFacility = { facility_npi: "3000000001", facility_zip: "10001" };
    const far = { facility_npi: "3000000009", facility_zip: "30000", rendering_name: "Dr Far" };
    const market = ALL_LINES.flatMap((line, index) => [
      marketCase({ patient_zip: "10001", service_line: line, ...psaFacility, cases: 3 + index }),
      marketCase({ patient_zip: "10002", service_line: line, ...far, cases: 1 + index }),
      marketCase({ patient_zip: "10003", service_line: line, ...far }),
    ]);
    const serviceArea = [
      { zipcode: "10001", type: "PSA" as const },
      { zipcode: "10002", type: "SSA" as const },
      { zipcode: "10003", type: "TSA" as const },
    ];
    // Every line and area chosen: the screen's address (the link) is at its longest.
    const { content, read, results } = await report(
      querie9,
      "querie9-every-line",
      { market, serviceArea },
      { servicelines: ALL_LINES, service_area: ["PSA", "SSA", "TSA"] },
    );
    expectMaps(querie9, read, results);
    expect(words(read.text)).toContain("under 1% (under");
    expectPages(content, read);
    expect(content.link.length).toBeGreaterThan(250);
  });

  test("querie5 Location Footprint: zips by volume, drive areas and markers, with the legend", async () => {
    const at10001 = { lat: 40.7484, lon: -73.9967 };
    const practice = ["10001", "10002", "11201", "10301"].map((zip, index) =>
      practiceLine({
        claim_id: `C${index}`,
        category: "spine",
        location: "Midtown Clinic",
        patient_zip: zip,
      }),
    );
    const facilities = [
      { npi: "2222222222", name: "Own ASC", zip: "10001", ...at10001 },
      {
        npi: "2222222222",
        kind: "location" as const,
        name: "Midtown Clinic",
        facility_name: "Own ASC",
        zip: "10001",
        ...at10001,
      },
    ];
    const { content, read, results } = await report(querie5, "querie5-map", { practice, facilities }, {});
    expectMaps(querie5, read, results);
    expect(read.text).toContain("Facilities");
    expectPages(content, read);
  });

  test("querie11 Growth Opportunities: the population-growth map with its bands", async () => {
    const market = [
      marketCase({
        service_line: "spine",
        patient_zip: "10001",
        rendering_npi: "1111111111",
        cases: 4,
        paid_amount: 4000,
      }),
      marketCase({
        service_line: "spine",
        patient_zip: "10002",
        rendering_npi: "4000000002",
        cases: 3,
        paid_amount: 3000,
      }),
    ];
    const demographics = [
      { zip: "10001", population: 1000, population_65_plus: 200, projected_population_5y: 1100 },
      { zip: "10002", population: 2000, population_65_plus: 300, projected_population_5y: 1800 },
    ];
    const serviceArea = [
      { zipcode: "10001", type: "PSA" as const },
      { zipcode: "10002", type: "PSA" as const },
    ];
    const { content, read, results } = await report(
      querie11,
      "querie11-map",
      { market, demographics, serviceArea, providers: [{ npi: "1111111111", full_name: "Dr Own" }] },
      { servicelines: ["spine"], recapture_pct: 40 },
    );
    // The what-if's own number, as the screen's filter summary says it (it was "-": the answer
    // keeps it under filters.numbers).
    expect(content.filterLines).toContain("Recapture (% of leaked cases): 40");
    expect(words(read.pageTexts[0]!)).toContain("Recapture (% of leaked cases): 40");
    expectMaps(querie11, read, results);
    expectPages(content, read);
  });

  test("a saved view of querie6 with every service line: each bar's label whole, Market and Practice told apart", async () => {
    const market = ALL_LINES.flatMap((line) => [
      marketCase({ rendering_npi: "1111111111", service_line: line, setting: "IP" }),
      marketCase({ rendering_npi: "4000000001", service_line: line, setting: "OP", cases: 2 }),
    ]);
    const { content, read } = await report(
      querie6,
      "querie6-saved",
      { market, providers: [{ npi: "1111111111", full_name: "Dr Own" }] },
      { servicelines: ALL_LINES },
      "5b0e4c2e-2f9a-4c55-9d0e-7a3f7f0c9a11",
    );
    const chartPage = words(read.pageTexts[0]!);
    for (const line of ALL_LINES) {
      for (const side of ["Market", "Practice"])
        expect(chartPage).toContain(`${SERVICE_LINE_LABELS[line]} · ${side}`);
    }
    expect(read.text).not.toContain("…");
    expectPages(content, read);
  });

  test("a table taller than its page goes on over the next under its header; the link follows it", async () => {
    const long =
      "a note long enough to wrap over three lines of its narrow column in the table, so that fifteen such rows need more than a page";
    const content: ReportContent = {
      organisationName: "Lakeside Orthopaedics",
      title: "Tall table",
      filterLines: ["Year: 2024"],
      findings: ["One finding, so the table starts lower on the first page."],
      charts: [],
      maps: [],
      tables: [
        {
          title: "Facilities",
          header: ["Name", "Cases", "Share", "Note"],
          rows: Array.from({ length: 15 }, (_, index) => ({
            level: 0,
            cells: [`Row ${index + 1}`, String(index), "1.00%", long],
          })),
          moreText: "5 more rows in the app",
        },
      ],
      link: "https://vitality.example/queries/querie1?year=2024",
      response: {} as RunResponse,
    };
    const pdf = await reportPdf(content);
    keepPages("tall-table", pdf);
    const read = await pdfText(pdf);
    expect(read.pages).toBe(2);
    const [first, second] = read.pageTexts.map(words) as [string, string];
    expect(second).toContain("Facilities (continued)");
    expect(second).toContain("Name Cases Share Note");
    for (let row = 1; row <= 15; row++) {
      // Each row once, on one of the two pages.
      const on = [first, second].filter((page) => new RegExp(`Row ${row} `).test(page));
      expect(on.length).toBe(1);
    }
    expect(second).toContain("Row 15");
    expect(second).toContain("5 more rows in the app");
    expect(second).toContain("Open in Vitality");
  });
});

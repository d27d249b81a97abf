/**
 * Golden-test harness: a plugin run on a tiny hand-written dataset. Rows are written as Parquet in
 * a temporary data folder and bound exactly as in production, so the tests exercise the real
 * binding, base views and kernels. Expected numbers belong in the tests, worked out by hand.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type DuckDb, openDuckDb, quoteIdent, type SqlValue } from "../../duckdb/open.ts";
import { categories } from "../../reference/codes/categories.ts";
import {
  type CanonicalColumn,
  demographicsColumns,
  marketCaseColumns,
  practiceLineColumns,
} from "../canonicalColumns.ts";
import { preparePluginRows } from "../derived/prepareFiles.ts";
import { closeDuckPools } from "../duckPool.ts";
import { executeKernel } from "../executeKernel.ts";
import { parseFilters } from "../filters.ts";
import type { CanonicalInputs, OrgFacility, OrgProvider, ServiceAreaZip } from "../inputs.ts";
import { type Insight, type InsightAnswer, insightsOf } from "../insights.ts";
import type { Plugin, PluginResult } from "../plugin.ts";
import { type EngineSettings, engineSettings } from "../settings.ts";
import { lazyZipPolygonLookup } from "../zipPolygons.ts";

export type Row = Record<string, string | number | boolean | null>;

export const GOLDEN_YEAR = 2024;
export const GOLDEN_REFERENCE_YEAR = 2022;

const categoryOfLine = (serviceLine: string) => (serviceLine === "other" ? "other_surgical" : serviceLine);

/** A market case; `service_line` sets category and is_surgical the way the derivations would. */
export function marketCase(values: Row & { service_line?: string }): Row {
  const serviceLine = (values.service_line as string | undefined) ?? "spine";
  return {
    year: GOLDEN_YEAR,
    patient_zip: "10001",
    setting: "IP",
    facility_npi: "9000000001",
    facility_name: "Facility 9000000001",
    facility_zip: "10001",
    rendering_npi: "8000000001",
    rendering_name: "Provider 8000000001",
    referring_npi: null,
    referring_name: null,
    cases: 1,
    category: categoryOfLine(serviceLine),
    service_line: serviceLine,
    is_surgical: true,
    ...values,
  };
}

let claimCounter = 0;

/** A practice line; a `category` sets service_line/is_surgical/category_rank as derivations would. */
export function practiceLine(values: Row & { category?: string | null }): Row {
  const category = values.category === undefined ? "established_em" : values.category;
  const surgicalLine =
    category === null
      ? null
      : ["le_joint_replacement", "spine", "trauma", "hand_ue", "foot_ankle", "sports_medicine"].includes(
            category,
          )
        ? category
        : category === "other_surgical"
          ? "other"
          : null;
  return {
    source: "professional",
    claim_id: `C${++claimCounter}`,
    line: 1,
    patient_id: "P1",
    patient_zip: "10001",
    rendering_npi: "8000000001",
    facility_npi: null,
    location: null,
    place_of_service: "11",
    cpt: "99213",
    units: 1,
    charge_amount: 100,
    paid_amount: 0,
    payer_class: "commercial",
    setting: "OFFICE",
    category,
    category_rank: category === null ? null : categories.indexOf(category as never),
    service_line: surgicalLine,
    is_surgical: surgicalLine !== null,
    ...values,
  };
}

export interface GoldenData {
  market?: Row[];
  marketReference?: Row[];
  practice?: Row[];
  /** The year's demographics: zip, population, population_65_plus, projected_population_5y. */
  demographics?: Row[];
  providers?: OrgProvider[];
  facilities?: Array<Partial<OrgFacility> & { npi: string; name: string }>;
  serviceArea?: ServiceAreaZip[];
  serviceAreaReference?: ServiceAreaZip[];
  /** The organisation's years with data, as a served run has them (unset: as the CLI's run). */
  availableYears?: number[];
}

/** Writes rows as a Parquet file with the canonical columns (tests build warehouse files with it). */
export async function writeParquet(duck: DuckDb, path: string, columns: CanonicalColumn[], rows: Row[]) {
  const names = columns.map((column) => column.name);
  const unknown = rows.flatMap((row) => Object.keys(row)).find((key) => !names.includes(key));
  if (unknown) throw new Error(`golden row has a column the contract does not know: ${unknown}`);
  await duck.run(
    `CREATE OR REPLACE TEMP TABLE golden_rows (${columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(", ")})`,
  );
  if (rows.length > 0) {
    const groups = rows.map((_, r) => `(${names.map((_, c) => `$${r * names.length + c + 1}`).join(", ")})`);
    const values = rows.flatMap((row) => names.map((name) => (row[name] ?? null) as SqlValue));
    await duck.run(`INSERT INTO golden_rows VALUES ${groups.join(", ")}`, values);
  }
  // The path is this harness's own temporary file.
  mkdirSync(dirname(path), { recursive: true });
  await duck.run(`COPY golden_rows TO '${path.replaceAll("'", "''")}' (FORMAT parquet)`);
}

export interface GoldenHarness {
  run<Result extends PluginResult>(
    plugin: Plugin<Result>,
    data: GoldenData,
    filters?: Record<string, unknown>,
    settings?: Partial<EngineSettings>,
  ): Promise<Result>;
  /** The run as the API answers it: results with the filters, the years and the insights. */
  answer<Result extends PluginResult>(
    plugin: Plugin<Result>,
    data: GoldenData,
    filters?: Record<string, unknown>,
  ): Promise<GoldenAnswer<Result>>;
  /**
   * The data written once, then each filter set answered by the kernel and by the plugin's prepared
   * tables (plugin.ts `prepared`, made on the first call and kept for the others): the property
   * tests of the prepared answers compare the two.
   */
  both(data: GoldenData): Promise<BothPaths>;
  close(): Promise<void>;
}

export interface BothPaths {
  kernel(plugin: Plugin, filters: Record<string, unknown>): Promise<PluginResult>;
  prepared(plugin: Plugin, filters: Record<string, unknown>): Promise<PluginResult>;
  /** The kernel's run as answer() gives it, over the data written once (many analyses, one write). */
  answer(plugin: Plugin, filters: Record<string, unknown>): Promise<GoldenAnswer<PluginResult>>;
}

export interface GoldenAnswer<Result> extends InsightAnswer<Result> {
  insights: Insight[];
}

/**
 * The results, once the analysis's own encoder (plugin.ts `encode`) has been checked to write what
 * JSON.stringify writes: every golden run of such an analysis checks it.
 */
function checkedEncoding<Result extends PluginResult>(plugin: Plugin<Result>, results: Result): Result {
  if (plugin.encode && plugin.encode(results) !== JSON.stringify(results))
    throw new Error(`${plugin.id}: its encode() writes another text than JSON.stringify of its results`);
  return results;
}

/** One temporary data folder per test file; each run writes its own files in a subfolder. */
export function goldenHarness(): GoldenHarness {
  const dataDir = mkdtempSync(join(tmpdir(), "vitality-golden-"));
  let runs = 0;
  let writer: Promise<DuckDb> | undefined;
  const settings = engineSettings({});

  async function write(runDir: string, name: string, columns: CanonicalColumn[], rows: Row[] | undefined) {
    if (!rows) return [];
    writer ??= openDuckDb({ dataDir, threads: 1 });
    const path = join(runDir, `${name}.parquet`);
    await writeParquet(await writer, path, columns, rows);
    return [path];
  }

  const parsedFilters = (plugin: Plugin, rawFilters: Record<string, unknown>) => {
    const parsed = parseFilters(plugin.filters, { year: GOLDEN_YEAR }, rawFilters);
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  };

  /** Writes the data in a run folder of its own: the inputs of a run of `year`. */
  async function inputsOf(data: GoldenData, year: number): Promise<CanonicalInputs & { runDir: string }> {
    const runDir = join(dataDir, `run${++runs}`);
    mkdirSync(runDir, { recursive: true });
    const marketCases = await write(runDir, "market", marketCaseColumns, data.market);
    // As in production: when the reference year is the selected year, it reads the same files.
    const marketCasesReference = data.marketReference
      ? await write(runDir, "market_reference", marketCaseColumns, data.marketReference)
      : marketCases;
    const practiceLines = await write(runDir, "practice", practiceLineColumns, data.practice);
    const demographics = await write(runDir, "demographics", demographicsColumns, data.demographics);
    const serviceArea = data.serviceArea ?? [{ zipcode: "10001", type: "PSA" }];
    return {
      runDir,
      year,
      referenceYear: data.marketReference ? GOLDEN_REFERENCE_YEAR : year,
      files: { marketCases, marketCasesReference, practiceLines, demographics },
      dimensions: {
        providers: data.providers ?? [],
        facilities: (data.facilities ?? []).map((facility) => ({
          kind: "facility",
          facility_name: facility.name,
          zip: "10001",
          lat: null,
          lon: null,
          ...facility,
        })),
        serviceArea,
        serviceAreaReference: data.serviceAreaReference ?? serviceArea,
      },
      zipPolygon: lazyZipPolygonLookup(),
      availableYears: data.availableYears,
    };
  }

  const harness: GoldenHarness = {
    async run(plugin, data, rawFilters = {}, settingsOverride = {}) {
      const filters = parsedFilters(plugin, rawFilters);
      const { runDir: _runDir, ...inputs } = await inputsOf(data, filters.year);
      const results = await executeKernel(plugin, inputs, filters, {
        dataDir,
        settings: { ...settings, ...settingsOverride },
        threads: 1,
      });
      return checkedEncoding(plugin, results);
    },
    async both(data) {
      const { runDir, ...inputs } = await inputsOf(data, GOLDEN_YEAR);
      // Kept values of their own: the prepared tables are made as the pipeline makes them (a run
      // never does), on the first call, then read.
      const kept = { dir: join(runDir, "kept"), zipPolygons: "bundled", data: runDir };
      const options = { dataDir, settings, threads: 1 };
      return {
        kernel: async (plugin, raw) =>
          checkedEncoding(plugin, await executeKernel(plugin, inputs, parsedFilters(plugin, raw), options)),
        async prepared(plugin, raw) {
          await preparePluginRows(plugin, { ...inputs, kept }, dataDir);
          return checkedEncoding(
            plugin,
            await executeKernel(plugin, { ...inputs, kept }, parsedFilters(plugin, raw), options),
          );
        },
        async answer(plugin, raw) {
          const filters = parsedFilters(plugin, raw);
          const told = {
            results: checkedEncoding(plugin, await executeKernel(plugin, inputs, filters, options)),
            filters,
            year: filters.year,
            reference_year: inputs.referenceYear,
          };
          return { ...told, insights: insightsOf(plugin, told) };
        },
      };
    },
    async answer(plugin, data, rawFilters = {}) {
      const parsed = parseFilters(plugin.filters, { year: GOLDEN_YEAR }, rawFilters);
      if (!parsed.success) throw parsed.error;
      const told = {
        results: await harness.run(plugin, data, rawFilters),
        filters: parsed.data,
        year: parsed.data.year,
        // As run() binds it: the reference year's market is the selected year's without one.
        reference_year: data.marketReference ? GOLDEN_REFERENCE_YEAR : parsed.data.year,
      };
      return { ...told, insights: insightsOf(plugin, told) };
    },
    async close() {
      if (writer) (await writer).close();
      closeDuckPools(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

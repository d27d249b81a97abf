/**
 * The plugin SDK: one analysis = one folder under queries/ whose plugin.ts default-exports
 * `definePlugin({...})`. The engine owns data access, filters, caching and HTTP; a plugin owns its
 * SQL, the shaping of rows into the result keys of the spec, and how the screen draws them.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { type AnalysisTexts, THEMES, type Theme } from "./catalogue.ts";
import type { ColumnTable } from "./columnTable.ts";
import type { FilterLists } from "./filterLists.ts";
import { type FilterDefaults, type FilterOptions, type Filters, filterSchema } from "./filters.ts";
import type { KernelInputs } from "./inputs.ts";
import type { InsightAnswer, InsightDraft, InsightsWriter } from "./insights.ts";
import type { EngineSettings } from "./settings.ts";
import type { SqlRunner } from "./sqlRunner.ts";
import type { ViewDescriptor } from "./view.ts";

export { THEMES, type Theme } from "./catalogue.ts";

export const MATERIALISABLE_VIEWS = ["market_base", "practice_base", "practice_cases"] as const;
export type MaterialisableView = (typeof MATERIALISABLE_VIEWS)[number];

/** A result: plain JSON, keyed as the spec's result keys. */
export type PluginResult = Record<string, unknown>;

export interface KernelContext {
  filters: Filters;
  /** Runs the plugin's own .sql files with named, bound parameters. */
  sql: SqlRunner;
  inputs: KernelInputs;
  settings: EngineSettings;
  /** The filter dialog's choices (service lines, the service area's facilities and providers). */
  filterLists(): Promise<FilterLists>;
}

/** What a plugin's prepare step gets: a kernel's context without a request's filters. */
export type PrepareContext = Omit<KernelContext, "filters">;

/**
 * A table an analysis has prepared: one of its .sql files, its rows parsed with `row` (an object:
 * the table is held as its columns, columnTable.ts).
 */
export interface PreparedTable<Row extends z.ZodObject = z.ZodObject> {
  sql: string;
  row: Row;
}
export type PreparedTables = Record<string, PreparedTable>;
/** Each prepared table, as columns (read through `eachRow`, `rowAt`, `rows`). */
export type PreparedRows<Tables extends PreparedTables> = {
  [Name in keyof Tables]: ColumnTable<z.infer<Tables[Name]["row"]>>;
};

/** What an answer from prepared tables gets: the request's filters and the tables' rows, no SQL. */
export interface PreparedAnswerContext<Tables extends PreparedTables = PreparedTables> {
  filters: Filters;
  tables: PreparedRows<Tables>;
  inputs: KernelInputs;
  settings: EngineSettings;
  /** The filter dialog's choices, as a kernel has them. */
  filterLists(): Promise<FilterLists>;
}

/**
 * Small aggregated tables an analysis reads instead of its base sets: each table's SQL runs over the
 * organisation-year's relations with no filter, once per data version (derived/preparedTables.ts),
 * and `answer` narrows and adds up their rows for a request. It must give the kernel's result for
 * every filter set: the kernel stays the definition, and a property test compares the two.
 */
export interface PreparedAnswer<
  Result extends PluginResult = PluginResult,
  Tables extends PreparedTables = PreparedTables,
> {
  tables: Tables;
  answer(context: PreparedAnswerContext<Tables>): Promise<Result> | Result;
}

/** Declares an analysis's prepared tables and its answer from them, typed by the tables' rows. */
export const preparedAnswer = <Tables extends PreparedTables, Result extends PluginResult>(
  prepared: PreparedAnswer<Result, Tables>,
) => prepared as unknown as PreparedAnswer<Result>;

export interface PluginDefinition<Result extends PluginResult = PluginResult> {
  /** querie1, querie2, ...; equal to the folder name. */
  id: string;
  /** Title and theme: the folder's catalogue.ts, spread (`...catalogue`); the registry checks it. */
  title: string;
  theme: Theme;
  description: string;
  /** Bump when the meaning of a result changes without its SQL changing (the SQL is hashed anyway). */
  version: number;
  /** The plugin's folder (`import.meta.dir`): its .sql files are read from there. */
  dir: string;
  filters: FilterOptions;
  /**
   * Base views the kernel reads several times: computed once per run into a temp table (a view is
   * re-evaluated by every statement that reads it).
   */
  materialise?: MaterialisableView[];
  kernel(context: KernelContext): Promise<Result>;
  /**
   * Work that depends on the organisation-year's data but not on a request's filters, done by the
   * data pipeline when the data changes (derived/prepareFiles.ts) and kept as files
   * (`inputs.kept`, derived/keptJson.ts), so that no user's first request pays for it.
   */
  prepare?(context: PrepareContext): Promise<void>;
  /**
   * The answer from prepared tables (`preparedAnswer`), used when the organisation-year has derived
   * files; the kernel answers otherwise (tests' bound rows) and is the oracle of its property test.
   */
  prepared?: PreparedAnswer<Result>;
  view: ViewDescriptor;
  /**
   * The results' JSON text, for an analysis whose results JSON.stringify writes slowly: an object
   * keyed by numbers (querie9's zip codes) puts JSC's JSON.stringify on its slow path for the whole
   * answer, 3x. Must equal JSON.stringify(results); the golden harness checks it on every run.
   */
  encode?(results: Result): string;
  /**
   * The finding in words (the folder's insights.ts): 2-4 sentences over the answer, each with the
   * figures it cites by their path in the answer; the engine adds them to it as `insights`.
   */
  insights: InsightsWriter<NoInfer<Result>>;
  /**
   * The folder's texts.ts: the screen's default texts and the insights' templates (`insight_…`),
   * which staff edit in Query texts.
   */
  texts: AnalysisTexts;
}

export interface Plugin<Result extends PluginResult = PluginResult>
  extends Omit<PluginDefinition<Result>, "insights"> {
  /** A method, so that a plugin of any result is a Plugin<PluginResult> (the registry's). */
  insights(answer: InsightAnswer<Result>): ReadonlyArray<InsightDraft | null>;
  /** The filter schema with the organisation's defaults (last available year). */
  filterSchema(defaults?: FilterDefaults): z.ZodType<Record<string, unknown>>;
  /** version plus a hash of the plugin's SQL: part of every cache key. */
  fingerprint: string;
}

const PLUGIN_ID = /^[a-z][a-z0-9_]*$/;

/** Hashes every .sql file of the folder, so editing a kernel invalidates its cached results. */
function sqlFingerprint(dir: string) {
  const hash = createHash("sha256");
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(dir, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

export function definePlugin<Result extends PluginResult>(
  definition: PluginDefinition<Result>,
): Plugin<Result> {
  if (!PLUGIN_ID.test(definition.id))
    throw new Error(`plugin id '${definition.id}' must be lower-case letters/digits`);
  if (!THEMES.includes(definition.theme))
    throw new Error(`plugin ${definition.id}: unknown theme ${definition.theme}`);
  if (!definition.filters.fields.includes("year"))
    throw new Error(`plugin ${definition.id}: year is a required filter`);
  for (const view of definition.materialise ?? []) {
    if (!MATERIALISABLE_VIEWS.includes(view))
      throw new Error(`plugin ${definition.id}: cannot materialise ${view}`);
  }
  return {
    ...definition,
    filterSchema: (defaults = {}) => filterSchema(definition.filters, defaults),
    fingerprint: `${definition.version}-${sqlFingerprint(definition.dir)}`,
  };
}

/**
 * Writes an organisation's derived files (derivedFiles.ts) for every year a customer can open,
 * ahead of the first analysis request: the data pipeline calls it when the organisation's inputs
 * change (prepareJob.ts), and after loading data without a job worker (the demo seed, the tenant
 * bench's setup). Each year's inputs are resolved and bound on a pooled connection exactly as a
 * run binds them (bindRunRelations), which writes any missing file, then the values runs keep beside
 * them are made (the filter lists, plugins' prepare steps: keptJson.ts); the run then finds them
 * all. A run still writes a missing file itself, so this is an optimisation, never needed for an
 * answer.
 */
import { existsSync } from "node:fs";
import type { AppContext } from "../../context.ts";
import type { DuckDb } from "../../duckdb/open.ts";
import { bindRunRelations } from "../bindInputs.ts";
import { leaseDuck } from "../duckPool.ts";
import { runContext } from "../executeKernel.ts";
import { listsOf } from "../filterLists.ts";
import type { CanonicalInputs } from "../inputs.ts";
import { organisationYearsOf, resolveInputs } from "../organisationInputs.ts";
import type { Plugin } from "../plugin.ts";
import { pluginRegistry } from "../registry.ts";
import { engineSettings } from "../settings.ts";
import { sqlColumns } from "../sqlRunner.ts";
import { dropHeldValuesOf } from "./heldKept.ts";
import { preparedRows, readPreparedTables } from "./preparedTables.ts";

export interface PreparedYear {
  year: number;
  /** Files missing when the year was looked at (written here, or by a run at the same time). */
  written: number;
  ms: number;
}

export interface PreparedOrganisation {
  organisationId: string;
  years: PreparedYear[];
  ms: number;
}

/**
 * The values made from the organisation-year's data that runs read (keptJson.ts): the filter
 * dialog's lists, each plugin's prepare step (querie9's flows and service-area polygons) and each
 * plugin's prepared tables (preparedTables.ts).
 * Made when missing, read when present.
 */
async function prepareKeptValues(duck: DuckDb, inputs: CanonicalInputs) {
  const settings = engineSettings();
  await listsOf(duck, inputs);
  for (const plugin of (await pluginRegistry()).all()) {
    await plugin.prepare?.(runContext(duck, plugin, inputs, settings));
    const { prepared } = plugin;
    if (prepared && inputs.kept)
      await preparedRows(plugin, inputs.kept, () =>
        readPreparedTables(prepared.tables, sqlColumns(duck, plugin.dir)),
      );
  }
}

/**
 * `work` on a connection of the runs' pool (all threads: writing scans the year's market) with the
 * organisation-year's relations bound, so the connection keeps the bindings for the next run it serves.
 */
async function onBoundConnection<Value>(
  dataDir: string,
  inputs: CanonicalInputs,
  work: (duck: DuckDb) => Promise<Value>,
): Promise<Value> {
  const lease = await leaseDuck({ dataDir });
  let releaseSchema: (() => void) | undefined;
  try {
    releaseSchema = await bindRunRelations(lease.duck, inputs, lease.duck.bound);
    return await work(lease.duck);
  } catch (error) {
    // As after a failed run: nothing the connection bound is trusted.
    lease.duck.bound.clear();
    throw error;
  } finally {
    releaseSchema?.();
    lease.release();
  }
}

/**
 * One analysis's prepared rows of an organisation-year, made and kept as the pipeline makes them
 * (a request never does): how tests reach the prepared path of a run.
 */
export async function preparePluginRows(plugin: Plugin, inputs: CanonicalInputs, dataDir: string) {
  const { prepared } = plugin;
  const { kept } = inputs;
  if (!prepared || !kept) throw new Error(`${plugin.id}: no prepared tables or no kept values to make`);
  return preparedRows(plugin, kept, () =>
    onBoundConnection(dataDir, inputs, (duck) =>
      readPreparedTables(prepared.tables, sqlColumns(duck, plugin.dir)),
    ),
  );
}

export interface PrepareOptions {
  /**
   * Only the years customers can open (staff enabled them), not every year staff may read: a
   * bench's loading of many organisations that only customers read.
   */
  enabledOnly?: boolean;
}

export async function prepareAnalysisFiles(
  context: Pick<AppContext, "config" | "database">,
  organisationId: string,
  options: PrepareOptions = {},
): Promise<PreparedOrganisation> {
  const started = performance.now();
  const { db } = context.database;
  const { dataDir } = context.config;
  const years = await organisationYearsOf(db, dataDir, organisationId);
  const prepared: PreparedYear[] = [];
  for (const year of options.enabledOnly ? years.enabledYears : years.availableYears) {
    const yearStarted = performance.now();
    let written = 0;
    // The year's data now and, while newer data is reviewed, the version staff enabled: what the
    // customers read then, a data version of its own.
    const held = years.held.get(year);
    for (const version of held ? [undefined, held] : [undefined]) {
      const { inputs } = await resolveInputs(db, dataDir, organisationId, year, years, version);
      written += Object.values(inputs.files.derived ?? {}).filter((path) => !existsSync(path)).length;
      await onBoundConnection(dataDir, inputs, (duck) => prepareKeptValues(duck, inputs));
    }
    prepared.push({ year, written, ms: Math.round(performance.now() - yearStarted) });
  }
  return { organisationId, years: prepared, ms: Math.round(performance.now() - started) };
}

/** Every organisation's files, one after another (loading without a job worker); failures logged. */
export async function prepareEveryOrganisation(
  context: Pick<AppContext, "config" | "database" | "logger">,
  organisationIds: string[],
  onPrepared?: (prepared: PreparedOrganisation) => void,
  options: PrepareOptions = {},
) {
  const outcomes: PreparedOrganisation[] = [];
  for (const organisationId of organisationIds) {
    try {
      const prepared = await prepareAnalysisFiles(context, organisationId, options);
      outcomes.push(prepared);
      onPrepared?.(prepared);
    } catch (error) {
      context.logger.warn("analysis files not prepared", { organisationId, error: String(error) });
    }
    // Each organisation is prepared once here: the values it left held would only fill the caches'
    // bounds (loading 500 organisations, the process grew past 5 GB). Runs read the kept files.
    dropHeldValuesOf(organisationId);
  }
  return outcomes;
}

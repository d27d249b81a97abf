import { type DuckDb, openDuckDb } from "../duckdb/open.ts";
import { bindInputs } from "./bindInputs.ts";
import { filterLists } from "./filterLists.ts";
import type { Filters } from "./filters.ts";
import type { CanonicalInputs } from "./inputs.ts";
import type { Plugin, PluginResult } from "./plugin.ts";
import type { EngineSettings } from "./settings.ts";
import { sqlRunner } from "./sqlRunner.ts";

export interface KernelRunOptions {
  /** DATA_DIR: the only folder the DuckDB of the run may read. */
  dataDir: string;
  settings: EngineSettings;
  threads?: number;
}

/**
 * One kernel run on a fresh sandboxed DuckDB: bind the inputs and filters, run the plugin, close.
 * A connection per run keeps runs independent (temp views and tables are per connection).
 */
export async function executeKernel<Result extends PluginResult>(
  plugin: Plugin<Result>,
  inputs: CanonicalInputs,
  filters: Filters,
  options: KernelRunOptions,
): Promise<Result> {
  const duck: DuckDb = await openDuckDb({ dataDir: options.dataDir, threads: options.threads });
  try {
    await bindInputs(duck, inputs, filters);
    for (const view of plugin.materialise ?? []) {
      // The table is filled from the view first, then the view reads the table: same name, one scan.
      await duck.run(`CREATE OR REPLACE TEMP TABLE ${view}_materialised AS SELECT * FROM ${view}`);
      await duck.run(`CREATE OR REPLACE TEMP VIEW ${view} AS SELECT * FROM ${view}_materialised`);
    }
    return await plugin.kernel({
      filters,
      sql: sqlRunner(duck, plugin.dir),
      inputs: {
        year: inputs.year,
        referenceYear: inputs.referenceYear,
        dimensions: inputs.dimensions,
        zipPolygon: inputs.zipPolygon,
      },
      settings: options.settings,
      filterLists: () => filterLists(duck),
    });
  } finally {
    duck.close();
  }
}

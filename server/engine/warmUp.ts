/**
 * A starting process runs each analysis's answer a few times over organisation-years it has made
 * ready (bindAtStart.ts) before it listens, with filter sets a screen would send, so that the first
 * users' answers run code JavaScriptCore has already compiled. Without it a fresh process answered
 * its first seconds from the interpreter and its baseline code while the JIT's threads compiled
 * beside the requests on the same cores (bench/README.md, "Warm before listening"). The answers
 * made here are not kept: the answers' cache holds what users ask for.
 */
import type { AppContext } from "../context.ts";
import { FACILITY_TYPES, SERVICE_AREA_TYPES, SERVICE_LINES } from "./filters.ts";
import type { Plugin } from "./plugin.ts";
import type { Registry } from "./registry.ts";
import { runPlugin } from "./runPlugin.ts";

const SUBSET_STEP = 37;

/** Filter sets run per analysis and organisation-year: enough for the JIT's optimising tiers. */
export const WARM_UP_RUNS = 48;

/**
 * A closed list's `index`-th choice: every entry first (the screen's default), then a different
 * subset for each index (its entries by the bits of a number stepping through the subsets), topped
 * up to `least` entries.
 */
function choiceOf<Entry>(list: readonly Entry[], index: number, least: number): Entry[] | undefined {
  if (index === 0) return undefined;
  const subsets = 2 ** list.length - 1;
  // A step sharing no factor with the subsets' count visits each before it repeats.
  const bits = ((index * SUBSET_STEP) % subsets) + 1;
  const chosen = list.filter((_, entry) => bits & (1 << entry));
  for (const entry of list) if (chosen.length < least && !chosen.includes(entry)) chosen.push(entry);
  return chosen;
}

/** The `index`-th filter set of an analysis, as a request's body holds them (the newest year by default). */
export function warmUpFilters(plugin: Pick<Plugin, "filters">, index: number): Record<string, unknown> {
  const { fields, minServicelines } = plugin.filters;
  const filters: Record<string, unknown> = {};
  const choose = (field: string, list: readonly string[], least = 1) => {
    const choice = fields.includes(field as never) ? choiceOf(list, index, least) : undefined;
    if (choice) filters[field] = choice;
  };
  choose("servicelines", SERVICE_LINES, minServicelines ?? 1);
  choose("service_area", SERVICE_AREA_TYPES);
  choose("facility_type", FACILITY_TYPES);
  return filters;
}

/**
 * Runs every analysis WARM_UP_RUNS times on each organisation, until `deadline`
 * (performance.now()); a run that fails (a year not open) is left. Answers how many ran.
 */
export async function warmUp(
  context: Pick<AppContext, "config" | "database"> & Partial<Pick<AppContext, "live">>,
  registry: Registry,
  organisationIds: readonly string[],
  deadline: number,
): Promise<number> {
  let runs = 0;
  for (const organisationId of organisationIds)
    for (let index = 0; index < WARM_UP_RUNS; index++) {
      // Answers run back to back leave garbage faster than the collector runs by itself: without
      // a collection asked for after each round, 1,056 answers took a 10-organisation server's
      // peak from 535 to 830 MB.
      if (index > 0) Bun.gc(false);
      for (const plugin of registry.all()) {
        if (performance.now() > deadline) return runs;
        await runPlugin({
          context,
          organisationId,
          pluginId: plugin.id,
          filters: warmUpFilters(plugin, index),
          registry,
          keep: false,
        }).then(
          () => runs++,
          () => undefined,
        );
      }
    }
  return runs;
}

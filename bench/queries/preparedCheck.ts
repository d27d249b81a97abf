/**
 * `bun bench/queries/preparedCheck.ts [1m]`: every analysis with prepared tables (plugin.ts
 * `prepared`) answered over the bench's data folder both ways - from its prepared rows and by its
 * kernel (the same registry with `prepared` left out) - on a fixed list of filter sets, and the two
 * answers compared as JSON text (figures, order and key order). The property tests
 * (prepared.test.ts) do this on small random organisation-years; this is the same check at a
 * bench size. BENCH_ONLY=querie3,querie8 narrows it; BENCH_OUT moves the data folder (setup.ts).
 * Exits 1 when an answer differs, naming the analysis, the filters and the first lines that differ.
 * Also prints a hash of every prepared answer's text, to compare two builds' answers on one folder.
 */
import { createHash } from "node:crypto";
import { closeDuckPools } from "../../server/engine/duckPool.ts";
import { SERVICE_LINES } from "../../server/engine/filters.ts";
import { pluginRegistry, type Registry } from "../../server/engine/registry.ts";
import { clearRunCache, runPlugin } from "../../server/engine/runPlugin.ts";
import { openBenchData } from "./setup.ts";

const size = process.argv[2] ?? "1m";
const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));

/** Filter sets a screen sends: defaults, line subsets, area types, settings (each kept to a plugin's fields). */
const FILTER_SETS: Record<string, unknown>[] = [
  {},
  { servicelines: SERVICE_LINES.slice(0, 3) },
  { servicelines: SERVICE_LINES.slice(2) },
  { service_area: ["PSA"] },
  { service_area: ["SSA", "TSA"], servicelines: SERVICE_LINES.slice(1, 5) },
  { facility_type: ["IP", "OP"] },
  { facility_type: ["ASC", "OFFICE"], service_area: ["PSA", "TSA"] },
];

const data = await openBenchData(size);
const registry = await pluginRegistry();
const kernelsOnly: Registry = {
  ...registry,
  get: (id) => {
    const plugin = registry.get(id);
    return plugin && { ...plugin, prepared: undefined };
  },
};
const answer = async (pluginId: string, filters: Record<string, unknown>, chosen: Registry) => {
  clearRunCache();
  const outcome = await runPlugin({
    context: data.context,
    organisationId: data.organisationId,
    pluginId,
    filters,
    registry: chosen,
  });
  // Answered from prepared rows: their read is a step of its own (executeKernel.ts).
  if (chosen === registry && outcome.timings.prepared === undefined) notFromPrepared += 1;
  return JSON.stringify(outcome.response, null, 1);
};

let compared = 0;
let different = 0;
/** Answers of the prepared registry that its kernel gave (rows never made for the data version). */
let notFromPrepared = 0;
const answers = createHash("sha256");
for (const plugin of registry.all()) {
  if (!plugin.prepared || (only.size > 0 && !only.has(plugin.id))) continue;
  const seen = new Set<string>();
  for (const set of FILTER_SETS) {
    const filters = Object.fromEntries(
      Object.entries(set).filter(([field]) => plugin.filters.fields.includes(field as never)),
    );
    if (seen.has(JSON.stringify(filters))) continue;
    seen.add(JSON.stringify(filters));
    const prepared = await answer(plugin.id, filters, registry);
    const kernel = await answer(plugin.id, filters, kernelsOnly);
    answers.update(prepared);
    compared += 1;
    if (prepared === kernel) continue;
    different += 1;
    console.log(`DIFFERENT ${plugin.id} ${JSON.stringify(filters)}`);
    const [a, b] = [prepared.split("\n"), kernel.split("\n")];
    for (let line = 0, shown = 0; line < Math.max(a.length, b.length) && shown < 5; line++)
      if (a[line] !== b[line]) {
        console.log(`  line ${line}: prepared ${a[line]} | kernel ${b[line]}`);
        shown += 1;
      }
  }
}
console.log(
  `${size}: ${compared} answers compared, ${different} different, ${notFromPrepared} not from prepared rows; prepared answers sha256 ${answers.digest("hex").slice(0, 16)}`,
);
await data.context.database.close();
closeDuckPools();
process.exit(different > 0 || notFromPrepared > 0 ? 1 : 0);

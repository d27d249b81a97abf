/**
 * Where an uncached answer's server time goes at tenant scale, without a queue (a script, not a
 * test): `bun bench/tenants/profile.ts [1m]`. Opens the tenant data folder as the bench does, then
 * asks BENCH_REQUESTS (300) answers one after the other through the run service, each drawn as a
 * simulated user draws it (organisation, analysis, filters: users.ts, filters.ts), the answer cache
 * emptied first so each is computed; prints the mean and p95 of each step of runPlugin's timings
 * (snapshot, schema, wait, bind, kernel, encode) and the process CPU per answer. BENCH_WARMUP answers
 * are asked first and not counted (the process's first reads of each organisation-year's prepared
 * files, which a running server has behind it); BENCH_ONLY=querie9,querie5 keeps those analyses.
 */
import { buildManifest } from "../../server/engine/manifest.ts";
import { organisationYearsOf, yearsFor } from "../../server/engine/organisationInputs.ts";
import { pluginRegistry } from "../../server/engine/registry.ts";
import { clearRunCache, runPlugin } from "../../server/engine/runPlugin.ts";
import { drawRequest, type ManifestAnswer, randomOf } from "./filters.ts";
import { benchEnv as env, openTenantData, tenantSpecOfArgs } from "./setup.ts";
import { quantiles } from "./summary.ts";

const spec = tenantSpecOfArgs();
const REQUESTS = Number(env("BENCH_REQUESTS", "300"));
const WARMUP = Number(env("BENCH_WARMUP", "0"));
const only = new Set(env("BENCH_ONLY", "").split(",").filter(Boolean));

const data = await openTenantData(spec);
const registry = await pluginRegistry();
const manifests = new Map<string, ManifestAnswer>();
for (const org of data.orgs) {
  const years = await organisationYearsOf(data.context.database.db, data.dataDir, org.id);
  // A customer's manifest: the years open to customers (the bench enables the latest BENCH_YEARS).
  const open = yearsFor(years, "customer");
  const manifest = buildManifest(registry, { year: open.at(-1), availableYears: open });
  manifests.set(org.id, manifest as unknown as ManifestAnswer);
}

const random = randomOf(spec.seed);
/** The next answer asked, as a user draws it (redrawn until BENCH_ONLY keeps it), its cache emptied. */
function nextAnswer() {
  for (;;) {
    const org = data.orgs[Math.floor(random() * data.orgs.length)]!;
    const { querie, filters } = drawRequest(manifests.get(org.id)!, random);
    if (only.size > 0 && !only.has(querie)) continue;
    clearRunCache();
    const started = performance.now();
    const run = runPlugin({
      context: data.context,
      organisationId: org.id,
      pluginId: querie,
      filters,
      audience: "customer",
    });
    return { querie, started, run };
  }
}
for (let i = 0; i < WARMUP; i++) await nextAnswer().run;

const steps = new Map<string, number[]>();
const walls: number[] = [];
const byAnalysis = new Map<string, { wall: number[]; bind: number[]; kernel: number[] }>();
const cpu = process.cpuUsage();
for (let i = 0; i < REQUESTS; i++) {
  const { querie, started, run } = nextAnswer();
  const outcome = await run;
  walls.push(performance.now() - started);
  const analysis = byAnalysis.get(querie) ?? { wall: [], bind: [], kernel: [] };
  analysis.wall.push(performance.now() - started);
  analysis.bind.push(outcome.timings.bind ?? 0);
  analysis.kernel.push(outcome.timings.kernel ?? 0);
  byAnalysis.set(querie, analysis);
  for (const [step, ms] of Object.entries(outcome.timings)) steps.set(step, [...(steps.get(step) ?? []), ms]);
}
const used = process.cpuUsage(cpu);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
console.log(
  `${REQUESTS} answers over ${data.orgs.length} organisations, one at a time: wall mean ${mean(walls).toFixed(1)} ms, p50 ${quantiles(walls).p50.toFixed(1)}, p95 ${quantiles(walls).p95.toFixed(1)}; process CPU ${((used.user + used.system) / 1000 / REQUESTS).toFixed(1)} ms per answer`,
);
for (const [step, values] of steps)
  console.log(
    `  ${step.padEnd(10)} mean ${mean(values).toFixed(1).padStart(6)}  p50 ${quantiles(values).p50.toFixed(1).padStart(6)}  p95 ${quantiles(values).p95.toFixed(1).padStart(6)}  (${values.length} answers)`,
  );
for (const [querie, analysis] of [...byAnalysis].sort(([a], [b]) =>
  a.localeCompare(b, "en", { numeric: true }),
))
  console.log(
    `  ${querie.padEnd(10)} n=${String(analysis.wall.length).padStart(3)}  wall mean ${mean(analysis.wall).toFixed(1).padStart(6)}  bind ${mean(analysis.bind).toFixed(1).padStart(5)}  kernel mean ${mean(analysis.kernel).toFixed(1).padStart(6)}  p95 ${quantiles(analysis.kernel).p95.toFixed(1).padStart(6)}`,
  );
await data.context.database.close();
process.exit(0);

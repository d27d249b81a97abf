/**
 * `bun bench/queries/steps.ts [1m]`: where an uncached answer's time goes, per analysis, through
 * runPlugin on the bench's data folder (setup.ts; BENCH_OUT moves it) with default filters: after
 * a few warm-up runs (so the JIT has compiled the path), BENCH_RUNS runs (default 101), each with
 * the result cache emptied. Prints the wall time's quartile, median and minimum, the process's CPU
 * per answer, the median of each step runPlugin times (snapshot, schema, wait, bind, prepared,
 * kernel, encode: insights, JSON and zstd) and the answer's size. On a machine shared with other
 * work the lower quartile and the CPU move least. BENCH_ONLY=querie1,querie9 narrows it (default:
 * every analysis).
 */
import { pluginRegistry } from "../../server/engine/registry.ts";
import { clearRunCache, runPlugin } from "../../server/engine/runPlugin.ts";
import { openBenchData } from "./setup.ts";

const size = process.argv[2] ?? "1m";
const runs = Number(process.env.BENCH_RUNS ?? 101);
const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter(Boolean));
const WARM_UP = 10;

const data = await openBenchData(size);
const ids = (await pluginRegistry())
  .all()
  .map((plugin) => plugin.id)
  .filter((id) => only.size === 0 || only.has(id));
const at = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * (values.length - 1) + 0.5))]!;
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

for (const id of ids) {
  const run = () =>
    runPlugin({ context: data.context, organisationId: data.organisationId, pluginId: id, filters: {} });
  for (let i = 0; i < WARM_UP; i++) {
    clearRunCache();
    await run();
  }
  const wall: number[] = [];
  const steps: Record<string, number[]> = {};
  let bytes = 0;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    clearRunCache();
    const started = performance.now();
    const outcome = await run();
    wall.push(performance.now() - started);
    for (const [step, value] of Object.entries(outcome.timings)) {
      steps[step] ??= [];
      steps[step].push(value);
    }
    bytes = outcome.body.byteLength;
  }
  const used = process.cpuUsage(cpuBefore);
  const cpu = (used.user + used.system) / 1000 / runs;
  const stepText = Object.entries(steps)
    .map(([step, values]) => `${step} ${ms(at(values, 0.5))}`)
    .join(", ");
  console.log(
    `${id}: p25 ${ms(at(wall, 0.25))} p50 ${ms(at(wall, 0.5))} min ${ms(Math.min(...wall))} ms, CPU ${ms(cpu)} ms/answer | ${stepText} | ${bytes} bytes compressed (zstd)`,
  );
}
process.exit(0);

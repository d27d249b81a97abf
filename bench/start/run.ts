/**
 * A server's start (a script, not a test): `npm run bench start`. How long `server/main.ts` takes
 * from its spawn to its first `/api/health` answer, and the CPU it spent meanwhile, on a data
 * folder the demo was seeded into once (as after `npm start`; as every E2E suite and every
 * restart or deploy starts). BENCH_RUNS (5) starts, one after another.
 *
 * BENCH_OTHER_ROOT=<another checkout> alternates this checkout's starts with that one's on the same
 * folder (before and after in one run, as the machine's load moves): each line names its checkout.
 */
import { existsSync, mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../../tests/e2e/support/server.ts";
import { cpuSecondsOf, spawnServer } from "../tenants/servers.ts";
import { serverEnv } from "../tenants/setup.ts";

const root = resolve(import.meta.dir, "..", "..");
const RUNS = Number(process.env.BENCH_RUNS ?? "5");
const roots = [root, ...(process.env.BENCH_OTHER_ROOT ? [resolve(process.env.BENCH_OTHER_ROOT)] : [])];
const dataDir = join(
  process.env.BENCH_OUT ? resolve(process.env.BENCH_OUT) : join(root, "bench", "out"),
  "start",
);

/** One start of `checkout`'s server on the folder: ms to its first health answer, CPU seconds by then. */
async function start(checkout: string) {
  const port = await freePort();
  const started = performance.now();
  const env = { ...serverEnv(dataDir), SEED_DEMO: "1", DATABASE_URL: "" };
  const { child } = await spawnServer(port, env, [], checkout);
  const result = { ms: performance.now() - started, cpu: cpuSecondsOf(child.pid) };
  child.kill("SIGTERM");
  await child.exited;
  return result;
}

mkdirSync(dataDir, { recursive: true });
if (!existsSync(join(dataDir, "pglite"))) {
  const seeding = await start(root);
  console.log(`seeded the demo into ${dataDir} in ${(seeding.ms / 1000).toFixed(1)} s`);
}
console.log(`server start, ${RUNS} runs per checkout, load ${loadavg()[0]!.toFixed(1)}`);
const results = new Map<string, Array<{ ms: number; cpu: number }>>(roots.map((checkout) => [checkout, []]));
for (let run = 0; run < RUNS; run++)
  for (const checkout of run % 2 === 0 ? roots : [...roots].reverse()) {
    const result = await start(checkout);
    results.get(checkout)!.push(result);
    console.log(
      `  ${checkout}: answering after ${(result.ms / 1000).toFixed(2)} s, ${result.cpu.toFixed(2)} s of CPU`,
    );
  }
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
};
for (const [checkout, runs] of results)
  console.log(
    `start: ${checkout} median ${(median(runs.map((run) => run.ms)) / 1000).toFixed(2)} s to answer, ${median(runs.map((run) => run.cpu)).toFixed(2)} s of CPU (load ${loadavg()[0]!.toFixed(1)})`,
  );

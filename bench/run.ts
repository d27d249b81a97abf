/**
 * `npm run bench [name...]`: runs each benchmark folder's run.ts (bench/<name>/run.ts) in turn. Each
 * prints its own figures and ratios; nothing here is a timed test.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { serverRuntimeEnv } from "../server/cli/runtimeEnv.ts";

const root = import.meta.dir;
const all = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, "run.ts")))
  .map((entry) => entry.name);
// `npm run bench queries 1m`: the names are suites, the rest their arguments (sizes).
const wanted = process.argv.slice(2).filter((arg) => all.includes(arg));
const passed = process.argv.slice(2).filter((arg) => !all.includes(arg));
const suites = all.filter((name) => wanted.length === 0 || wanted.includes(name)).sort();

if (suites.length === 0 || (wanted.length === 0 && passed.length > 0)) {
  console.error(`No benchmark found${wanted.length ? ` named ${[...wanted, ...passed].join(", ")}` : ""}.`);
  process.exit(1);
}
for (const suite of suites) {
  console.log(`\n=== bench/${suite} ===`);
  const run = Bun.spawnSync([process.execPath, join(root, suite, "run.ts"), ...passed], {
    // The runtime the server runs with (npm start's): the suites' own runs measure the server's work.
    env: { ...process.env, ...serverRuntimeEnv() },
    stdout: "inherit",
    stderr: "inherit",
  });
  if (run.exitCode !== 0) process.exit(run.exitCode ?? 1);
}

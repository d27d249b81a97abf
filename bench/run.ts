/**
 * `npm run bench [name...]`: runs each benchmark folder's run.ts (bench/<name>/run.ts) in turn. Each
 * prints its own figures and ratios; nothing here is a timed test.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const root = import.meta.dir;
const wanted = process.argv.slice(2);
const suites = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, "run.ts")))
  .map((entry) => entry.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

if (suites.length === 0) {
  console.error(`No benchmark found${wanted.length ? ` named ${wanted.join(", ")}` : ""}.`);
  process.exit(1);
}
for (const suite of suites) {
  console.log(`\n=== bench/${suite} ===`);
  const run = Bun.spawnSync([process.execPath, join(root, suite, "run.ts")], {
    stdout: "inherit",
    stderr: "inherit",
  });
  if (run.exitCode !== 0) process.exit(run.exitCode ?? 1);
}

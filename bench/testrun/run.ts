/**
 * Where the test run's CPU goes (a script, not a test): `npm run bench testrun`, or `bun
 * bench/testrun/run.ts [command...]` (default: the CI's `npm test`, with CI=true REQUIRE_POSTGRES=1
 * REQUIRE_E2E=1). Runs the command under the kernel's process accounting, which counts every
 * process at its exit (Chromium's renderers and PostgreSQL's backends too, which `time` misses),
 * then prints the wall time, the machine's idle core-seconds meanwhile (from /proc/stat) and the
 * CPU by command name. Needs root and Debian's `acct` package (`accton`, `dump-acct`).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const command = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["npm", "test"];
const ticksPerSecond = 100;

function tool(name: string) {
  const found = Bun.which(name, { PATH: `${process.env.PATH}:/usr/sbin:/sbin` });
  if (!found) {
    console.error(`${name} not found: apt-get install -y acct (and run as root)`);
    process.exit(1);
  }
  return found;
}
const accton = tool("accton");
const dumpAcct = tool("dump-acct");

/** Idle and all core-ticks of the machine so far (the first line of /proc/stat). */
function machineTicks() {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: fields[3]! + fields[4]!, all: fields.reduce((sum, value) => sum + value, 0) };
}

const folder = mkdtempSync(join(tmpdir(), "vitality-testrun-"));
const accounts = join(folder, "pacct");
await Bun.write(accounts, "");
const on = Bun.spawnSync([accton, accounts], { stderr: "pipe" });
if (on.exitCode !== 0) {
  console.error(`accton refused (${on.stderr.toString().trim()}): run as root`);
  process.exit(1);
}
const loadBefore = loadavg()[0]!;
const ticksBefore = machineTicks();
const started = performance.now();
// Its output goes through as it comes: a failing run shows which tests failed, and a long one
// that it is running.
const run = Bun.spawnSync(command, {
  env: { CI: "true", REQUIRE_POSTGRES: "1", REQUIRE_E2E: "1", ...process.env },
  stdout: "inherit",
  stderr: "inherit",
});
const wall = (performance.now() - started) / 1000;
// Processes the command left ending (a worker whose stdin closed) are counted as they exit.
await Bun.sleep(2000);
Bun.spawnSync([accton, "off"]);
const ticksAfter = machineTicks();

// dump-acct: command|version|user|system|elapsed|uid|gid|memory|io|pid|ppid|... (times in ticks).
const byCommand = new Map<string, { processes: number; cpu: number }>();
for (const line of Bun.spawnSync([dumpAcct, accounts]).stdout.toString().split("\n")) {
  const fields = line.split("|");
  if (fields.length < 5) continue;
  const name = fields[0]!.trim();
  const entry = byCommand.get(name) ?? { processes: 0, cpu: 0 };
  entry.processes += 1;
  entry.cpu += (Number(fields[2]) + Number(fields[3])) / ticksPerSecond;
  byCommand.set(name, entry);
}
rmSync(folder, { recursive: true, force: true });

const total = [...byCommand.values()].reduce((sum, entry) => sum + entry.cpu, 0);
const idle = (ticksAfter.idle - ticksBefore.idle) / ticksPerSecond;
const capacity = (ticksAfter.all - ticksBefore.all) / ticksPerSecond;
console.log(`\n\`${command.join(" ")}\` exited ${run.exitCode}`);
console.log(
  `${wall.toFixed(0)} s wall on ${availableParallelism()} cores (load ${loadBefore.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}); idle ${idle.toFixed(0)} of ${capacity.toFixed(0)} core-seconds`,
);
console.log(`CPU of every process that ended, by command name: ${total.toFixed(0)} s`);
for (const [name, entry] of [...byCommand].sort((a, b) => b[1].cpu - a[1].cpu)) {
  if (entry.cpu < 1) continue;
  const share = ((100 * entry.cpu) / total).toFixed(0);
  console.log(
    `  ${name.padEnd(16)} ${String(entry.processes).padStart(5)} processes ${entry.cpu.toFixed(1).padStart(8)} s  ${share}%`,
  );
}
process.exit(run.exitCode ?? 1);

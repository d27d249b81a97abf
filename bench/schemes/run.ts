/**
 * Schemes benchmark (a script, not a test): `bun bench/schemes/run.ts` (or `npm run bench schemes`).
 * Times the back-office schemes through the batch CLI (`vitality generate`), on the 1m fixture
 * (generated into fixtures/generated/1m when absent, as `vitality fixtures generate --size 1m`):
 *   1. every step for one organisation-year (demo 2025: 1,000,000 market cases, ~60,000 practice lines);
 *   2. a batch of 20 organisation-years: the fixture's two organisations copied under 10 slugs
 *      (5 demo, 5 riverside, their practice files linked, not copied), years 2024 and 2025.
 * Prints loading (import + ingestion) and per-step wall times from the run's summary.json.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..", "..");
const cli = join(root, "server", "cli", "main.ts");
const fixture1m = join(root, "fixtures", "generated", "1m");
const answers = join(root, "fixtures", "small", "questionnaire.demo.json");
const outDir = join(root, "bench", "out", "schemes");

function vitality(args: string[]) {
  const started = performance.now();
  const run = Bun.spawnSync([process.execPath, cli, ...args], { stdout: "pipe", stderr: "pipe" });
  const seconds = (performance.now() - started) / 1000;
  if (run.exitCode !== 0) {
    console.error(run.stderr.toString());
    throw new Error(`vitality ${args[0]} exited with ${run.exitCode}`);
  }
  return seconds;
}

if (!existsSync(join(fixture1m, "manifest.json"))) {
  console.log("generating the 1m fixture (fixtures/generated/1m)...");
  vitality(["fixtures", "generate", "--size", "1m", "--seed", "42", "--out", fixture1m]);
}

interface Summary {
  load_ms: number;
  wall_ms: number;
  step_ms: Record<string, number>;
  runs: Array<{ organisation: string; year: number; scheme: string; status: string; ms: number }>;
}

function generate(name: string, fixtureDir: string, selection: string[], years: string) {
  const out = join(outDir, name);
  rmSync(out, { recursive: true, force: true });
  const seconds = vitality([
    "generate",
    "--fixture",
    fixtureDir,
    ...selection,
    "--years",
    years,
    "--out",
    out,
    "--questionnaire",
    answers,
    // A validation with notes would stop the chain; staff would 'Validate anyway' to go on.
    "--validate-anyway",
  ]);
  const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as Summary;
  return { seconds, summary };
}

/** 10 organisations from the fixture's two (5 copies each), practice years 2024 and 2025 only. */
function batchFixture() {
  const dir = join(outDir, "batch-fixture");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "organizations"), { recursive: true });
  for (const shared of ["market", "geo", "registry"])
    if (existsSync(join(fixture1m, shared))) symlinkSync(join(fixture1m, shared), join(dir, shared));
  for (const source of ["demo", "riverside"]) {
    for (let copy = 1; copy <= 5; copy++) {
      const target = join(dir, "organizations", `${source}-${copy}`);
      mkdirSync(join(target, "practice"), { recursive: true });
      writeFileSync(
        join(target, "organization.json"),
        readFileSync(join(fixture1m, "organizations", source, "organization.json")),
      );
      for (const year of ["2024", "2025"])
        symlinkSync(
          join(fixture1m, "organizations", source, "practice", year),
          join(target, "practice", year),
        );
    }
  }
  return dir;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function report(title: string, { seconds: wall, summary }: ReturnType<typeof generate>) {
  const done = summary.runs.filter((run) => run.status === "done");
  console.log(`\n${title}: ${done.length} of ${summary.runs.length} scheme runs done`);
  console.log(
    `  wall ${wall.toFixed(1)} s: loading ${seconds(summary.load_ms)}, schemes ${seconds(summary.wall_ms - summary.load_ms)}`,
  );
  for (const [step, ms] of Object.entries(summary.step_ms)) {
    const schemes = [...new Set(done.filter((run) => stepOf(run.scheme) === step).map((run) => run.scheme))];
    const perScheme = schemes.map((scheme) => {
      const times = done.filter((run) => run.scheme === scheme).map((run) => run.ms);
      return `${scheme} mean ${seconds(times.reduce((a, b) => a + b, 0) / times.length)}`;
    });
    console.log(`  ${step.padEnd(12)} ${seconds(ms).padStart(8)}  (${perScheme.join(", ")})`);
  }
}

const stepOf = (scheme: string) =>
  ({
    validation_facility: "validations",
    validation_provider: "validations",
    validation_global: "validations",
    service_capabilities: "sc",
    macro_capabilities: "mc",
    market_profile: "mp",
    scoring: "scoring",
  })[scheme];

console.log(
  `machine: ${availableParallelism()} cores, load average ${loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")}`,
);
const single = generate("single", fixture1m, ["--org", "demo"], "2025");
report("1 organisation-year (demo 2025, 1m market cases)", single);
const batch = generate("batch", batchFixture(), ["--all"], "2024,2025");
report(
  `20 organisation-years (${readdirSync(join(outDir, "batch-fixture", "organizations")).length} organisations x 2 years, 1m fixture)`,
  batch,
);
console.log(
  `\nload average after: ${loadavg()
    .map((v) => v.toFixed(1))
    .join(" ")}`,
);

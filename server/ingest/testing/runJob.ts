import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openDuckDb } from "../../duckdb/open.ts";
import { defaultLimits, type IngestLimits } from "../limits.ts";
import { type IngestTarget, runIngestJob } from "../pipeline.ts";

let jobCounter = 0;

/** Runs the parse/validate/normalise step in this process (the worker's body) for tests. */
export async function runJob(
  dataDir: string,
  target: IngestTarget,
  years: number[],
  files: { path: string; originalName: string }[],
  limits: Partial<IngestLimits> = {},
  options: { skipInvalid?: boolean } = {},
) {
  const workDir = join(dataDir, "tmp", `job-${++jobCounter}`);
  mkdirSync(workDir, { recursive: true });
  return runIngestJob({
    target,
    years,
    files,
    dataDir,
    workDir,
    limits: { ...defaultLimits, ...limits },
    skipInvalid: options.skipInvalid,
  });
}

/** Reads a Parquet output back as plain objects (numbers for integers, YYYY-MM-DD for dates). */
export async function readParquet(dataDir: string, path: string, orderBy = "1") {
  const duck = await openDuckDb({ dataDir, threads: 1 });
  try {
    const rows = await duck.all(`SELECT * FROM read_parquet($1) ORDER BY ${orderBy}`, [path]);
    return rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          typeof value === "bigint"
            ? Number(value)
            : value instanceof Date
              ? value.toISOString().slice(0, 10)
              : value,
        ]),
      ),
    );
  } finally {
    duck.close();
  }
}

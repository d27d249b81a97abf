import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { IngestJob, IngestOutcome } from "./pipeline.ts";
import { singleError } from "./report.ts";

const workerScript = join(import.meta.dir, "worker.ts");

/** Runs a job in a child process with a time limit; any failure there rejects this upload only. */
export async function runWorker(job: IngestJob & { testCrash?: "mid-write" }): Promise<IngestOutcome> {
  const jobPath = join(job.workDir, "job.json");
  writeFileSync(jobPath, JSON.stringify(job));
  const child = Bun.spawn([process.execPath, workerScript, jobPath], {
    stdout: "ignore",
    stderr: "pipe",
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, job.limits.workerTimeoutMs);
  const [exitCode, stderr] = await Promise.all([child.exited, new Response(child.stderr).text()]);
  clearTimeout(timer);
  const outcomePath = join(job.workDir, "outcome.json");
  if (exitCode === 0 && existsSync(outcomePath)) return JSON.parse(readFileSync(outcomePath, "utf8")) as IngestOutcome;
  const reason = timedOut
    ? `the file could not be processed within ${Math.round(job.limits.workerTimeoutMs / 1000)} s`
    : `the file could not be processed (the parser stopped with exit code ${exitCode})`;
  if (stderr.trim()) console.error(`ingest worker: ${stderr.trim().split("\n").slice(-5).join("\n")}`);
  return { accepted: false, report: singleError({ table: "", row: 0, column: "", reason }) };
}

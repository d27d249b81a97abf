import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { storageFullError } from "../http/storageFull.ts";
import type { IngestJob, IngestOutcome, ProgressListener } from "./pipeline.ts";
import { singleError } from "./report.ts";

const workerScript = join(import.meta.dir, "worker.ts");

/** The worker's exit code when the data folder's disk is full (ENOSPC's number on Linux). */
export const STORAGE_FULL_EXIT = 28;

/** Runs a job in a child process with a time limit; any failure there rejects this upload only. */
export async function runWorker(
  job: IngestJob & { testCrash?: "mid-write" },
  progress: ProgressListener = () => {},
): Promise<IngestOutcome> {
  const jobPath = join(job.workDir, "job.json");
  writeFileSync(jobPath, JSON.stringify(job));
  const child = Bun.spawn([process.execPath, workerScript, jobPath], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, job.limits.workerTimeoutMs);
  const [exitCode, stderr] = await Promise.all([
    child.exited,
    new Response(child.stderr).text(),
    readProgress(child.stdout, progress),
  ]);
  clearTimeout(timer);
  // Not the file's fault: the caller removes what the upload kept and answers 507 (storageFull.ts).
  if (exitCode === STORAGE_FULL_EXIT) throw storageFullError("the ingest worker");
  const outcomePath = join(job.workDir, "outcome.json");
  if (exitCode === 0 && existsSync(outcomePath))
    return JSON.parse(readFileSync(outcomePath, "utf8")) as IngestOutcome;
  const reason = timedOut
    ? `the file could not be processed within ${Math.round(job.limits.workerTimeoutMs / 1000)} s`
    : `the file could not be processed (the parser stopped with exit code ${exitCode})`;
  if (stderr.trim()) console.error(`ingest worker: ${stderr.trim().split("\n").slice(-5).join("\n")}`);
  return { accepted: false, report: singleError({ table: "", row: 0, column: "", reason }) };
}

async function readProgress(stdout: ReadableStream<Uint8Array>, progress: ProgressListener) {
  const decoder = new TextDecoder();
  let pending = "";
  const reader = stdout.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    pending += decoder.decode(next.value, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      try {
        const message = JSON.parse(line) as { phase?: Parameters<ProgressListener>[0] };
        if (message.phase) progress(message.phase);
      } catch {
        // Not a progress line (a library printing): ignored.
      }
    }
  }
}

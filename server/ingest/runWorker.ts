import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FileSink, Subprocess } from "bun";
import { storageFullError } from "../http/storageFull.ts";
import type { IngestJob, IngestOutcome, ProgressListener } from "./pipeline.ts";
import { singleError } from "./report.ts";

const workerScript = join(import.meta.dir, "worker.ts");

/** The worker's code for a job whose disk is full (ENOSPC's number on Linux). */
export const STORAGE_FULL_CODE = 28;
/**
 * Workers kept waiting for the next upload. A worker's start (Bun, DuckDB's addon, zod, the
 * pipeline's modules) cost 0.15-0.45 s of CPU before each upload when every upload had its own.
 */
const IDLE_WORKERS = 1;
/** Uploads a worker takes before it is replaced: whatever one job leaves behind cannot pile up. */
const JOBS_PER_WORKER = 50;

interface Worker {
  child: Subprocess<"pipe", "pipe", "inherit">;
  stdin: FileSink;
  jobs: number;
}

const idle: Worker[] = [];
let started = 0;

/** Worker processes started by this process so far (tests). */
export const ingestWorkersStarted = () => started;
/** The process ids of the workers waiting for an upload (tests). */
export const waitingIngestWorkers = () => idle.map((worker) => worker.child.pid);

function startWorker(): Worker {
  const child = Bun.spawn([process.execPath, workerScript], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
  });
  // A worker waiting for a job does not keep this process alive (a CLI run ends; its stdin closes
  // and it ends too); one running a job does, through the read of its answers.
  child.unref();
  started += 1;
  return { child, stdin: child.stdin, jobs: 0 };
}

/** A pipe's write or end whose failure (the worker ended) is seen on its stdout instead. */
const settle = (result: number | Promise<number>) => void Promise.resolve(result).catch(() => {});

function takeWaitingWorker(): Worker | undefined {
  for (let worker = idle.pop(); worker; worker = idle.pop())
    if (worker.child.exitCode === null && !worker.child.killed) return worker;
  return undefined;
}

function giveBack(worker: Worker) {
  if (worker.jobs >= JOBS_PER_WORKER || idle.length >= IDLE_WORKERS) settle(worker.stdin.end());
  else idle.push(worker);
}

/**
 * Runs a job in a worker process with a time limit; any failure there rejects this upload only. A
 * worker that crashed, was killed or failed unexpectedly is not used again. A waiting worker that
 * ended before it said a word of this job (killed while idle, its exit not yet seen) is not the
 * file's fault: the job runs once more in a fresh worker.
 */
export async function runWorker(
  job: IngestJob & { testCrash?: "mid-write" },
  progress: ProgressListener = () => {},
): Promise<IngestOutcome> {
  const jobPath = join(job.workDir, "job.json");
  writeFileSync(jobPath, JSON.stringify(job));
  const waiting = takeWaitingWorker();
  let attempt = waiting ? await runIn(waiting, jobPath, job, progress) : undefined;
  if (!attempt || attempt.endedSilently) attempt = await runIn(startWorker(), jobPath, job, progress);
  const { worker, done, timedOut } = attempt;
  // Not the file's fault: the caller removes what the upload kept and answers 507 (storageFull.ts).
  if (done === STORAGE_FULL_CODE) throw storageFullError("the ingest worker");
  const outcomePath = join(job.workDir, "outcome.json");
  if (done === 0 && existsSync(outcomePath))
    return JSON.parse(readFileSync(outcomePath, "utf8")) as IngestOutcome;
  const exitCode = done ?? (await worker.child.exited);
  const reason = timedOut
    ? `the file could not be processed within ${Math.round(job.limits.workerTimeoutMs / 1000)} s`
    : `the file could not be processed (the parser stopped with exit code ${exitCode})`;
  return { accepted: false, report: singleError({ table: "", row: 0, column: "", reason }) };
}

/**
 * Hands a job to one worker and reads its answer: the job's code, or undefined when it ended first;
 * `endedSilently` when it ended, not killed at its time limit, before a line of this job.
 */
async function runIn(worker: Worker, jobPath: string, job: IngestJob, progress: ProgressListener) {
  worker.jobs += 1;
  let timedOut = false;
  let heard = false;
  const timer = setTimeout(() => {
    timedOut = true;
    worker.child.kill("SIGKILL");
  }, job.limits.workerTimeoutMs);
  // A worker that ended meanwhile refuses the line: its stdout has ended too, and the job fails below.
  try {
    worker.stdin.write(`${jobPath}\n`);
    settle(worker.stdin.flush());
  } catch {}
  const done = await readAnswer(worker.child.stdout, (phase) => {
    heard = true;
    progress(phase);
  });
  clearTimeout(timer);
  if (done !== undefined) giveBack(worker);
  return { worker, done, timedOut, endedSilently: done === undefined && !heard && !timedOut };
}

/** A line of the worker's (worker.ts), or undefined for any other (a library printing). */
function workerLine(line: string): { phase?: Parameters<ProgressListener>[0]; done?: number } | undefined {
  try {
    const message: unknown = JSON.parse(line);
    return message && typeof message === "object" ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the worker's lines until its answer to this job: the job's code, or undefined when the
 * worker ended first (its stdout closed: a crash, a kill, an unexpected error).
 */
async function readAnswer(stdout: ReadableStream<Uint8Array>, progress: ProgressListener) {
  const decoder = new TextDecoder();
  const reader = stdout.getReader();
  let pending = "";
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      pending += decoder.decode(next.value, { stream: true });
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const message = workerLine(line);
        if (message?.phase) progress(message.phase);
        if (typeof message?.done === "number") return message.done;
      }
    }
    return undefined;
  } finally {
    // Released, not cancelled: the next job of this worker reads on from here.
    reader.releaseLock();
  }
}

/**
 * The child process of uploads: `bun server/ingest/worker.ts`. Parsing untrusted files runs here
 * so that a crash, an out-of-memory or a hang fails that upload only. It takes jobs one at a time,
 * a job.json path per line on stdin, and answers each on stdout: progress as JSON lines, then
 * `{"done": code}` once outcome.json is written beside the job (code 0) or the disk is full (code
 * STORAGE_FULL_CODE). The server kills it when a job runs out of time; an unexpected error is
 * printed on the server's stderr and ends the process, so the next job gets a fresh one
 * (runWorker.ts). Its stdin closing ends it too.
 */
import { readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isStorageFull } from "../http/storageFull.ts";
import { type IngestJob, runIngestJob } from "./pipeline.ts";
import { STORAGE_FULL_CODE } from "./runWorker.ts";

const say = (message: object) => console.log(JSON.stringify(message));

/** Runs one job; answers its code, or ends the process as a crash would (tests' `testCrash`). */
async function runJob(jobPath: string): Promise<number> {
  const job = JSON.parse(readFileSync(jobPath, "utf8")) as IngestJob & { testCrash?: "mid-write" };
  let outcome: Awaited<ReturnType<typeof runIngestJob>>;
  try {
    outcome = await runIngestJob(job, (phase) => say({ phase }));
  } catch (error) {
    // A full disk is said by the code: there may be no room for outcome.json.
    if (isStorageFull(error)) return STORAGE_FULL_CODE;
    throw error;
  }
  if (job.testCrash === "mid-write" && outcome.accepted && outcome.outputs[0]) {
    // Tests only: die as a crash would, with a half-written output and no outcome.
    const [first] = outcome.outputs;
    truncateSync(first.path, Math.floor(statSync(first.path).size / 2));
    process.exit(137);
  }
  try {
    writeFileSync(join(dirname(jobPath), "outcome.json"), JSON.stringify(outcome));
  } catch (error) {
    if (isStorageFull(error)) return STORAGE_FULL_CODE;
    throw error;
  }
  return 0;
}

for await (const line of console) {
  const jobPath = line.trim();
  if (!jobPath) continue;
  let code: number;
  try {
    code = await runJob(jobPath);
  } catch (error) {
    // On the server's own stderr (inherited); the server answers the upload by the exit code.
    console.error(`ingest worker: ${(error as Error)?.stack ?? error}`);
    process.exit(1);
  }
  say({ done: code });
}
process.exit(0);

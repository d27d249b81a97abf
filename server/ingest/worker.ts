/**
 * The child process of an upload: `bun server/ingest/worker.ts <job.json>`. Parsing untrusted
 * files runs here so that a crash, an out-of-memory or a hang fails that upload only; the server
 * reads outcome.json beside the job and kills the child when it runs out of time.
 */
import { readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isStorageFull } from "../http/storageFull.ts";
import { type IngestJob, runIngestJob } from "./pipeline.ts";
import { STORAGE_FULL_EXIT } from "./runWorker.ts";

const jobPath = process.argv[2];
if (!jobPath) {
  console.error("usage: worker.ts <job.json>");
  process.exit(2);
}
const job = JSON.parse(readFileSync(jobPath, "utf8")) as IngestJob & { testCrash?: "mid-write" };
// Progress goes to stdout as JSON lines; the parent may show it (the CLI's progress bar).
let outcome: Awaited<ReturnType<typeof runIngestJob>>;
try {
  outcome = await runIngestJob(job, (phase) => console.log(JSON.stringify({ phase })));
} catch (error) {
  // A full disk is said by the exit code: there may be no room for outcome.json (runWorker.ts).
  if (isStorageFull(error)) process.exit(STORAGE_FULL_EXIT);
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
  if (isStorageFull(error)) process.exit(STORAGE_FULL_EXIT);
  throw error;
}
process.exit(0);

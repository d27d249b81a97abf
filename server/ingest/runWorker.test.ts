import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { defaultLimits } from "./limits.ts";
import { ingestWorkersStarted, runWorker, waitingIngestWorkers } from "./runWorker.ts";
import { professionalLine, tempDataDir, toCsv } from "./testing/builders.ts";

describe("the ingest worker", () => {
  const dir = tempDataDir();
  let jobs = 0;
  const job = (cpt: string) => {
    const workDir = join(dir.dataDir, "tmp", `job-${++jobs}`);
    mkdirSync(workDir, { recursive: true });
    const path = dir.write(`${cpt}.csv`, toCsv([professionalLine({ cpt })]));
    return {
      target: { kind: "practice" } as const,
      years: [2024],
      files: [{ path, originalName: `${cpt}.csv` }],
      dataDir: dir.dataDir,
      workDir,
      limits: defaultLimits,
    };
  };

  test("a waiting worker killed before its exit is seen: the next upload is parsed by a fresh one", async () => {
    expect((await runWorker(job("29881"))).accepted).toBe(true);
    const [waiting] = waitingIngestWorkers();
    expect(waiting).toBeNumber();
    const startedBefore = ingestWorkersStarted();
    // Killed, and the upload handed over in the same turn: nothing has read the worker's exit yet.
    process.kill(waiting!, "SIGKILL");
    const outcome = await runWorker(job("27447"));
    expect(outcome.accepted).toBe(true);
    expect(ingestWorkersStarted() - startedBefore).toBe(1);
  }, 60_000);
});

/**
 * Scheme runs that end badly end visibly: a job interrupted by a stopped process is resumed or
 * ends failed - the year detail never shows it running forever - and a scheme that throws leaves
 * the error on its row.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation, createStaff } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { organisationYears, schemeResults, validations } from "../db/schema/index.ts";
import { JobQueue, type QueueTuning } from "../jobs/queue.ts";
import { reconcileSchemeRuns } from "./reconcile.ts";
import { staticSchemeRegistry } from "./registry.ts";
import { runSchemeNow } from "./runScheme.ts";
import { defineScheme } from "./scheme.ts";
import { enqueueScheme, type SchemeJobData, schemeRunJob } from "./schemeJob.ts";
import { markRunning } from "./store.ts";

const FAST: QueueTuning = {
  expireInSeconds: 60,
  retryLimit: 1,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
};

async function until(predicate: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await Bun.sleep(100);
  }
  return false;
}

/** A job body that hangs until the test pulls the plug (its process dying under it). */
function interruptible() {
  let pull: (error: Error) => void = () => {};
  const running = new Promise<never>((_resolve, reject) => {
    pull = reject;
  });
  running.catch(() => {});
  return { running, interrupt: () => pull(new Error("process stopped")) };
}

for (const backend of backends) {
  describe(`scheme runs that end badly (${backend})`, () => {
    let t: TestApp;
    let staffId: string;
    let organisationId: string;
    const validationOf = async (year: number) =>
      (
        await t.context.database.db
          .select()
          .from(validations)
          .where(and(eq(validations.organisationId, organisationId), eq(validations.year, year)))
      )[0];

    beforeAll(async () => {
      t = await startTestApp(backend);
      // These tests play the server processes themselves: the app's own worker steps aside.
      await t.context.jobs.stop({ graceful: false });
      staffId = (await createStaff(t)).id;
      organisationId = (await createOrganisation(t)).id;
      for (const year of [2021, 2022]) {
        await t.context.database.db.insert(organisationYears).values({ organisationId, year });
      }
    });
    afterAll(() => t.close());

    /** Queues a facility validation on a process whose worker hangs, then kills that process. */
    async function interruptedRun(data: SchemeJobData, tuning: QueueTuning, retries: number) {
      const body = interruptible();
      let started = 0;
      const hanging = new JobQueue(t.context, tuning).define<SchemeJobData>({
        ...schemeRunJob,
        async run(context, job) {
          await markRunning(
            context.database.db,
            job.data.organisationId,
            job.data.year,
            job.data.schemeId,
            "Running (10%)",
          );
          // Counted once the run is marked: the test reads the mark next.
          started++;
          await body.running;
        },
      });
      await hanging.start();
      const id = await enqueueScheme({ ...t.context, jobs: hanging }, data, { staffAccountId: staffId });
      expect(await until(async () => started === 1)).toBe(true);
      // The queue was created by the app with its own retry limit; the job carries the one tested.
      await t.context.database.execute("UPDATE pgboss.job SET retry_limit = $2 WHERE id = $1", [id, retries]);
      expect(await validationOf(data.year)).toMatchObject({ done: false, runningOn: "Running (10%)" });
      await hanging.stop({ graceful: false });
      body.interrupt();
      return id;
    }

    /** The next process: the real scheme job, and reconciliation without the grace period. */
    const nextProcess = (tuning: QueueTuning) =>
      new JobQueue(t.context, tuning)
        .define(schemeRunJob)
        .onReconcile((context) => reconcileSchemeRuns(context, 0));

    test("with a retry left, the next process resumes the run and stores its result", async () => {
      const data: SchemeJobData = { organisationId, year: 2021, schemeId: "validation_facility" };
      const id = await interruptedRun(data, FAST, 1);
      const next = nextProcess(FAST);
      await next.start();
      try {
        expect(await until(async () => (await next.state(schemeRunJob.name, id)) === "completed")).toBe(true);
        // The organisation has no facility: the real scheme ran and said so.
        expect(await validationOf(2021)).toMatchObject({ done: true, valid: false, runningOn: null });
      } finally {
        await next.stop();
      }
    }, 40_000);

    test("with no retry left, the run ends failed: the validation is Todo again, not stuck running", async () => {
      const once = { ...FAST, retryLimit: 0 };
      const data: SchemeJobData = { organisationId, year: 2022, schemeId: "validation_facility" };
      const id = await interruptedRun(data, once, 0);
      const next = nextProcess(once);
      await next.start();
      try {
        const ok = await until(async () => (await validationOf(2022)) === undefined);
        expect(ok).toBe(true);
        expect(await next.state(schemeRunJob.name, id)).toBe("failed");
      } finally {
        await next.stop();
      }
    }, 40_000);

    test("a scheme that throws: the generator shows failed with the error and may run again", async () => {
      const broken = defineScheme({
        id: "service_capabilities",
        kind: "SC",
        title: "Broken",
        description: "throws",
        version: 3,
        dir: import.meta.dir,
        reads: [],
        result: z.object({}),
        run: async () => {
          throw new Error("kernel exploded");
        },
      });
      const request = {
        context: t.context,
        organisationId,
        year: 2022,
        schemeId: "service_capabilities",
        registry: staticSchemeRegistry([broken]),
      };
      await expect(runSchemeNow(request)).rejects.toThrow("kernel exploded");
      const [row] = await t.context.database.db
        .select()
        .from(schemeResults)
        .where(and(eq(schemeResults.organisationId, organisationId), eq(schemeResults.kind, "SC")));
      expect(row).toMatchObject({ status: "failed", error: "kernel exploded", result: null });

      const fixed = defineScheme({ ...broken, run: async () => ({}) });
      await runSchemeNow({ ...request, registry: staticSchemeRegistry([fixed]) });
      const [done] = await t.context.database.db
        .select()
        .from(schemeResults)
        .where(and(eq(schemeResults.organisationId, organisationId), eq(schemeResults.kind, "SC")));
      expect(done).toMatchObject({ status: "done", error: null, result: {}, pluginVersion: "3" });
    });
  });
}

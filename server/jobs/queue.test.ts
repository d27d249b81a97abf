import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { hostname } from "node:os";
import { eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import { createStaff } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { auditEvents, notifications } from "../db/schema/index.ts";
import { JobQueue, type QueueTuning } from "./queue.ts";

// Expiry stays long: the tests interrupt jobs by stopping their process, not by timing them out.
const FAST: QueueTuning = {
  expireInSeconds: 60,
  retryLimit: 1,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
};

/** A job body that runs until the test pulls the plug on it (a process dying under it). */
function interruptible() {
  let pull: (error: Error) => void = () => {};
  const running = new Promise<never>((_resolve, reject) => {
    pull = reject;
  });
  running.catch(() => {});
  return { running, interrupt: () => pull(new Error("process stopped")) };
}

async function until(predicate: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await Bun.sleep(100);
  }
  return false;
}

type CountData = { organisationId?: string; label: string };

for (const backend of backends) {
  describe(`jobs on pg-boss (${backend})`, () => {
    let t: TestApp;
    let staffId: string;
    const task = async (id: string) =>
      (await t.context.database.db.select().from(notifications).where(eq(notifications.id, id)))[0];
    beforeAll(async () => {
      t = await startTestApp(backend);
      staffId = (await createStaff(t)).id;
    }, 60_000);
    afterAll(() => t.close());

    test("a job reports progress to its requester and ends done", async () => {
      const seen: number[] = [];
      const queue = new JobQueue(t.context, FAST).define<CountData>({
        name: "count-steps",
        title: (data) => `Counting ${data.label}`,
        singletonKey: (data) => data.label,
        async run(_context, job) {
          for (const step of [25, 50, 75]) {
            await job.progress(step);
            seen.push((await task(job.id))!.progress);
          }
          return { counted: 3 };
        },
      });
      await queue.start();
      try {
        const id = await queue.send("count-steps", { label: "providers" }, { staffAccountId: staffId });
        expect(await until(async () => (await task(id))?.status === "success")).toBe(true);
        expect(seen).toEqual([25, 50, 75]);
        const done = await task(id);
        expect(done).toMatchObject({ progress: 100, status: "success", message: "Counting providers: done" });
        // The system's write is in the audit trail, recorded before the task says done.
        const [audited] = await t.context.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.targetId, id));
        expect(audited).toMatchObject({ actorKind: "system", action: "job.completed", targetKind: "job" });
        expect(audited!.after).toMatchObject({ job: "count-steps", data: { label: "providers" } });
        // pg-boss completes its job just after the handler has written the task's last state.
        expect(await until(async () => (await queue.state("count-steps", id)) === "completed")).toBe(true);
      } finally {
        await queue.stop();
      }
    });

    test("queued jobs are worked one after another, not one per polling interval", async () => {
      // An interval no test waits out: jobs run only if the worker fetches again at once.
      const SLOW_POLL: QueueTuning = { ...FAST, pollingIntervalSeconds: 60 };
      const done: string[] = [];
      const definition = {
        name: "drain",
        title: (data: CountData) => `Drain ${data.label}`,
        singletonKey: (data: CountData) => data.label,
        run: async (_context: unknown, job: { data: CountData }) => {
          done.push(job.data.label);
        },
      };
      const labels = ["a", "b", "c", "d", "e"];
      // Queued before any worker runs (reports due at 07:00 found by the scheduler) ...
      const sender = new JobQueue(t.context, SLOW_POLL).define<CountData>(definition);
      await sender.start({ work: false });
      for (const label of labels.slice(0, 3)) await sender.send("drain", { label });
      await sender.stop();
      // ... then a worker starts: its first fetch takes one, each end of a job fetches the next.
      const worker = new JobQueue(t.context, SLOW_POLL).define<CountData>(definition);
      await worker.start();
      try {
        expect(await until(async () => done.length === 3)).toBe(true);
        // Sent by the working process itself: started at once, not at the next poll.
        for (const label of labels.slice(3)) await worker.send("drain", { label });
        expect(await until(async () => done.length === 5)).toBe(true);
        expect(done.sort()).toEqual(labels);
      } finally {
        await worker.stop();
      }
    });

    test("sending the same job twice while it is queued is one job", async () => {
      const queue = new JobQueue(t.context, FAST).define<CountData>({
        name: "idempotent",
        title: () => "Idempotent",
        singletonKey: (data) => data.label,
        run: async () => undefined,
      });
      await queue.start({ work: false });
      try {
        const first = await queue.send("idempotent", { label: "org-2025" }, { staffAccountId: staffId });
        const second = await queue.send("idempotent", { label: "org-2025" }, { staffAccountId: staffId });
        const other = await queue.send("idempotent", { label: "org-2024" }, { staffAccountId: staffId });
        expect(second).toBe(first);
        expect(other).not.toBe(first);
      } finally {
        await queue.stop();
      }
    });

    test("a queue's retries as configured at this start, not as at its first", async () => {
      const reports = (delaySeconds: number) =>
        new JobQueue(t.context, FAST).define<CountData>({
          name: "configured-retries",
          title: () => "Configured retries",
          singletonKey: (data) => data.label,
          retry: { limit: 3, delaySeconds, backoff: true },
          run: async () => "done",
        });
      const first = reports(60);
      await first.start({ work: false });
      await first.stop();
      const next = reports(1);
      await next.start({ work: false });
      try {
        const [queue] = await t.context.database.execute<{ retry_delay: number; retry_limit: number }>(
          "SELECT retry_delay, retry_limit FROM pgboss.queue WHERE name = $1",
          ["configured-retries"],
        );
        expect({ delay: queue?.retry_delay, limit: queue?.retry_limit }).toEqual({ delay: 1, limit: 3 });
      } finally {
        await next.stop();
      }
    });

    test("a job interrupted by a restart is resumed by the next process", async () => {
      let started = 0;
      const body = interruptible();
      const hanging = new JobQueue(t.context, FAST).define<CountData>({
        name: "restartable",
        title: () => "Restartable",
        singletonKey: (data) => data.label,
        async run() {
          started++;
          await body.running;
        },
      });
      await hanging.start();
      const id = await hanging.send("restartable", { label: "resume" }, { staffAccountId: staffId });
      expect(await until(async () => started === 1)).toBe(true);
      await hanging.stop({ graceful: false });
      body.interrupt();

      const next = new JobQueue(t.context, FAST).define<CountData>({
        name: "restartable",
        title: () => "Restartable",
        singletonKey: (data) => data.label,
        run: async () => "resumed",
      });
      await next.start();
      try {
        expect(await until(async () => (await next.state("restartable", id)) === "completed")).toBe(true);
        expect((await task(id))?.status).toBe("success");
      } finally {
        await next.stop();
      }
    }, 30_000);

    test("a job still running when a graceful stop's grace ends is handed back, its retries kept", async () => {
      // No retry at all: only the hand-back brings it back.
      const once: QueueTuning = { ...FAST, retryLimit: 0 };
      let started = 0;
      const body = interruptible();
      const deploying = new JobQueue(t.context, once).define<CountData>({
        name: "handed-back",
        title: () => "Handed back",
        singletonKey: (data) => data.label,
        async run() {
          started++;
          await body.running;
        },
      });
      await deploying.start();
      const id = await deploying.send("handed-back", { label: "deploy" }, { staffAccountId: staffId });
      expect(await until(async () => started === 1)).toBe(true);
      await deploying.stop({ graceful: true, graceMs: 300 });
      // Read from the table: the stopped queue's pg-boss has closed its pool.
      const [row] = await t.context.database.execute<{
        state: string;
        retry_count: number;
        retry_limit: number;
      }>("SELECT state, retry_count, retry_limit FROM pgboss.job WHERE id = $1", [id]);
      // pg-boss counts a retry when it is fetched again; the limit made room for it.
      expect(row).toMatchObject({ state: "retry", retry_count: 0, retry_limit: 1 });
      // The old process's run ending now (its process exiting) changes nothing.
      body.interrupt();
      await Bun.sleep(300);

      let ranAgain = 0;
      const next = new JobQueue(t.context, once).define<CountData>({
        name: "handed-back",
        title: () => "Handed back",
        singletonKey: (data) => data.label,
        run: async () => {
          ranAgain++;
          return "done by the new process";
        },
      });
      await next.start();
      try {
        expect(await until(async () => (await next.state("handed-back", id)) === "completed")).toBe(true);
        expect(ranAgain).toBe(1);
        expect((await task(id))?.status).toBe("success");
      } finally {
        await next.stop();
      }
    }, 30_000);

    test("with no retry left, an interrupted job ends visibly failed, not stuck", async () => {
      const once: QueueTuning = { ...FAST, retryLimit: 0 };
      let started = 0;
      const body = interruptible();
      const hanging = new JobQueue(t.context, once).define<CountData>({
        name: "fragile",
        title: () => "Fragile",
        singletonKey: (data) => data.label,
        async run() {
          started++;
          await body.running;
        },
      });
      await hanging.start();
      const id = await hanging.send("fragile", { label: "fail" }, { staffAccountId: staffId });
      expect(await until(async () => started === 1)).toBe(true);
      await hanging.stop({ graceful: false });
      body.interrupt();

      const next = new JobQueue(t.context, once).define<CountData>({
        name: "fragile",
        title: () => "Fragile",
        singletonKey: (data) => data.label,
        run: async () => "never",
      });
      await next.start();
      try {
        expect(await until(async () => (await task(id))?.status === "error")).toBe(true);
        expect((await task(id))?.message).toStartWith("Fragile: failed");
        expect(await next.state("fragile", id)).toBe("failed");
      } finally {
        await next.stop();
      }
    }, 30_000);

    test("a task whose job died without a word is shown failed by reconciliation", async () => {
      const queue = new JobQueue(t.context, FAST).define<CountData>({
        name: "silent",
        title: () => "Silent",
        singletonKey: (data) => data.label,
        run: async () => undefined,
      });
      await queue.start({ work: false });
      try {
        const id = await queue.send("silent", { label: "gone" }, { staffAccountId: staffId });
        expect((await task(id))?.status).toBe("queued");
        // As if its worker had failed it and the process had died before reporting.
        await t.context.database.execute("UPDATE pgboss.job SET state = 'failed' WHERE id = $1", [id]);
        await queue.reconcileTasks();
        expect(await task(id)).toMatchObject({
          status: "error",
          progress: 100,
          message: "Silent: failed (interrupted)",
        });
      } finally {
        await queue.stop();
      }
    });

    /** A job left active by a process killed while running it (SIGKILL: nothing failed it). */
    async function killedWhileRunning(
      name: string,
      owner: { pid: number; host: string; heartbeatAgo: number },
    ) {
      const sender = new JobQueue(t.context, FAST).define<CountData>({
        name,
        title: () => name,
        singletonKey: (data) => data.label,
        run: async () => undefined,
      });
      await sender.start({ work: false });
      const id = await sender.send(name, { label: "killed" }, { staffAccountId: staffId });
      await sender.stop();
      await t.context.database.execute(
        "UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute' WHERE id = $1",
        [id],
      );
      await t.context.database.execute(
        `INSERT INTO job_runs (job_id, name, owner_pid, owner_host, heartbeat_at) VALUES ($1, $2, $3, $4, now() - make_interval(secs => $5))`,
        [id, name, owner.pid, owner.host, owner.heartbeatAgo],
      );
      return id;
    }
    const deadPid = () => Bun.spawnSync(["true"]).pid;

    test("a job whose process was killed is retried by the next process at once, not after the expiry", async () => {
      const id = await killedWhileRunning("killed-scheme", {
        pid: deadPid(),
        host: hostname(),
        heartbeatAgo: 1,
      });
      let runs = 0;
      const next = new JobQueue(t.context, FAST).define<CountData>({
        name: "killed-scheme",
        title: () => "Killed scheme",
        singletonKey: (data) => data.label,
        run: async () => {
          runs++;
          return "finished";
        },
      });
      await next.start();
      try {
        // FAST's expiry is 60 s: only the owner check can finish it within 15.
        expect(await until(async () => (await next.state("killed-scheme", id)) === "completed")).toBe(true);
        expect(runs).toBe(1);
        expect((await task(id))?.status).toBe("success");
        // Its run's row goes just after the completion is recorded (queue.ts runOne).
        const left = async () =>
          (await t.context.database.execute("SELECT 1 FROM job_runs WHERE job_id = $1", [id])).length;
        expect(await until(async () => (await left()) === 0)).toBe(true);
      } finally {
        await next.stop();
      }
    }, 30_000);

    test("another host's job with a fresh heartbeat is left running; once its heartbeat stops it is retried", async () => {
      const tuning: QueueTuning = { ...FAST, ownerGoneSeconds: 5 };
      const id = await killedWhileRunning("remote-job", { pid: 4242, host: "another-host", heartbeatAgo: 0 });
      const queue = new JobQueue(t.context, tuning).define<CountData>({
        name: "remote-job",
        title: () => "Remote",
        singletonKey: (data) => data.label,
        run: async () => "finished",
      });
      await queue.start({ work: false });
      try {
        await queue.recoverOrphanedJobs();
        expect(await queue.state("remote-job", id)).toBe("active");
        await t.context.database.execute(
          "UPDATE job_runs SET heartbeat_at = now() - interval '6 seconds' WHERE job_id = $1",
          [id],
        );
        // A database (re)start counts as a heartbeat (queue.ts): the test's own database must have
        // been up longer than the owner's grace for the stopped heartbeat to show.
        const [database] = await t.context.database.execute<{ up: number }>(
          "SELECT extract(epoch FROM now() - pg_postmaster_start_time())::float8 AS up",
        );
        const up = database?.up ?? 0;
        if (up < 6) await Bun.sleep((6 - up) * 1000);
        await queue.recoverOrphanedJobs();
        expect(await queue.state("remote-job", id)).toBe("retry");
      } finally {
        await queue.stop();
      }
    });
  });
}

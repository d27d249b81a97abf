import { hostname } from "node:os";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { withoutSecrets } from "../audit/auditRow.ts";
import { recordSystemWrite } from "../audit/systemWrite.ts";
import type { AppContext } from "../context.ts";
import { CONNECT_TIMEOUT_SECONDS } from "../db/client.ts";
import { jobRuns, notifications } from "../db/schema/index.ts";
import { isAlive } from "../ingest/sweep.ts";
import { pushToRecipient, type Recipient } from "../live/notifications.ts";
import { bossDatabase } from "./bossDatabase.ts";
import type { JobData, Jobs } from "./jobs.ts";
import { untilDatabaseAnswers } from "./untilDatabaseAnswers.ts";

/** What a job's code receives: its data and a way to report progress (0-100) to whoever asked. */
export interface JobRun<Data> {
  id: string;
  data: Data;
  progress(percent: number, message?: string): Promise<void>;
}

export interface JobDefinition<Data extends JobData> {
  name: string;
  /** Shown in the task toast and progress bar. */
  title(data: Data): string;
  /** Two sends with the same key while one is queued or running are one job (idempotent runs). */
  singletonKey(data: Data): string;
  run(context: AppContext, job: JobRun<Data>): Promise<unknown>;
  /** This queue's own retries (default: the tuning's retryLimit, retried at once). */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** Days a queued job waits before pg-boss drops it (its default, 14, is shorter than a month). */
  keepQueuedDays?: number;
}

export interface JobEnvelope<Data> {
  data: Data;
  requester?: Recipient;
}

export interface QueueTuning {
  /** A job whose worker vanished (process restart) is retried after this long, then failed. */
  expireInSeconds: number;
  retryLimit: number;
  pollingIntervalSeconds: number;
  maintenanceIntervalSeconds: number;
  /** A running job's process writes its heartbeat this often (job_runs). */
  heartbeatSeconds?: number;
  /**
   * A job marked active whose heartbeat is older than this (or whose process is dead on this host)
   * has lost its process: the reconcile fails it, and pg-boss retries it at once.
   */
  ownerGoneSeconds?: number;
}

export const DEFAULT_TUNING: QueueTuning = {
  // The last resort only: a job whose process is gone is found by its heartbeat (ownerGoneSeconds).
  expireInSeconds: 15 * 60,
  retryLimit: 1,
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
  heartbeatSeconds: 10,
  ownerGoneSeconds: 30,
};

/**
 * Jobs on pg-boss, in the application's own database (PGlite or PostgreSQL). Any server process can
 * send; every process works. Task rows in `notifications` mirror each job for the live channel.
 */
export class JobQueue implements Jobs {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private reconcileTimer?: ReturnType<typeof setInterval>;
  private reconciling: Promise<void> = Promise.resolve();
  /** Run after each task reconciliation: owners of other "busy" records make them tell the truth too. */
  private readonly reconcilers: Array<(context: AppContext) => Promise<void>> = [];
  /** This process's pg-boss worker of each queue, by queue name. */
  private readonly workers = new Map<string, string>();
  /** Jobs this process is running now (a row of job_runs naming this pid but not here is a dead one's). */
  private readonly runningHere = new Set<string>();
  /** Jobs given back to the queue by a shutdown while they still ran here (handBack). */
  private readonly handedBack = new Set<string>();

  constructor(
    private readonly context: AppContext,
    private readonly tuning: QueueTuning = DEFAULT_TUNING,
  ) {
    // PostgreSQL: pg-boss's own small pool (it manages its transactions); PGlite: the shared client.
    const connection =
      context.database.backend === "postgres"
        ? {
            connectionString: context.config.databaseUrl,
            max: 4,
            // node-postgres waits for ever by default for a connection, a restart's too.
            connectionTimeoutMillis: CONNECT_TIMEOUT_SECONDS * 1000,
          }
        : { db: bossDatabase(context.database) };
    this.boss = new PgBoss({
      ...connection,
      schema: "pgboss",
      maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds,
      monitorStateIntervalSeconds: Math.max(tuning.maintenanceIntervalSeconds, 1),
    } as PgBoss.ConstructorOptions);
    this.boss.on("error", (error) => context.logger.error("job queue error", { error: String(error) }));
  }

  define<Data extends JobData>(definition: JobDefinition<Data>) {
    this.definitions.set(definition.name, definition as unknown as JobDefinition<never>);
    return this;
  }

  /** Adds a check run with every reconciliation (at start, then every maintenance interval). */
  onReconcile(reconciler: (context: AppContext) => Promise<void>) {
    this.reconcilers.push(reconciler);
    return this;
  }

  private running = false;

  /** Whether start() ran (a one-shot CLI context defines the queue but never starts it). */
  get started() {
    return this.running;
  }

  async start({ work = true } = {}) {
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      const settings: PgBoss.Queue = {
        name: definition.name,
        policy: "stately",
        expireInSeconds: this.tuning.expireInSeconds,
        retryLimit: definition.retry?.limit ?? this.tuning.retryLimit,
        ...(definition.retry
          ? { retryDelay: definition.retry.delaySeconds, retryBackoff: definition.retry.backoff }
          : {}),
        ...(definition.keepQueuedDays ? { retentionMinutes: definition.keepQueuedDays * 24 * 60 } : {}),
      };
      await this.boss.createQueue(definition.name, settings);
      // createQueue keeps a queue's settings of its first start: a setting changed since (e.g.
      // REPORT_RETRY_DELAY_SECONDS) takes effect from this start on, for the jobs sent from now.
      await this.boss.updateQueue(definition.name, settings);
      if (work) {
        const worker = await this.boss.work<JobEnvelope<never>>(
          definition.name,
          { pollingIntervalSeconds: this.tuning.pollingIntervalSeconds },
          async ([job]) => {
            try {
              return await this.runOne(definition, job!);
            } catch (error) {
              // Handed back at a shutdown: the queue owns it again; pg-boss must not fail it here.
              if (this.handedBack.has(job!.id)) return new Promise<never>(() => {});
              throw error;
            } finally {
              this.fetchAgainNow(definition.name);
            }
          },
        );
        this.workers.set(definition.name, worker);
      }
    }
    // Sends are accepted once every queue exists.
    this.running = true;
    await this.reconcileTasks();
    this.reconcileTimer = setInterval(() => {
      this.reconciling = this.reconciling
        .then(() => this.reconcileTasks())
        .catch((error) => {
          this.context.logger.warn("task reconciliation failed", { error: String(error) });
        });
    }, this.tuning.maintenanceIntervalSeconds * 1000);
  }

  /** This process takes no new job from now on (a shutdown); sends still queue them for others. */
  async stopTaking() {
    for (const name of this.workers.keys()) await this.boss.offWork(name);
  }

  /**
   * graceful (SIGTERM): no new job is taken, those running here get `graceMs` to finish, and any
   * still running then is handed back: queued again at once for another process, without using
   * one of its retries (a deploy is not the job's failure). graceful=false fails them at once, so
   * the next process retries them (or shows them failed when no retry is left).
   */
  async stop({ graceful = true, graceMs = 5000 } = {}) {
    this.running = false;
    clearInterval(this.reconcileTimer);
    await this.reconciling;
    let handingBack = false;
    if (graceful) {
      await this.stopTaking();
      const until = Date.now() + graceMs;
      while (this.runningHere.size > 0 && Date.now() < until) await Bun.sleep(100);
      handingBack = this.runningHere.size > 0;
      if (handingBack) await this.handBack([...this.runningHere]);
    }
    // With jobs handed back, pg-boss fails them at once (retried: see handBack); otherwise its
    // graceful stop lets a job a worker was just fetching settle before the pool closes (a
    // non-graceful one then writes to a closed database). Either way it closes its pool.
    await this.boss.stop({
      graceful: graceful && !handingBack,
      wait: true,
      timeout: 5000,
    } as PgBoss.StopOptions);
  }

  /**
   * Gives jobs still running at a shutdown one more retry, which pg-boss's stop then uses: each is
   * queued again (state `retry`) instead of counted as failed. The work done so far is the job's
   * to redo safely, as after a kill (docs/crash-safety.md).
   */
  private async handBack(jobIds: string[]) {
    for (const id of jobIds) this.handedBack.add(id);
    await this.context.database.execute(
      "UPDATE pgboss.job SET retry_limit = retry_limit + 1 WHERE id = ANY($1::uuid[]) AND state = 'active'",
      [jobIds],
    );
    this.context.logger.warn(`Handed back ${jobIds.length} running jobs at shutdown: ${jobIds.join(", ")}`);
  }

  /**
   * Queues a job; answers its id, or the id of the same job already queued or running. `startAfter`
   * makes it a scheduled job: stored now, worked from that time (report subscriptions).
   */
  async send<Data extends JobData>(
    name: string,
    data: Data,
    requester?: Recipient,
    options: { startAfter?: Date } = {},
  ): Promise<string> {
    const definition = this.definitions.get(name) as JobDefinition<Data> | undefined;
    if (!definition) throw new Error(`unknown job '${name}'`);
    const singletonKey = definition.singletonKey(data);
    // The job this one is refused beside can end between the refusal and the look-up (a short
    // job on a busy machine): then this one is queued after all, on the next try.
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = await this.boss.send(name, { data, requester } satisfies JobEnvelope<Data>, {
        singletonKey,
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
      if (id) {
        if (requester)
          await this.mirror(id, requester, {
            data,
            progress: 0,
            status: "queued",
            title: definition.title(data),
          });
        // After its task row says queued, so the run's own "running" is never overwritten.
        if (!options.startAfter) this.fetchAgainNow(name);
        return id;
      }
      const [existing] = await this.context.database.execute<{ id: string }>(
        "SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created','retry','active') LIMIT 1",
        [name, singletonKey],
      );
      if (existing) return existing.id;
    }
    throw new Error(`job '${name}' was neither queued nor found`);
  }

  /**
   * Makes this process's worker of a queue fetch again without waiting out its polling interval:
   * pg-boss otherwise waits the interval after every job, so a queue of short jobs (200 reports due
   * at 07:00) drained one job per interval per process, and a job sent here waited up to one too.
   */
  private fetchAgainNow(name: string) {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  async state(name: string, id: string) {
    return (await this.boss.getJobById(name, id))?.state;
  }

  private async runOne(definition: JobDefinition<never>, job: PgBoss.Job<JobEnvelope<never>>) {
    const title = definition.title(job.data.data);
    const { db } = this.context.database;
    // The job's owner and heartbeat: a kill leaves the row, and the reconcile sees its owner gone.
    this.runningHere.add(job.id);
    try {
      await db
        .insert(jobRuns)
        .values({ jobId: job.id, name: definition.name, ownerPid: process.pid, ownerHost: hostname() })
        .onConflictDoUpdate({
          target: jobRuns.jobId,
          set: { ownerPid: process.pid, ownerHost: hostname(), heartbeatAt: sql`now()` },
        });
    } catch (error) {
      this.runningHere.delete(job.id);
      throw error;
    }
    const heartbeat = setInterval(
      () =>
        void db
          .update(jobRuns)
          .set({ heartbeatAt: sql`now()` })
          .where(eq(jobRuns.jobId, job.id))
          .catch(() => {}),
      (this.tuning.heartbeatSeconds ?? DEFAULT_TUNING.heartbeatSeconds!) * 1000,
    );
    try {
      const result = await this.runMirrored(definition, job, title);
      // Completed here, waiting out a database restart if one is under way: pg-boss's own
      // completion after the handler is not awaited, and a job left active would be taken for
      // an orphan and run again. Its second completion then finds the job no longer active.
      await untilDatabaseAnswers(() => this.boss.complete(definition.name, job.id, result as object));
      return result;
    } finally {
      clearInterval(heartbeat);
      this.runningHere.delete(job.id);
      await untilDatabaseAnswers(() => db.delete(jobRuns).where(eq(jobRuns.jobId, job.id)));
    }
  }

  private async runMirrored(
    definition: JobDefinition<never>,
    job: PgBoss.Job<JobEnvelope<never>>,
    title: string,
  ) {
    const { data, requester } = job.data;
    const mirror = (progress: number, status: string, message = title) =>
      requester
        ? this.mirror(job.id, requester, { data, progress, status, title: message })
        : Promise.resolve();
    await mirror(0, "running");
    try {
      const result = await definition.run(this.context, {
        id: job.id,
        data,
        progress: async (percent, message) => {
          await mirror(Math.max(0, Math.min(100, Math.round(percent))), "running", message ?? title);
        },
      });
      // The work is done: what records it waits for the database rather than fail the job.
      await this.recordCompleted(definition.name, job.id, title, data);
      await untilDatabaseAnswers(async () => {
        await mirror(100, "success", `${title}: done`);
      });
      return result;
    } catch (error) {
      // The job's own failure is what pg-boss records, not that of its task row (a database cut).
      await mirror(
        100,
        "error",
        `${title}: failed (${error instanceof Error ? error.message : String(error)})`,
      ).catch(() => {});
      throw error;
    }
  }

  /**
   * The system's writes in the audit trail: one record per job run to its end (a scheme run, a
   * validation, a report delivery...), tagged with the job's organisation. A failure to record is
   * logged, not thrown: throwing would run the finished job again.
   */
  private async recordCompleted(name: string, jobId: string, title: string, data: JobData) {
    try {
      await untilDatabaseAnswers(() =>
        recordSystemWrite(this.context.database.db, {
          organisationId: typeof data.organisationId === "string" ? data.organisationId : null,
          action: "job.completed",
          targetKind: "job",
          targetId: jobId,
          after: { job: name, title, data: withoutSecrets(data) },
        }),
      );
    } catch (error) {
      this.context.logger.error("audit record of a finished job failed", { jobId, error: String(error) });
    }
  }

  private mirror(
    jobId: string,
    requester: Recipient,
    task: { data: { organisationId?: string }; progress: number; status: string; title: string },
  ) {
    return pushToRecipient(this.context, requester, {
      id: jobId,
      type: "task",
      message: task.title,
      progress: task.progress,
      status: task.status,
      organisationId: task.data.organisationId ?? null,
      jobId,
    });
  }

  /**
   * Jobs pg-boss holds as active whose process is gone (killed: its pid is dead on this host, its
   * heartbeat stopped, or it never wrote one) are failed now, so pg-boss retries them (retryLimit)
   * instead of holding their singleton key until the queue's expiry. Other processes' live jobs
   * keep their heartbeat fresh and are left alone.
   */
  async recoverOrphanedJobs() {
    const goneAfter = this.tuning.ownerGoneSeconds ?? DEFAULT_TUNING.ownerGoneSeconds!;
    const active = await this.context.database.execute<{
      id: string;
      name: string;
      started_seconds: number;
      owner_pid: number | null;
      owner_host: string | null;
      heartbeat_seconds: number | null;
    }>(
      `SELECT j.id, j.name, extract(epoch FROM now() - j.started_on)::float8 AS started_seconds,
              r.owner_pid, r.owner_host,
              -- A database restart stops every heartbeat while it lasts: it counts as one.
              extract(epoch FROM now() - greatest(r.heartbeat_at, pg_postmaster_start_time()))::float8 AS heartbeat_seconds
         FROM pgboss.job j LEFT JOIN job_runs r ON r.job_id = j.id
        WHERE j.state = 'active' AND j.name = ANY($1::text[])`,
      [[...this.definitions.keys()]],
    );
    for (const job of active) {
      if (this.runningHere.has(job.id)) continue;
      const gone =
        job.owner_pid === null
          ? job.started_seconds > goneAfter
          : (job.owner_host === hostname() && (job.owner_pid === process.pid || !isAlive(job.owner_pid))) ||
            (job.heartbeat_seconds ?? 0) > goneAfter;
      if (!gone) continue;
      const reason = { message: "its server process stopped while running it" };
      await this.boss.fail(job.name, job.id, reason).catch(() => this.boss.cancel(job.name, job.id));
      await this.context.database.db.delete(jobRuns).where(eq(jobRuns.jobId, job.id));
      this.context.logger.warn(`Job ${job.name} ${job.id}: its process is gone; failed so it is retried`);
    }
  }

  /**
   * Makes task rows tell the truth after a restart: a job that pg-boss retried shows as queued
   * again, one it failed (its worker vanished and retries ran out) shows as failed: never stuck.
   */
  async reconcileTasks() {
    await this.recoverOrphanedJobs();
    const { db } = this.context.database;
    const open = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, "task"),
          inArray(notifications.status, ["queued", "running"]),
          isNotNull(notifications.jobId),
        ),
      );
    for (const task of open) {
      const [job] = await this.context.database.execute<{ state: string; name: string }>(
        "SELECT state, name FROM pgboss.job WHERE id = $1 UNION ALL SELECT state, name FROM pgboss.archive WHERE id = $1 LIMIT 1",
        [task.jobId],
      );
      const recipient: Recipient | undefined = task.customerUserId
        ? { customerUserId: task.customerUserId }
        : task.staffAccountId
          ? { staffAccountId: task.staffAccountId }
          : undefined;
      if (!recipient) continue;
      const update = (progress: number, status: string, message: string) =>
        pushToRecipient(this.context, recipient, {
          id: task.id,
          type: "task",
          message,
          progress,
          status,
          organisationId: task.organisationId,
          jobId: task.jobId ?? undefined,
        });
      if (!job || job.state === "failed" || job.state === "cancelled") {
        await update(100, "error", `${task.message.replace(/: (done|failed.*)$/, "")}: failed (interrupted)`);
      } else if (job.state === "completed") {
        await update(100, "success", task.message);
      } else if (job.state === "retry" || job.state === "created") {
        if (task.status !== "queued") await update(0, "queued", task.message);
      }
    }
    for (const reconciler of this.reconcilers) await reconciler(this.context);
  }
}

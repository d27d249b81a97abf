import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import { openDatabase } from "../db/client.ts";
import { settingOnce } from "../db/settingOnce.ts";
import { prepareFilesJob } from "../engine/derived/prepareJob.ts";
import { JobQueue } from "../jobs/queue.ts";
import { LiveHub } from "../live/hub.ts";
import { createLogger, type Logger } from "../logger.ts";
import { createMailer } from "../mail/mailer.ts";
import { yearRefreshJob } from "../organisations/yearRefresh.ts";
import { reconcileReportDeliveries, reportDeliveryJob } from "../reports/deliveryJob.ts";
import { reconcileSchemeRuns } from "../schemes/reconcile.ts";
import { schemeRunJob } from "../schemes/schemeJob.ts";

/** Opens storage and builds the shared context from a parsed configuration. */
export async function createContext(
  config: Config,
  overrides: { clock?: Clock; logger?: Logger } = {},
): Promise<AppContext> {
  const logger = overrides.logger ?? createLogger(config.env === "production" ? "json" : "text");
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir, "outbox"),
    from: config.mailFrom,
    database,
    logger,
  });
  const live = new LiveHub(database, logger);
  await live.start();
  // Without SECRET_KEY, a key made once and kept in the database: links signed with it (report
  // unsubscribes) keep working after a restart and in every other process sharing the database.
  const secretKey = config.secretKeyGenerated
    ? await settingOnce(database.db, "secret_key", () => randomBytes(32).toString("hex"))
    : config.secretKey;
  const context = {
    config: { ...config, secretKey },
    database,
    mailer,
    clock: overrides.clock ?? systemClock,
    logger,
    live,
  } as AppContext;
  // The queue is defined here and started by whoever works jobs (the server, the test app).
  context.jobs = new JobQueue(context)
    .define(schemeRunJob)
    .define(yearRefreshJob)
    .define(prepareFilesJob)
    .define(reportDeliveryJob(config))
    .onReconcile(reconcileSchemeRuns)
    .onReconcile(reconcileReportDeliveries);
  return context;
}

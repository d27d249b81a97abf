import { join } from "node:path";
import { createApp } from "./app.ts";
import { serveBackupRequests } from "./backup/backupRequests.ts";
import { createContext } from "./bootstrap/context.ts";
import { DEMO_EMAIL } from "./bootstrap/demoOrganisation.ts";
import { ensureFirstAdmin } from "./bootstrap/firstAdmin.ts";
import { seedHelpCentre } from "./bootstrap/helpCentre.ts";
import { MID_SETUP_EMAIL } from "./bootstrap/midSetupOrganisation.ts";
import { seedDemo } from "./bootstrap/seedDemo.ts";
import { startMemoryLog } from "./caches/memoryLog.ts";
import { runtimeDescription } from "./cli/runtimeEnv.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { bindAtStart } from "./engine/bindAtStart.ts";
import { engineSettings } from "./engine/settings.ts";
import { IDLE_TIMEOUT_SECONDS } from "./http/idleTimeout.ts";
import { removeOrphanRejectedRows } from "./ingest/orphanRejectedRows.ts";
import { reconcilePracticeFiles } from "./ingest/reconcileFiles.ts";
import { reconcileMarketFiles } from "./ingest/reconcileMarketFiles.ts";
import { removeExpiredRefusedUploads, sweepUnfinishedIngests } from "./ingest/sweep.ts";
import { liveWebsocketHandler } from "./live/channelRoute.ts";
import { uploadLimits } from "./routes/uploads/multipart.ts";
import { gracefulStop } from "./shutdown.ts";

/** Starts one stateless server process: everything shared lives in the database and the data folder. */
export async function startServer() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const context = await createContext(config);
  const { logger } = context;
  // Nothing left behind (data-contract.md section 9): scratch and unfinished uploads of a process
  // that died, and refused raw files past their retention.
  const swept = await sweepUnfinishedIngests(context);
  if (swept.folders + swept.uploads > 0)
    logger.info(`Swept ${swept.folders} scratch folders and ${swept.uploads} unfinished uploads`);
  await removeExpiredRefusedUploads(context);
  const orphans = await removeOrphanRejectedRows(context);
  if (orphans > 0)
    logger.info(`Removed ${orphans} rejected-rows files no upload recorded (killed before its commit)`);
  // The practice files and the database agree after any kill (docs/crash-safety.md).
  const reconciled = await reconcilePracticeFiles(context);
  if (reconciled.repairs + reconciled.interrupted > 0)
    logger.warn(
      `Reconciled practice files: ${reconciled.checked} years checked, ${reconciled.repairs} repaired, ${reconciled.interrupted} interrupted changes`,
    );
  const market = await reconcileMarketFiles(context);
  if (market.repairs + market.interrupted > 0)
    logger.warn(
      `Reconciled market files: ${market.checked} years checked, ${market.repairs} repaired, ${market.interrupted} interrupted uploads`,
    );
  const admin = await ensureFirstAdmin(context);
  await seedHelpCentre(context);
  if (config.seedDemo) await seedDemo(context, undefined, { analyses: config.seedDemoAnalyses });
  await context.jobs.start();
  // The organisation-years' kept values read before the first request (bindAtStart.ts): a restart
  // under load is not felt.
  const { bindAtStartMs } = engineSettings();
  if (bindAtStartMs > 0) {
    const started = await bindAtStart(context, { budgetMs: bindAtStartMs });
    logger.info(
      `Ready: ${started.bound} organisation-years in ${Math.round(started.ms)} ms (${started.left} left to their first request; ${started.warmed} answers run to warm the analyses)`,
    );
  }

  const app = createApp(context, {
    webDist: config.webDist ?? join(import.meta.dir, "..", "web", "dist"),
  });
  const server = Bun.serve({
    port: config.port,
    fetch: (request, srv) => app.fetch(request, srv),
    websocket: liveWebsocketHandler,
    // Bun refuses bodies over 128 MB by default; uploads stream to disk up to their own cap.
    maxRequestBodySize: uploadLimits.maxBodyBytes,
    // Longer than the clients' own keep-alive: they, not the server, end an idle connection.
    idleTimeout: IDLE_TIMEOUT_SECONDS,
  });

  logger.info(
    `Vitality listening on port ${server.port}, reached at ${config.publicUrl} (database: ${context.database.backend}, data: ${config.dataDir}, ${runtimeDescription()})`,
  );
  if (admin.password) {
    logger.info(
      `First staff admin created: username '${config.adminUser}', password '${admin.password}' (shown once)`,
    );
  }
  logger.info(`Staff sign-in:    ${config.publicUrl}/administration/signin`);
  if (config.seedDemo) {
    logger.info(
      `Customer sign-in: ${config.publicUrl}/signin with ${DEMO_EMAIL} (analyses ready) or ${MID_SETUP_EMAIL} (mid-setup: add facilities, providers, data); the link is printed here`,
    );
  }
  if (config.secretKeyGenerated && config.env === "production") {
    logger.warn(
      "SECRET_KEY is not set: the key generated at the first start and kept in the database is used",
    );
  }

  // An embedded database is read by this process only: `vitality backup` asks it (backupRequests.ts).
  const stopBackups = context.database.backend === "pglite" ? serveBackupRequests(context, logger) : () => {};
  // Off unless VITALITY_MEMORY_LOG_SECONDS is set: where the memory is, for a soak (memoryLog.ts).
  const stopMemoryLog = startMemoryLog(config.memoryLogSeconds, logger, context.database);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: finishing open requests and stopping`);
    stopMemoryLog();
    await gracefulStop(server, context, {
      graceMs: config.shutdownGraceSeconds * 1000,
      beforeDatabaseCloses: stopBackups,
    });
    logger.info(`${signal}: stopped`);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // pg-boss completes or fails a job without awaiting it: a database restart at that moment must
  // not end the process (the job is then recovered by the reconcile, server/jobs/queue.ts).
  process.on("unhandledRejection", (reason) =>
    logger.error("unhandled rejection", { error: String((reason as Error)?.stack ?? reason) }),
  );
  return { server, context };
}

if (import.meta.main) await startServer();

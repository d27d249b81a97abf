import type { Server } from "bun";
import { memoryLine } from "./caches/memoryLine.ts";
import { cacheLine } from "./caches/registry.ts";
import type { AppContext } from "./context.ts";
import { SERVER_RESTART_CLOSE } from "./live/closeCodes.ts";

/**
 * A graceful stop (SIGTERM, SIGINT), bounded by the grace period (SHUTDOWN_GRACE_SECONDS): the
 * listener closes at once (new connections are refused: a client or proxy tries the next
 * process), live sockets close with 1012 (the web reconnects, to another process or the new one),
 * requests in flight finish, then running jobs (none is taken any more); what is left when the
 * grace ends is cut (requests) or handed back to the queue (jobs). docs/operations.md, "Deploys".
 */
export async function gracefulStop(
  server: Server<unknown>,
  context: AppContext,
  options: { graceMs: number; beforeDatabaseCloses?: () => void },
) {
  const { logger, live, jobs } = context;
  const started = Date.now();
  const deadline = started + options.graceMs;
  const took: string[] = [];
  const step = async (name: string, work: () => Promise<unknown>) => {
    const from = Date.now();
    await work();
    took.push(`${name} ${Date.now() - from} ms`);
  };
  const left = () => Math.max(0, deadline - Date.now());
  // Open sockets would keep the server's stop waiting for ever.
  live.closeAll(SERVER_RESTART_CLOSE.code, SERVER_RESTART_CLOSE.reason);
  const requestsDone = server.stop(false);
  await jobs.stopTaking();
  await step("requests", async () => {
    const drained = await Promise.race([requestsDone.then(() => true), Bun.sleep(left()).then(() => false)]);
    if (!drained) {
      logger.warn(`Grace period over: closing ${server.pendingRequests} requests still open`);
      await server.stop(true);
    }
  });
  // Jobs after requests: a request in flight may still queue one (pg-boss's pool stays open).
  await step("jobs", () => jobs.stop({ graceful: true, graceMs: left() }));
  options.beforeDatabaseCloses?.();
  // Every per-process cache's size against its bound (the tenant benchmark reads this line).
  logger.info(cacheLine());
  logger.info(await memoryLine(context.database));
  await step("live", () => live.stop());
  await step("database", () => context.database.close());
  logger.info(`Stopped in ${Date.now() - started} ms (${took.join(", ")})`);
}

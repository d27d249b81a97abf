import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { auditEvents } from "../db/schema/index.ts";
import { HttpError } from "../http/errors.ts";
import { REPLAYED_HEADER } from "../http/middleware/idempotency.ts";
import { routeKey } from "../http/roles/routeRoles.ts";
import { auditRowOf } from "./auditRow.ts";
import { pendingAudit } from "./pending.ts";
import { auditOf, isWritingMethod } from "./routeAudit.ts";

/** A transaction of the database (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Records every write in the audit trail (routeAudit.ts says what each call records). A writing
 * call missing from that table is refused before its handler runs (fail closed, like the role
 * table). A write path with a transaction records inside it (auditedTransaction); any other
 * succeeded write is recorded here, after its handler and before its answer leaves: a refused or
 * failed call, or a replayed create (Idempotency-Key), records nothing.
 */
export function recordWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const route = matchedRoutes(c).find(
      (matched) => matched.method !== "ALL" && matched.path.startsWith("/api/"),
    );
    if (!route) return next();
    const key = routeKey(route.method, route.path);
    const entry = auditOf(key);
    if (!entry) {
      if (!isWritingMethod(route.method)) return next();
      c.var.app.logger.error("writing route without an audit entry", { route: key });
      throw new HttpError(
        500,
        "This call does not say what it records in the audit trail, so it is refused.",
      );
    }
    if ("exempt" in entry) return next();
    const pending = { c, entry, note: {}, recorded: false };
    await pendingAudit.run(pending, () => next());
    if (pending.recorded || c.res.status >= 400 || c.error) return;
    // A create sent again with its Idempotency-Key answers the first one's answer and writes nothing.
    if (c.res.headers.get(REPLAYED_HEADER) === "true") return;
    await c.var.app.database.db.insert(auditEvents).values(auditRowOf(pending));
  };
}

/**
 * A write's transaction with its audit record inside it: a rolled-back write leaves no record and
 * a committed one always has it. Outside an audited call it is a plain transaction.
 */
export async function auditedTransaction<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  const pending = pendingAudit.getStore();
  const result = await db.transaction(async (tx) => {
    const value = await write(tx);
    if (pending && !pending.recorded) await tx.insert(auditEvents).values(auditRowOf(pending));
    return value;
  });
  if (pending) pending.recorded = true;
  return result;
}

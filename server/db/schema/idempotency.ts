import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * The answers of creates sent with an `Idempotency-Key` (server/http/middleware/idempotency.ts),
 * kept 24 hours so a retried create answers what the first one did instead of making a second
 * row. In the database, not in memory: every server process sharing it sees the same keys. A row
 * whose `status` is null is a request still being answered (by this process or another).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Who sent it: `customer:<user id>` or `staff:<staff id>`; one caller's keys never meet another's. */
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    /** The method, path and a hash of the body: the same key with another request is refused. */
    fingerprint: text("fingerprint"),
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.caller, table.key] }),
    index("idempotency_keys_expires_idx").on(table.expiresAt),
  ],
);

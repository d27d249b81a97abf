import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.ts";

export const fileChanges = ["upload", "restore", "remove-year", "remove-file", "market-upload"] as const;
export type FileChange = (typeof fileChanges)[number];

/**
 * Write-ahead intents of the changes that switch a practice year's files in or out (an upload, a
 * restore, a removal) or a market year's (a market upload). Written and committed before the
 * change touches the disk, removed once the disk and the database agree again. One left behind
 * names a year whose change a process did not finish (killed between its file change and its
 * commit): the start-up reconcile makes that year's files agree with the database
 * (server/ingest/reconcileFiles.ts, reconcileMarketFiles.ts). Market data belongs to no
 * organisation: a market intent carries MARKET_INTENT_ORGANISATION (the nil UUID).
 */
export const fileIntents = pgTable("file_intents", {
  id: id(),
  // No foreign key: the intent of a year removed with its organisation must still be repaired.
  organisationId: uuid("organisation_id").notNull(),
  year: integer("year").notNull(),
  change: text("change", { enum: fileChanges }).notNull(),
  /** The process that made the change: its intents are repaired only once it is gone. */
  ownerPid: integer("owner_pid").notNull(),
  ownerHost: text("owner_host").notNull(),
  createdAt: createdAt(),
});

/** The organisation of a market upload's intents (market data is shared by every organisation). */
export const MARKET_INTENT_ORGANISATION = "00000000-0000-0000-0000-000000000000";

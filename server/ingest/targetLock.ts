import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { MarketKind } from "./contract.ts";

/**
 * Uploads of the same target are serialised across every server process sharing the database:
 * the switch-in of a new version and its metadata (data_version, rows, checksum, upload states)
 * happen inside one transaction holding a PostgreSQL advisory lock keyed by the target. Without
 * it, two processes could each read "last version 1" and both write 2, or leave the file of one
 * upload under the checksum of the other. PGlite runs the same statement (its transactions are
 * already one at a time; the lock costs nothing there).
 */
export const lockTargets = {
  practiceYear: (organisationId: string, year: number) => `practice:${organisationId}:${year}`,
  market: (kind: MarketKind, year: number) => `market:${kind}:${year}`,
};

/** The advisory lock key of a target name: the first 8 bytes of its SHA-256, a signed 64-bit integer. */
export function advisoryKey(target: string): bigint {
  return createHash("sha256").update(target).digest().readBigInt64BE(0);
}

/** Transaction handle of the database (what db.transaction hands its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Takes the transaction-scoped advisory locks of the targets, released at commit or rollback.
 * Keys are taken in ascending order so two uploads naming overlapping years cannot deadlock.
 */
export async function lockUploadTargets(tx: Tx, targets: string[]) {
  const keys = [...new Set(targets.map(advisoryKey))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(${key.toString()}::bigint)`);
}

/**
 * A facility, location or provider changed: what was computed from the old profile is out of date.
 * - The organisation's profile revision goes up: every year's validations and generated results,
 *   stamped with the revision they read, are out of date (yearInputs.ts) until they run again.
 * - The organisation gets profile_changed_at (the customer detail's organization.profile_changed_at).
 * - After the commit, notifyDataChanged drops the engine's snapshot in every process: the next
 *   analysis run reads the new facilities and providers (its cache key and per-connection tables
 *   follow the profile's fingerprint, server/engine/organisationSnapshot.ts).
 */
import { eq } from "drizzle-orm";
import { sessionsChanged } from "../auth/sessions.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { organisations } from "../db/schema/index.ts";
import { notifyDataChanged } from "../engine/dataChanges.ts";
import { publishStateChange } from "../live/stateChanges.ts";
import { bumpProfileRevision } from "./yearInputs.ts";

/** Inside the writing transaction, so the change and its marks commit together. */
export async function markProfileChanged(tx: Db, organisationId: string, at: Date) {
  await tx.update(organisations).set({ profileChangedAt: at }).where(eq(organisations.id, organisationId));
  await bumpProfileRevision(tx, organisationId);
}

/**
 * After the commit: analyses use the new profile at once, here and in every other server process;
 * sessions carrying the organisation row (its profile_changed_at) are read again.
 */
export async function profileCommitted(
  context: Pick<AppContext, "live" | "database" | "logger">,
  organisationId: string,
) {
  await notifyDataChanged(context, organisationId);
  await sessionsChanged(context, { organisationId });
  await publishStateChange(context, { organisationId, topic: "profile" });
}

/**
 * One write to an organisation's profile: the write and its marks commit in one transaction, then
 * every process hears of it. Answers what the write answers.
 */
export async function changeProfile<T>(
  context: Pick<AppContext, "live" | "clock" | "logger" | "database">,
  organisationId: string,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  const result = await context.database.db.transaction(async (tx) => {
    const value = await write(tx as unknown as Db);
    await markProfileChanged(tx as unknown as Db, organisationId, context.clock.now());
    return value;
  });
  await profileCommitted(context, organisationId);
  return result;
}

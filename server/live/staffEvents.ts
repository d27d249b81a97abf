import type { AppContext } from "../context.ts";
import { staffAccounts } from "../db/schema/index.ts";

/** NOTIFY payloads stay under 8000 bytes (with the envelope around the message). */
const MAX_EVENT_BYTES = 7900;

/**
 * Tells every staff tab that an organisation's back-office answer changed (admin-area.md section 7,
 * `event` messages): a tab showing that organisation (its answer's `id`) sets `path` to `value`
 * and re-reads its back-office answers. A value too large for NOTIFY is left out: the event then
 * only touches the organisation's id, and the re-read brings the change. Without `change` (a
 * deleted year, whose entry the screens cannot hold as null) the tabs just re-read.
 */
export async function publishOrganisationChange(
  context: AppContext,
  organisationId: string,
  change?: { path: string; value: unknown },
) {
  const refresh = {
    type: "event" as const,
    test_path: "id",
    test_value: organisationId,
    path: "id",
    value: organisationId,
  };
  const patch = change ? { ...refresh, path: change.path, value: change.value } : refresh;
  const fits =
    Buffer.byteLength(JSON.stringify({ channel: organisationId, message: patch })) <= MAX_EVENT_BYTES;
  const staff = await context.database.db.select({ channel: staffAccounts.channelId }).from(staffAccounts);
  for (const { channel } of staff) await context.live.publish(channel, fits ? patch : refresh);
}

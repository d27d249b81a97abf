/** Answer pieces every area uses (zod only: the web imports these modules' types). */
import { z } from "zod";

/** The `status` every JSON answer repeats. */
export const ok = z.literal(200).meta({ description: "The HTTP status, repeated." });

/** `{status, detail}`: an acknowledgement in words. */
export const statusDetailAnswer = z.strictObject({ status: ok, detail: z.string() });
export type StatusDetail = z.infer<typeof statusDetailAnswer>;

/** A paged list's cursor (server/http/pagination.ts): where the next page starts, null on the last. */
export const nextCursor = z
  .string()
  .nullable()
  .meta({ description: "Send it back as `cursor` for the next page; null when this page is the last." });
/** What every page of a paged list has (the web's infinite queries read it). */
export const pageAnswer = z.object({ next_cursor: nextCursor });

/** An ISO 8601 time as the server writes it. */
export const isoTime = z.string().meta({ description: "An ISO 8601 time (UTC)." });
/** A calendar date, YYYY-MM-DD, or null when blank. */
export const dateOrNull = z.string().nullable().meta({ description: "A date (YYYY-MM-DD), or null." });
export const year = z.number().int().meta({ description: "A year, e.g. 2024." });

/** A stored notification or background task (server/live/notifications.ts liveMessageOf). */
export const liveItem = z.strictObject({
  type: z.enum(["task", "notification"]),
  id: z.string(),
  message: z.string(),
  emit_on: isoTime,
  progress: z.number(),
  status: z.string(),
  org: z.string().nullable(),
  action: z.literal("upsert"),
});
export type LiveItemAnswer = z.infer<typeof liveItem>;

/** A queued background job, as the answers that start one name it. */
export const jobRef = z.string().nullable().meta({ description: "The background job's id." });

import { z } from "zod";

/** What the live channel carries (admin-area.md section 7). */
export const taskMessage = z.object({
  type: z.literal("task"),
  id: z.string(),
  message: z.string(),
  emit_on: z.string(),
  progress: z.number().min(0).max(100),
  status: z.string(),
  org: z.string().nullable(),
  action: z.literal("upsert"),
});

export const notificationMessage = taskMessage.extend({ type: z.literal("notification") });

export const eventMessage = z.object({
  type: z.literal("event"),
  test_path: z.string(),
  test_value: z.unknown(),
  path: z.string(),
  value: z.unknown(),
});

/** What a state change is about: every open screen showing it re-reads (web/src/live/changeKeys.ts). */
export const stateTopics = ["year", "questionnaire", "profile"] as const;

/**
 * A state change of an organisation, published once to every staff tab and to the organisation's
 * users: a year's data, results or enablement, its questionnaire, or the practice profile.
 */
export const changedMessage = z.object({
  type: z.literal("changed"),
  organisation: z.uuid(),
  year: z.number().int().nullable(),
  topic: z.enum(stateTopics),
});

export const liveMessage = z.discriminatedUnion("type", [
  taskMessage,
  notificationMessage,
  eventMessage,
  changedMessage,
]);
export type LiveMessage = z.infer<typeof liveMessage>;

/** The envelope sent through PostgreSQL NOTIFY: which channel, and what to push to it. */
export const envelope = z.object({ channel: z.uuid(), message: liveMessage });
export type Envelope = z.infer<typeof envelope>;

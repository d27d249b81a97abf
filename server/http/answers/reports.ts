/** The report subscriptions' answers (server/reports/README.md): the user's own, and staff's read. */
import { z } from "zod";
import { nextCursor, ok } from "./common.ts";

export const recipientView = z.object({
  user_id: z.string().nullable(),
  email: z.string(),
  username: z.string().nullable(),
  /** removed: no longer a user of the organisation; blocked: staff blocked the user. */
  state: z.enum(["active", "blocked", "removed"]),
});

/** A subscription as the screens show it (server/reports/subscriptions.ts subscriptionViews). */
export const subscriptionView = z.object({
  id: z.string(),
  querie: z.string(),
  saved_query_id: z.string().nullable(),
  from_saved_view: z.boolean(),
  title: z.string(),
  filters: z.record(z.string(), z.unknown()),
  follow_latest_year: z.boolean(),
  frequency: z.enum(["weekly", "monthly"]),
  weekday: z.number().nullable(),
  month_day: z.number().nullable(),
  hour: z.number(),
  time_zone: z.string(),
  schedule: z.string(),
  include_xlsx: z.boolean(),
  paused: z.boolean(),
  /** null when paused, or when no recipient is left to send to (`next_delivery_note` says so). */
  next_delivery_at: z.string().nullable(),
  /** Why there is no next delivery: every recipient was removed, blocked or unsubscribed; null otherwise. */
  next_delivery_note: z.string().nullable(),
  last_delivered_at: z.string().nullable(),
  last_outcome: z.enum(["sent", "partial", "skipped", "failed"]).nullable(),
  last_detail: z.string().nullable(),
  owner: z.object({ id: z.string(), username: z.string() }),
  recipients: z.array(recipientView),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** Whom the Subscribe dialog may offer as recipients: the organisation's users. */
export const colleagueView = z.object({ id: z.string(), email: z.string(), username: z.string() });

/** GET /api/management/customer/report-subscription/: the user's own, and the possible recipients. */
export const ownSubscriptionsAnswer = z.object({
  status: ok,
  subscriptions: z.array(subscriptionView),
  next_cursor: nextCursor,
  colleagues: z.array(colleagueView),
});
/** POST, PATCH and send-now: the subscription as it is now. */
export const subscriptionAnswer = z.object({ status: ok, subscription: subscriptionView });
export const subscriptionDeletedAnswer = z.object({ status: ok, deleted: z.string() });

/** GET /api/management/admin/report-subscription/{orgid}/: a page of the organisation's subscriptions. */
export const organisationSubscriptionsAnswer = z.object({
  status: ok,
  subscriptions: z.array(subscriptionView),
  next_cursor: nextCursor,
});
/** Pausing them all answers every subscription as it is now. */
export const subscriptionsPausedAnswer = z.object({
  status: ok,
  subscriptions: z.array(subscriptionView),
  paused: z.number(),
});

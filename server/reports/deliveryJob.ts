/**
 * The job that delivers one report (issue 22): `report.deliver` for a subscription and a period
 * (its scheduled time, or 'now:<id>'). Exactly once per period: the first worker to claim it
 * inserts the (subscription, period) row of report_deliveries and moves the subscription to its
 * next time in one transaction; any other worker, or a stale job left by an edit, finds that done
 * and stops. A worker that dies mid-send leaves the job active; the queue fails it and pg-boss
 * retries it, which finds the dead worker's lease held and queues the period again for the lease's
 * end; that try skips the recipients already sent to (sent_to). Failures are retried with backoff,
 * three tries in all, then the delivery is 'failed' with the reason and staff are notified.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import {
  customerUsers,
  organisations,
  reportDeliveries,
  reportRecipients,
  reportSubscriptions,
  savedQueries,
  staffAccounts,
} from "../db/schema/index.ts";
import { exportTable } from "../engine/export/tableRows.ts";
import { pluginRegistry } from "../engine/registry.ts";
import { isStorageFull } from "../http/storageFull.ts";
import type { JobDefinition } from "../jobs/queue.ts";
import { notify } from "../live/notify.ts";
import { reportFileBase, reportMail } from "./reportMail.ts";
import { nextDelivery, scheduleInWords } from "./schedule.ts";
import {
  enabledYearsOf,
  queueDelivery,
  REPORT_JOB,
  type SubscriptionRow,
  scheduleOf,
} from "./subscriptions.ts";

/**
 * What a report is drawn and written with (vega, pdfkit, sharp, exceljs), loaded by the first
 * delivery rather than at every process's start: they were about 1 s of a server's 4.5 s start.
 */
const reportMakers = async () => {
  const [{ reportContent }, { reportPdf }, { tablesToXlsx }] = await Promise.all([
    import("./content.ts"),
    import("./pdf.ts"),
    import("../engine/export/xlsx.ts"),
  ]);
  return { reportContent, reportPdf, tablesToXlsx };
};

export const REPORT_TRIES = 3;
export const EVERY_RECIPIENT_UNSUBSCRIBED = "every recipient unsubscribed.";
/** Shorter than the queue's expiry (15 min): when pg-boss retries a dead worker's job, the lease is over. */
const LEASE_MS = 10 * 60 * 1000;
/** A job queued for a lease's end starts this long after it, so it finds the lease over. */
const LEASE_MARGIN_MS = 1000;

export interface DeliveryData extends Record<string, unknown> {
  subscriptionId: string;
  period: string;
  organisationId: string;
}

type Outcome = "sent" | "partial" | "skipped" | "failed";

/**
 * Claims the period: answers the delivery row to work on (new, or left unfinished by an earlier
 * try), or undefined when there is nothing to do (already delivered, or a stale scheduled job).
 */
async function claim(context: AppContext, data: DeliveryData) {
  const { db } = context.database;
  const find = async () =>
    (
      await db
        .select()
        .from(reportDeliveries)
        .where(
          and(
            eq(reportDeliveries.subscriptionId, data.subscriptionId),
            eq(reportDeliveries.period, data.period),
          ),
        )
    )[0];
  const existing = await find();
  if (existing) return existing.outcome ? undefined : existing;
  const scheduled = !data.period.startsWith("now:");
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.id, data.subscriptionId))
      .for("update");
    if (!row) return false;
    if (scheduled) {
      // A paused subscription, or one whose time changed since this job was queued, is not due.
      if (row.paused || row.nextRunAt?.toISOString() !== data.period) return false;
      const after = new Date(Math.max(new Date(data.period).getTime(), context.clock.now().getTime()));
      await tx
        .update(reportSubscriptions)
        .set({ nextRunAt: nextDelivery(scheduleOf(row), after) })
        .where(eq(reportSubscriptions.id, row.id));
    }
    const inserted = await tx
      .insert(reportDeliveries)
      .values({ subscriptionId: row.id, period: data.period })
      .onConflictDoNothing()
      .returning();
    return inserted.length > 0;
  });
  if (!claimed) return undefined;
  if (scheduled) {
    const [row] = await db
      .select()
      .from(reportSubscriptions)
      .where(eq(reportSubscriptions.id, data.subscriptionId));
    if (row?.nextRunAt && !row.paused)
      await queueDelivery(context, row, row.nextRunAt.toISOString(), row.nextRunAt);
  }
  return find();
}

/** Why the whole report cannot be made now (the owner reads it), or undefined. */
async function reportBlocker(context: AppContext, row: SubscriptionRow, filters: Record<string, unknown>) {
  const { db } = context.database;
  if (row.fromSavedView && !row.savedQueryId) return { reason: `The saved view "${row.title}" was deleted.` };
  const years = await enabledYearsOf(db, row.organisationId);
  if (row.followLatestYear) {
    const latest = years.at(-1);
    if (latest === undefined) return { reason: "No year is enabled for the analyses." };
    return { filters: { ...filters, year: latest }, years };
  }
  const year = Number(filters.year);
  if (!years.includes(year)) return { reason: `${filters.year} is no longer an enabled year.` };
  return { filters, years };
}

async function finish(
  context: AppContext,
  row: SubscriptionRow,
  deliveryId: string,
  outcome: Outcome,
  detail: string | null,
) {
  const now = context.clock.now();
  const { db } = context.database;
  await db
    .update(reportDeliveries)
    .set({ outcome, detail, finishedAt: now, leaseUntil: null })
    .where(eq(reportDeliveries.id, deliveryId));
  await db
    .update(reportSubscriptions)
    .set({ lastDeliveredAt: now, lastOutcome: outcome, lastDetail: detail })
    .where(eq(reportSubscriptions.id, row.id));
}

/**
 * The delivery is leased by another try: a live duplicate, or a worker killed mid-send whose job
 * pg-boss retried at once (the queue fails a dead owner's job without waiting for its expiry).
 * Completing as skipped would leave the remaining recipients unsent for ever, so the period is
 * queued again for just after the lease ends: a duplicate then finds the delivery finished, a dead
 * worker's delivery is taken over and sends only to recipients not in sent_to.
 */
async function waitForLease(context: AppContext, data: DeliveryData, deliveryId: string) {
  const [held] = await context.database.db
    .select({ outcome: reportDeliveries.outcome, leaseUntil: reportDeliveries.leaseUntil })
    .from(reportDeliveries)
    .where(eq(reportDeliveries.id, deliveryId));
  if (!held || held.outcome) return { skipped: true };
  const leaseEnd = held.leaseUntil ?? context.clock.now();
  const startAfter = new Date(leaseEnd.getTime() + LEASE_MARGIN_MS);
  await context.jobs.send(REPORT_JOB, data, undefined, { startAfter });
  return { waitingForLease: startAfter.toISOString() };
}

async function deliver(context: AppContext, data: DeliveryData) {
  const delivery = await claim(context, data);
  if (!delivery) return { skipped: true };
  const { db } = context.database;
  const now = context.clock.now();
  // The lease: only one worker sends a delivery at a time (a job queued twice finds it held).
  const [leased] = await db
    .update(reportDeliveries)
    .set({ attempts: sql`${reportDeliveries.attempts} + 1`, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(reportDeliveries.id, delivery.id),
        isNull(reportDeliveries.outcome),
        or(isNull(reportDeliveries.leaseUntil), lt(reportDeliveries.leaseUntil, now)),
      ),
    )
    .returning();
  if (!leased) return waitForLease(context, data, delivery.id);
  const attempts = leased.attempts;
  const [found] = await db
    .select({ row: reportSubscriptions, organisation: organisations })
    .from(reportSubscriptions)
    .innerJoin(organisations, eq(organisations.id, reportSubscriptions.organisationId))
    .where(eq(reportSubscriptions.id, data.subscriptionId));
  if (!found) return { skipped: true };
  const { row, organisation } = found;
  try {
    return await send(context, row, organisation, leased);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (attempts < REPORT_TRIES) {
      await db.update(reportDeliveries).set({ leaseUntil: null }).where(eq(reportDeliveries.id, delivery.id));
      throw error; // pg-boss tries again after its backoff
    }
    const detail = `Not sent after ${REPORT_TRIES} tries: ${reason}`;
    // Staff are told before the delivery reads 'failed', so whoever sees the outcome finds the notice too.
    // A crash between the two leaves the delivery open: the next lease tries once more and may tell
    // staff a second time, which beats a 'failed' nobody was told of.
    const staff = await db.select({ id: staffAccounts.id }).from(staffAccounts);
    await notify(
      context,
      { staffAccountIds: staff.map((account) => account.id) },
      {
        message: `The report "${row.title}" of ${organisation.name} could not be sent: ${reason}`,
        status: "error",
        organisationId: organisation.id,
      },
    );
    await finish(context, row, delivery.id, "failed", detail);
    return { failed: detail };
  }
}

async function send(
  context: AppContext,
  row: SubscriptionRow,
  organisation: typeof organisations.$inferSelect,
  delivery: typeof reportDeliveries.$inferSelect,
) {
  const { db } = context.database;
  const saved = row.savedQueryId
    ? (await db.select().from(savedQueries).where(eq(savedQueries.id, row.savedQueryId)))[0]
    : undefined;
  const blocker = await reportBlocker(context, row, saved?.filters ?? row.filters);
  if ("reason" in blocker) {
    await finish(context, row, delivery.id, "skipped", `Not sent: ${blocker.reason}`);
    return { skipped: blocker.reason };
  }
  const recipients = await db
    .select({ recipient: reportRecipients, user: customerUsers })
    .from(reportRecipients)
    .leftJoin(customerUsers, eq(customerUsers.id, reportRecipients.customerUserId))
    .where(eq(reportRecipients.subscriptionId, row.id));
  // Every recipient unsubscribed (their rows are gone): nothing to send, and not "sent" to nobody.
  if (recipients.length === 0) {
    await finish(context, row, delivery.id, "skipped", `Not sent: ${EVERY_RECIPIENT_UNSUBSCRIBED}`);
    return { skipped: EVERY_RECIPIENT_UNSUBSCRIBED };
  }
  const leftOut: string[] = [];
  const due: { rowId: string; email: string; customerUserId: string }[] = [];
  for (const { recipient, user } of recipients) {
    if (!user || user.organisationId !== row.organisationId) leftOut.push(`${recipient.email} was removed`);
    else if (user.blocked) leftOut.push(`${user.email} is blocked`);
    else if (!delivery.sentTo.includes(recipient.id))
      due.push({ rowId: recipient.id, email: user.email, customerUserId: user.id });
  }
  const alreadySent = delivery.sentTo.length;
  if (due.length > 0) {
    const { reportContent, reportPdf, tablesToXlsx } = await reportMakers();
    const content = await reportContent(context, {
      organisationId: row.organisationId,
      organisationName: organisation.name,
      logo: organisation.logo,
      querie: saved?.name ?? row.querie,
      title: row.title,
      filters: blocker.filters,
      availableYears: blocker.years,
      savedQueryId: row.savedQueryId,
    });
    const plugin = (await pluginRegistry()).get(row.querie)!;
    const files = {
      pdf: await reportPdf(content),
      xlsx: row.includeXlsx
        ? await tablesToXlsx(plugin.view.tables.map((table) => exportTable(content.response.results, table)))
        : undefined,
      baseName: reportFileBase(row.title, content.response.year),
    };
    const errors: string[] = [];
    const diskFull: string[] = [];
    for (const recipient of due) {
      try {
        await context.mailer.send(
          reportMail({
            publicUrl: context.config.publicUrl,
            secretKey: context.config.secretKey,
            recipient,
            title: row.title,
            organisationName: organisation.name,
            schedule: scheduleInWords(scheduleOf(row)),
            link: content.link,
            files,
          }),
        );
        // Recorded at once: a retry after a crash does not mail this recipient again.
        await db
          .update(reportDeliveries)
          .set({ sentTo: sql`${reportDeliveries.sentTo} || ${JSON.stringify([recipient.rowId])}::jsonb` })
          .where(eq(reportDeliveries.id, delivery.id));
      } catch (error) {
        // A full disk (the outbox) is said as such, never with the file's path.
        if (isStorageFull(error)) diskFull.push(recipient.email);
        else errors.push(`${recipient.email}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (diskFull.length > 0)
      throw new Error(`the server's disk is full: the mail to ${diskFull.join(", ")} could not be kept`);
    if (errors.length > 0) throw new Error(`the mail server refused ${errors.join("; ")}`);
  }
  const sent = alreadySent + due.length;
  const outcome: Outcome = leftOut.length === 0 ? "sent" : sent > 0 ? "partial" : "skipped";
  const detail = leftOut.length > 0 ? `Not sent to: ${leftOut.join(", ")}.` : null;
  await finish(context, row, delivery.id, outcome, detail);
  return { sent, leftOut };
}

/**
 * Queues again the due deliveries that have no job (one lost with a database restored from a
 * backup, say): run with every task reconciliation. The job key makes a queued one a no-op.
 */
export async function reconcileReportDeliveries(context: AppContext) {
  const overdue = await context.database.db
    .select()
    .from(reportSubscriptions)
    .where(
      and(
        eq(reportSubscriptions.paused, false),
        lt(reportSubscriptions.nextRunAt, new Date(context.clock.now().getTime() - 5 * 60_000)),
      ),
    );
  for (const row of overdue) await queueDelivery(context, row, row.nextRunAt!.toISOString());
}

/** The job, its retries from the configuration (REPORT_RETRY_DELAY_SECONDS, doubling). */
export function reportDeliveryJob(
  config: Pick<Config, "reportRetryDelaySeconds">,
): JobDefinition<DeliveryData> {
  return {
    name: REPORT_JOB,
    title: () => "Report delivery",
    singletonKey: (data) => `${data.subscriptionId}|${data.period}`,
    // One more than the tries we count: a worker that died mid-try still gets its retry.
    retry: { limit: REPORT_TRIES, delaySeconds: config.reportRetryDelaySeconds, backoff: true },
    // A monthly report's job waits up to 31 days.
    keepQueuedDays: 40,
    run: (context, job) => deliver(context, job.data),
  };
}

/**
 * Report subscriptions end to end against a real SMTP server (issue 22): subscribe, "send now",
 * the mail with its PDF (its text read back by pdf.js holds the figures the API answers), the
 * one-click unsubscribe (once, and for its recipient only), the reasons a report is not sent,
 * retries then 'failed' with staff told, a worker that died mid-send, and two server processes
 * on one PostgreSQL delivering 60 reports due at once exactly once each.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import {
  customerUsers,
  notifications,
  organisationYears,
  reportDeliveries,
  reportRecipients,
  reportSubscriptions,
  savedQueries,
  serviceAreas,
} from "../../server/db/schema/index.ts";
import { exportTable } from "../../server/engine/export/tableRows.ts";
import { formatValue } from "../../server/engine/format.ts";
import { pluginRegistry } from "../../server/engine/registry.ts";
import { marketCase } from "../../server/engine/testing/golden.ts";
import { writeWarehouse } from "../../server/engine/testing/queriesApp.ts";
import { NO_RECIPIENT_LEFT, queueDelivery, REPORT_JOB } from "../../server/reports/subscriptions.ts";
import { backends } from "../helpers/backends.ts";
import { createCustomer, createOrganisation, createStaff, signInStaff } from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { pdfText } from "../helpers/pdfText.ts";
import { signInThroughSmtp, waitForMails } from "../helpers/smtpSignin.ts";
import { startSmtpTestServer } from "../helpers/smtpTestServer.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

const BASE = "/api/management/customer/report-subscription/";
const REFUSED = "refused-colleague@example.com";
/** 20 competitor facilities: the PDF's table shows 15 and counts the other 5. */
const FACILITIES = Array.from({ length: 20 }, (_, index) => ({
  npi: String(3000000001 + index),
  name: `Hospital ${String.fromCharCode(65 + index)}`,
  cases: 40 - index,
}));

type Smtp = Awaited<ReturnType<typeof startSmtpTestServer>>;

/** The app's clock at the real time: pg-boss schedules by the database's clock. */
function syncClock(t: TestApp) {
  t.clock.advance((Date.now() - t.clock.now().getTime()) / 1000);
}

async function organisationWithData(t: TestApp) {
  const org = await createOrganisation(t, {
    name: "Lakeside Orthopaedics",
    initialized: true,
    agreementAccepted: true,
  });
  const { db } = t.context.database;
  await db.insert(organisationYears).values([
    { organisationId: org.id, year: 2024, fileState: "uploaded", dataVersion: 1, enabled: true },
    { organisationId: org.id, year: 2023, fileState: "uploaded", dataVersion: 1, enabled: false },
  ]);
  await db.insert(serviceAreas).values({ organisationId: org.id, year: 2024, zipcode: "10001", type: "PSA" });
  await writeWarehouse(t.dataDir, {
    year: 2024,
    market: FACILITIES.map((facility) =>
      marketCase({ facility_npi: facility.npi, facility_name: facility.name, cases: facility.cases }),
    ),
  });
  return org;
}

const subscription = (recipients: string[], values: Record<string, unknown> = {}) => ({
  querie: "querie1",
  title: "Weekly market share",
  filters: { year: 2024 },
  frequency: "weekly",
  weekday: 1,
  hour: 7,
  time_zone: "Europe/Berlin",
  recipients,
  ...values,
});

const pdfOf = (mail: Smtp["received"][number]) =>
  mail.parsed.attachments.find((attachment) => attachment.contentType === "application/pdf");
const unsubscribeLinkOf = (mail: Smtp["received"][number]) =>
  /(http:\/\/localhost:3000\/api\/reports\/unsubscribe\/[A-Za-z0-9._-]+)/.exec(mail.parsed.text ?? "")?.[1];

async function waitFor<T>(read: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await Bun.sleep(100);
  }
}

for (const backend of backends) {
  describe(`report subscriptions (${backend})`, () => {
    let smtp: Smtp;
    let t: TestApp;
    let owner: HttpClient;
    let ownerUser: { id: string; email: string };
    let colleague: { id: string; email: string };
    let refused: { id: string; email: string };
    let orgId: string;

    beforeAll(async () => {
      smtp = await startSmtpTestServer({ refuse: [REFUSED] });
      t = await startTestApp(backend, { SMTP_URL: smtp.url, REPORT_RETRY_DELAY_SECONDS: "1" });
      syncClock(t);
      const org = await organisationWithData(t);
      orgId = org.id;
      ownerUser = await createCustomer(t, org.id, { isStaff: true, username: "Olivia Owner" });
      colleague = await createCustomer(t, org.id, { isStaff: false, username: "Colin Colleague" });
      refused = await createCustomer(t, org.id, { isStaff: false, email: REFUSED, username: "Rita Refused" });
      owner = await signInThroughSmtp(t, smtp, ownerUser.email, "10.77.0.1");
    }, 120_000);
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    test("subscribing: next delivery on the chosen weekday and hour; colleagues only; staff's dummy view refused", async () => {
      const created = await owner.post(BASE, subscription([ownerUser.id, colleague.id]));
      expect(created.status).toBe(200);
      const next = new Date(created.json.subscription.next_delivery_at);
      expect(next.getTime()).toBeGreaterThan(Date.now());
      const berlin = new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/Berlin",
        weekday: "long",
        hour: "2-digit",
      }).format(next);
      expect(berlin).toBe("Monday, 07");
      expect(created.json.subscription.schedule).toBe("Weekly on Monday at 07:00 (Europe/Berlin)");

      const stranger = await createCustomer(t, (await createOrganisation(t)).id);
      const refusedAnswer = await owner.post(BASE, subscription([ownerUser.id, stranger.id]));
      expect(refusedAnswer.status).toBe(400);
      expect(refusedAnswer.json.errors[0].field).toBe("recipients");

      const notEnabled = await owner.post(BASE, subscription([ownerUser.id], { filters: { year: 2023 } }));
      expect(notEnabled.status).toBe(400);
      expect(notEnabled.json.errors[0].field).toBe("filters.year");

      // Any analysis the registry has (one per folder of queries/): querie11 passes the name and
      // reaches the year check; a name no folder has, or not an analysis name, is refused as querie.
      const newest = await owner.post(
        BASE,
        subscription([ownerUser.id], { querie: "querie11", filters: { year: 2023 } }),
      );
      expect(newest.json.errors).toEqual([expect.objectContaining({ field: "filters.year" })]);
      const missing = await owner.post(BASE, subscription([ownerUser.id], { querie: "querie99" }));
      expect(missing.status).toBe(400);
      expect(missing.json.errors).toEqual([{ field: "querie", message: "there is no analysis querie99" }]);
      const misnamed = await owner.post(BASE, subscription([ownerUser.id], { querie: "growth" }));
      expect(misnamed.status).toBe(400);
      expect(misnamed.json.errors[0]).toEqual({
        field: "querie",
        message: "must be an analysis name such as querie1",
      });

      const staff = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      const dummy = await staff.post(BASE, subscription([ownerUser.id]), { "x-dummy-org": orgId });
      expect(dummy.status).toBe(403);
    }, 30_000);

    test("send now: each recipient gets the mail with the PDF, whose text holds the API's figures", async () => {
      const list = await owner.get(BASE);
      const [sub] = list.json.subscriptions;
      const before = smtp.received.length;
      expect((await owner.post(`${BASE}${sub.id}/send-now/`)).status).toBe(200);
      const mails = await waitForMails(smtp, 2, (mail) => smtp.received.indexOf(mail) >= before);
      expect(mails.flatMap((mail) => mail.envelope.to).sort()).toEqual(
        [colleague.email, ownerUser.email].sort(),
      );

      const mail = mails[0]!;
      expect(mail.parsed.subject).toBe("Weekly market share - Lakeside Orthopaedics");
      const header = (name: string) => mail.parsed.headerLines.find((line) => line.key === name)?.line;
      expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(header("list-unsubscribe")).toContain(`<${unsubscribeLinkOf(mail)}>`);
      const pdf = pdfOf(mail)!;
      expect(pdf.filename).toBe("Weekly_market_share_2024.pdf");
      expect(pdf.content.subarray(0, 5).toString()).toBe("%PDF-");

      // The figures as the API answers them, formatted as the screen's table shows them.
      const answer = await owner.post("/api/management/queries/querie1/", { filters: { year: 2024 } });
      expect(answer.status).toBe(200);
      const plugin = (await pluginRegistry()).get("querie1")!;
      const table = exportTable(answer.json.results, plugin.view.tables[0]!);
      expect(table.rows.length).toBe(20);
      const { text, pages } = await pdfText(pdf.content);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(text).toContain("Weekly market share");
      expect(text).toContain("Year: 2024");
      expect(text).toContain("Competitor facilities");
      for (const row of table.rows.slice(0, 3)) {
        const [name, , claims, share] = row.values;
        expect(text).toContain(String(name));
        expect(text).toContain(formatValue("integer", claims));
        expect(text).toContain(formatValue("percent", share));
      }
      expect(text).toContain("5 more rows in the app");
      expect(text).toContain("/queries/querie1?year=2024");
      // The findings in words, as the API answers them, open the report (wrapped lines joined).
      const words = text.replace(/\s+/g, " ");
      expect(answer.json.insights.length).toBeGreaterThanOrEqual(2);
      expect(words).toContain("Findings");
      for (const insight of answer.json.insights) expect(words).toContain(insight.text);

      const after = await waitFor(async () => {
        const [view] = (await owner.get(BASE)).json.subscriptions;
        return view.last_outcome ? view : undefined;
      });
      expect(after.last_outcome).toBe("sent");
      expect(after.last_delivered_at).not.toBeNull();
    }, 30_000);

    test("the unsubscribe link works without signing in, once, and for its recipient only", async () => {
      const [sub] = (await owner.get(BASE)).json.subscriptions;
      const mailTo = (email: string) => smtp.received.findLast((mail) => mail.envelope.to.includes(email))!;
      const link = unsubscribeLinkOf(mailTo(colleague.email))!;
      const path = link.replace("http://localhost:3000", "");
      const anonymous = t.client({ ip: "10.77.0.9" });

      const page = await anonymous.get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain(colleague.email);
      // A mail program's one-click POST (RFC 8058): no cookie, no CSRF token.
      const done = await anonymous.request("POST", path, "List-Unsubscribe=One-Click", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(done.status).toBe(200);
      expect(done.text).toContain("will no longer receive");
      const again = await anonymous.request("POST", path, "List-Unsubscribe=One-Click", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(again.status).toBe(410);
      // A forged token (another recipient's id with this signature) is not a link.
      const ownerRow = (
        await t.context.database.db
          .select()
          .from(reportRecipients)
          .where(eq(reportRecipients.subscriptionId, sub.id))
      ).find((row) => row.customerUserId === ownerUser.id)!;
      const forged = path.replace(/unsubscribe\/[0-9a-f-]{36}/, `unsubscribe/${ownerRow.id}`);
      expect((await anonymous.request("POST", forged)).status).toBe(404);

      const view = (await owner.get(BASE)).json.subscriptions[0];
      expect(view.recipients.map((recipient: { email: string }) => recipient.email)).toEqual([
        ownerUser.email,
      ]);
      const before = smtp.received.length;
      await owner.post(`${BASE}${sub.id}/send-now/`);
      const [next] = await waitForMails(smtp, 1, (mail) => smtp.received.indexOf(mail) >= before);
      await Bun.sleep(500);
      expect(smtp.received.length - before).toBe(1);
      expect(next!.envelope.to).toEqual([ownerUser.email]);
    }, 30_000);

    test("not sent, and the owner reads why: a blocked recipient, a year no longer enabled, a deleted saved view", async () => {
      const { db } = t.context.database;
      const blocked = await createCustomer(t, orgId, { isStaff: false, username: "Bob Blocked" });
      const created = await owner.post(
        BASE,
        subscription([ownerUser.id, blocked.id], { title: "Blocked case" }),
      );
      const onlyBlocked = await owner.post(BASE, subscription([blocked.id], { title: "Only Bob" }));
      expect(onlyBlocked.json.subscription.next_delivery_at).not.toBeNull();
      await db.update(customerUsers).set({ blocked: true }).where(eq(customerUsers.id, blocked.id));
      // Issue 32: every recipient has left: no next delivery, and why; one left: the schedule.
      const listed = (await owner.get(BASE)).json.subscriptions as Array<{
        id: string;
        next_delivery_at: string | null;
        next_delivery_note: string | null;
      }>;
      expect(listed.find((s) => s.id === onlyBlocked.json.subscription.id)).toMatchObject({
        next_delivery_at: null,
        next_delivery_note: NO_RECIPIENT_LEFT,
      });
      expect(listed.find((s) => s.id === created.json.subscription.id)).toMatchObject({
        next_delivery_note: null,
      });
      await owner.delete(`${BASE}${onlyBlocked.json.subscription.id}/`);
      const before = smtp.received.length;
      await owner.post(`${BASE}${created.json.subscription.id}/send-now/`);
      const partial = await waitFor(async () => {
        const view = (await owner.get(BASE)).json.subscriptions.find(
          (s: { id: string }) => s.id === created.json.subscription.id,
        );
        return view.last_outcome ? view : undefined;
      });
      expect(partial.last_outcome).toBe("partial");
      expect(partial.last_detail).toBe(`Not sent to: ${blocked.email} is blocked.`);
      expect(smtp.received.slice(before).flatMap((mail) => mail.envelope.to)).toEqual([ownerUser.email]);

      // The year: enabled when subscribed, no longer now.
      const yearSub = await owner.post(BASE, subscription([ownerUser.id], { title: "Year case" }));
      await db
        .update(organisationYears)
        .set({ enabled: false })
        .where(eq(organisationYears.organisationId, orgId));
      await owner.post(`${BASE}${yearSub.json.subscription.id}/send-now/`);
      const skipped = await waitFor(async () => {
        const view = (await owner.get(BASE)).json.subscriptions.find(
          (s: { id: string }) => s.id === yearSub.json.subscription.id,
        );
        return view.last_outcome ? view : undefined;
      });
      await db
        .update(organisationYears)
        .set({ enabled: true })
        .where(eq(organisationYears.organisationId, orgId));
      await db.update(organisationYears).set({ enabled: false }).where(eq(organisationYears.year, 2023));
      expect(skipped.last_outcome).toBe("skipped");
      expect(skipped.last_detail).toBe("Not sent: 2024 is no longer an enabled year.");

      // The saved view.
      const [view] = await db
        .insert(savedQueries)
        .values({
          organisationId: orgId,
          ownerUserId: ownerUser.id,
          username: "Olivia Owner",
          ownerEmail: ownerUser.email,
          name: "querie1",
          querie: 1,
          title: "My view",
          filters: { year: 2024 },
        })
        .returning();
      const savedSub = await owner.post(
        BASE,
        subscription([ownerUser.id], { title: "My view", saved_query_id: view!.id }),
      );
      expect(savedSub.status).toBe(200);
      expect(savedSub.json.subscription.from_saved_view).toBe(true);
      await db.delete(savedQueries).where(eq(savedQueries.id, view!.id));
      await owner.post(`${BASE}${savedSub.json.subscription.id}/send-now/`);
      const deleted = await waitFor(async () => {
        const found = (await owner.get(BASE)).json.subscriptions.find(
          (s: { id: string }) => s.id === savedSub.json.subscription.id,
        );
        return found.last_outcome ? found : undefined;
      });
      expect(deleted.last_outcome).toBe("skipped");
      expect(deleted.last_detail).toBe('Not sent: The saved view "My view" was deleted.');
    }, 30_000);

    test("every recipient gone (deleted, blocked, unsubscribed): no next delivery, and its time sends nothing and fails nothing", async () => {
      const { db } = t.context.database;
      const leaving = await createCustomer(t, orgId, { isStaff: false, username: "Lea Leaving" });
      const blocking = await createCustomer(t, orgId, { isStaff: false, username: "Ben Blocked" });
      const gone = (await owner.post(BASE, subscription([leaving.id, blocking.id], { title: "All gone" })))
        .json.subscription;
      const unsubscribed = (
        await owner.post(BASE, subscription([colleague.id], { title: "All unsubscribed" }))
      ).json.subscription;
      await db.delete(customerUsers).where(eq(customerUsers.id, leaving.id));
      await db.update(customerUsers).set({ blocked: true }).where(eq(customerUsers.id, blocking.id));
      // As the unsubscribe link does: the recipient's row removed.
      await db.delete(reportRecipients).where(eq(reportRecipients.subscriptionId, unsubscribed.id));
      const before = smtp.received.length;
      // Each one's scheduled time comes: moved to a moment ago, its job queued for that period.
      const due = new Date(t.clock.now().getTime() - 1000);
      for (const { id } of [gone, unsubscribed]) {
        const [row] = await db
          .update(reportSubscriptions)
          .set({ nextRunAt: due })
          .where(eq(reportSubscriptions.id, id))
          .returning();
        await queueDelivery(t.context, row!, due.toISOString());
      }
      const [goneView, unsubscribedView] = await Promise.all(
        [gone, unsubscribed].map(({ id }) =>
          waitFor(async () => {
            const view = (await owner.get(BASE)).json.subscriptions.find((s: { id: string }) => s.id === id);
            return view.last_outcome ? view : undefined;
          }),
        ),
      );
      for (const view of [goneView, unsubscribedView]) {
        expect(view).toMatchObject({
          last_outcome: "skipped",
          next_delivery_at: null,
          next_delivery_note: NO_RECIPIENT_LEFT,
        });
      }
      expect(goneView.last_detail).toContain(`${leaving.email} was removed`);
      expect(goneView.last_detail).toContain(`${blocking.email} is blocked`);
      expect(unsubscribedView.last_detail).toBe("Not sent: every recipient unsubscribed.");
      const mailedTo = smtp.received.slice(before).flatMap((mail) => mail.envelope.to);
      for (const user of [leaving, blocking, colleague]) expect(mailedTo).not.toContain(user.email);
    }, 30_000);

    test("a refused mail is tried three times with backoff, then 'failed' with the reason, and staff are told", async () => {
      const staff = await createStaff(t, "site_admin");
      const created = await owner.post(BASE, subscription([refused.id], { title: "Refused case" }));
      const id = created.json.subscription.id;
      await owner.post(`${BASE}${id}/send-now/`);
      const failed = await waitFor(async () => {
        const view = (await owner.get(BASE)).json.subscriptions.find((s: { id: string }) => s.id === id);
        return view.last_outcome ? view : undefined;
      }, 60_000);
      expect(failed.last_outcome).toBe("failed");
      expect(failed.last_detail).toContain("Not sent after 3 tries");
      expect(failed.last_detail).toContain(REFUSED);
      const [delivery] = await t.context.database.db
        .select()
        .from(reportDeliveries)
        .where(eq(reportDeliveries.subscriptionId, id));
      expect(delivery!.attempts).toBe(3);
      const told = await t.context.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.staffAccountId, staff.id));
      expect(told.map((notice) => notice.message)).toEqual([
        expect.stringContaining('The report "Refused case" of Lakeside Orthopaedics could not be sent'),
      ]);
    }, 90_000);

    test("a worker that died mid-send: the retry mails only the recipients not yet sent to", async () => {
      const { db } = t.context.database;
      const created = await owner.post(
        BASE,
        subscription([ownerUser.id, colleague.id], { title: "Crash case" }),
      );
      const id = created.json.subscription.id;
      const rows = await db.select().from(reportRecipients).where(eq(reportRecipients.subscriptionId, id));
      const ownerRow = rows.find((row) => row.customerUserId === ownerUser.id)!;
      // The dead worker's state: the delivery claimed, the owner mailed, its lease over.
      const period = "now:crashed-worker";
      await db.insert(reportDeliveries).values({
        subscriptionId: id,
        period,
        attempts: 1,
        sentTo: [ownerRow.id],
        leaseUntil: new Date(t.clock.now().getTime() - 1000),
      });
      const before = smtp.received.length;
      await t.context.jobs.send(REPORT_JOB, { subscriptionId: id, period, organisationId: orgId });
      const [mail] = await waitForMails(smtp, 1, (m) => smtp.received.indexOf(m) >= before);
      await Bun.sleep(1000);
      expect(smtp.received.length - before).toBe(1);
      expect(mail!.envelope.to).toEqual([colleague.email]);
    }, 30_000);

    test("a retry that finds a killed worker's lease still held is tried again once the lease ends", async () => {
      const { db } = t.context.database;
      syncClock(t);
      const created = await owner.post(
        BASE,
        subscription([ownerUser.id, colleague.id], { title: "Held lease case" }),
      );
      const id = created.json.subscription.id;
      const rows = await db.select().from(reportRecipients).where(eq(reportRecipients.subscriptionId, id));
      const ownerRow = rows.find((row) => row.customerUserId === ownerUser.id)!;
      // The killed worker's state: the owner mailed, its lease still running for 2 s.
      const period = "now:held-lease";
      await db.insert(reportDeliveries).values({
        subscriptionId: id,
        period,
        attempts: 1,
        sentTo: [ownerRow.id],
        leaseUntil: new Date(t.clock.now().getTime() + 2000),
      });
      const before = smtp.received.length;
      await t.context.jobs.send(REPORT_JOB, { subscriptionId: id, period, organisationId: orgId });
      await Bun.sleep(1500);
      expect(smtp.received.length - before).toBe(0);
      // The lease ends (the app's clock is moved by hand; pg-boss starts the new job by the database's).
      await Bun.sleep(1000);
      syncClock(t);
      const [mail] = await waitForMails(smtp, 1, (m) => smtp.received.indexOf(m) >= before);
      expect(mail!.envelope.to).toEqual([colleague.email]);
      const delivery = await waitFor(async () => {
        const [row] = await db.select().from(reportDeliveries).where(eq(reportDeliveries.period, period));
        return row?.outcome ? row : undefined;
      });
      expect(delivery.outcome).toBe("sent");
      expect(delivery.sentTo).toHaveLength(2);
      await Bun.sleep(500);
      expect(smtp.received.length - before).toBe(1);
    }, 30_000);

    test("staff read a customer's subscriptions and pause them all; the owner resumes one", async () => {
      const staff = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      const read = await staff.get(`/api/management/admin/report-subscription/${orgId}/`);
      expect(read.status).toBe(200);
      expect(read.json.subscriptions.length).toBeGreaterThanOrEqual(5);
      const agent = await signInStaff(t, (await createStaff(t, "agent")).username);
      expect((await agent.post(`/api/management/admin/report-subscription/${orgId}/pause/`)).status).toBe(
        403,
      );
      const paused = await staff.post(`/api/management/admin/report-subscription/${orgId}/pause/`);
      expect(paused.status).toBe(200);
      expect(
        paused.json.subscriptions.every(
          (s: { paused: boolean; next_delivery_at: string | null }) =>
            s.paused && s.next_delivery_at === null,
        ),
      ).toBe(true);
      const [first] = (await owner.get(BASE)).json.subscriptions;
      const resumed = await owner.patch(`${BASE}${first.id}/`, { paused: false });
      expect(resumed.json.subscription.paused).toBe(false);
      expect(resumed.json.subscription.next_delivery_at).not.toBeNull();
      // A PATCH keeps what it is not sent (issue 19): only the pause and the next delivery changed.
      const { paused: _p, next_delivery_at: _n, ...kept } = first;
      expect(resumed.json.subscription).toMatchObject(kept);
      const edited = await owner.patch(`${BASE}${first.id}/`, {
        frequency: "monthly",
        month_day: 3,
        hour: 9,
      });
      expect(edited.json.subscription.schedule).toBe("Monthly on day 3 at 09:00 (Europe/Berlin)");
      expect((await owner.delete(`${BASE}${first.id}/`)).json.deleted).toBe(first.id);
    }, 30_000);
  });
}

if (backends.includes("postgres")) {
  describe("two server processes on one PostgreSQL: 24 reports due in the same minute", () => {
    let smtp: Smtp;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpTestServer();
      a = await startTestApp("postgres", { SMTP_URL: smtp.url });
      // One data folder too, as two processes of one deployment share it.
      b = await startTestApp(
        "postgres",
        { SMTP_URL: smtp.url, DATA_DIR: a.dataDir },
        { shareDatabaseWith: a },
      );
      syncClock(a);
      syncClock(b);
    }, 120_000);
    afterAll(async () => {
      await b.close();
      await a.close();
      await smtp.close();
    });

    test("each is delivered exactly once (counted at the SMTP server)", async () => {
      const REPORTS = 24;
      const { db } = a.context.database;
      const org = await organisationWithData(a);
      const users: { id: string; email: string }[] = [];
      // 24 reports, each queued by both processes at once: 48 racing sends over both processes'
      // workers (60 took 28 s of the suite, each mail a PDF, for no more kinds of race than this).
      for (let index = 0; index < REPORTS; index++) {
        users.push(await createCustomer(a, org.id, { email: `reader-${index}@example.com` }));
      }
      const due = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      const subs = await db
        .insert(reportSubscriptions)
        .values(
          users.map((user, index) => ({
            organisationId: org.id,
            ownerUserId: user.id,
            querie: "querie1",
            title: `Report ${index}`,
            filters: { year: 2024 },
            frequency: "weekly" as const,
            weekday: 1,
            hour: 7,
            timeZone: "UTC",
            nextRunAt: due,
          })),
        )
        .returning();
      await db.insert(reportRecipients).values(
        subs.map((sub, index) => ({
          subscriptionId: sub.id,
          customerUserId: users[index]!.id,
          email: users[index]!.email,
        })),
      );
      // Both processes find every report due and queue it.
      await Promise.all([
        ...subs.map((sub) => queueDelivery(a.context, sub, due.toISOString())),
        ...subs.map((sub) => queueDelivery(b.context, sub, due.toISOString())),
      ]);
      await waitForMails(smtp, REPORTS, () => true, 240_000);
      await Bun.sleep(3000);
      expect(smtp.received.length).toBe(REPORTS);
      const perAddress = new Map<string, number>();
      for (const mail of smtp.received)
        for (const to of mail.envelope.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      expect(perAddress.size).toBe(REPORTS);
      expect([...perAddress.values()].every((count) => count === 1)).toBe(true);
      const deliveries = await db
        .select()
        .from(reportDeliveries)
        .where(
          inArray(
            reportDeliveries.subscriptionId,
            subs.map((sub) => sub.id),
          ),
        );
      expect(deliveries.length).toBe(REPORTS);
      expect(deliveries.every((delivery) => delivery.outcome === "sent")).toBe(true);
    }, 300_000);
  });
}

/**
 * Report subscriptions benchmark (a script, not a test): `npm run bench reports` or
 * `bun bench/reports/run.ts [1m|small]`. On the fixture's demo organisation (its last year
 * enabled), with mail going to a real SMTP server started here (tests/helpers/smtpTestServer.ts):
 *
 *   - render and send one report (querie1 at the screen's defaults: the analysis through runPlugin
 *     as the API runs it, the charts to SVG with vega's headless view, the PDF with pdfkit, the mail
 *     through nodemailer to SMTP): the first (cold) run, then p50 and p95 of BENCH_RUNS warm runs;
 *   - reports per minute one process delivers through the job queue: BENCH_REPORTS subscriptions
 *     ("send now"), each to its own recipient, from queue to the last mail received;
 *   - duplicates: mails received beyond one per recipient.
 *
 * The data folder is bench/out/reports/<size> (BENCH_OUT moves it); the fixture and its ingest are
 * made once (bench/queries/setup.ts). Last line:
 * `reports: size=1m render_p50_ms=… render_p95_ms=… per_minute=… duplicates=0`.
 */

import { loadavg } from "node:os";
import { resolve } from "node:path";
import { and, eq, max } from "drizzle-orm";
import { createContext } from "../../server/bootstrap/context.ts";
import {
  customerUsers,
  organisations,
  organisationYears,
  reportRecipients,
  reportSubscriptions,
} from "../../server/db/schema/index.ts";
import { createLogger } from "../../server/logger.ts";
import { reportContent } from "../../server/reports/content.ts";
import { reportPdf } from "../../server/reports/pdf.ts";
import { reportMail } from "../../server/reports/reportMail.ts";
import { sendNow } from "../../server/reports/subscriptions.ts";
import { startSmtpTestServer } from "../../tests/helpers/smtpTestServer.ts";
import { benchConfig, openBenchData } from "../queries/setup.ts";

process.env.BENCH_OUT ??= resolve(import.meta.dir, "..", "out", "reports");
const size = process.argv[2] ?? "1m";
const runs = Number(process.env.BENCH_RUNS ?? 20);
const reports = Number(process.env.BENCH_REPORTS ?? 60);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))]!;
};

const loadBefore = loadavg()[0]!;
// Ingest (once) with the queries bench's setup, then reopen the same folder with SMTP and the queue.
const prepared = await openBenchData(size);
const organisationId = prepared.organisationId;
await prepared.context.live.stop();
await prepared.context.database.close();

const smtp = await startSmtpTestServer();
const context = await createContext(benchConfig(size, { SMTP_URL: smtp.url }), {
  logger: createLogger("text", true),
});
const { db } = context.database;
const [{ year } = { year: null }] = await db
  .select({ year: max(organisationYears.year) })
  .from(organisationYears)
  .where(eq(organisationYears.organisationId, organisationId));
if (year === null) throw new Error("the demo organisation has no year");
await db
  .update(organisationYears)
  .set({ enabled: true })
  .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, year)));
const [organisation] = await db.select().from(organisations).where(eq(organisations.id, organisationId));

// Recipients of their own: each report goes to one address, so duplicates are counted per address.
const stamp = Date.now().toString(36);
const users = await db
  .insert(customerUsers)
  .values(
    Array.from({ length: reports + 1 }, (_, index) => ({
      organisationId,
      email: `bench-${stamp}-${index}@example.com`,
      username: `Bench reader ${index}`,
    })),
  )
  .returning();

// 1. Render and send one report, as the delivery job does.
const source = {
  organisationId,
  organisationName: organisation!.name,
  logo: organisation!.logo,
  querie: "querie1",
  title: "Market share",
  filters: { year },
  availableYears: [year],
  savedQueryId: null,
};
async function renderAndSend() {
  const started = performance.now();
  const content = await reportContent(context, source);
  const pdf = await reportPdf(content);
  await context.mailer.send(
    reportMail({
      publicUrl: context.config.publicUrl,
      secretKey: context.config.secretKey,
      recipient: { rowId: users[0]!.id, email: users[0]!.email, customerUserId: users[0]!.id },
      title: source.title,
      organisationName: source.organisationName,
      schedule: "bench",
      link: content.link,
      files: { pdf, baseName: "bench" },
    }),
  );
  return { ms: performance.now() - started, bytes: pdf.length };
}
const cold = await renderAndSend();
const warm: number[] = [];
let bytes = 0;
for (let run = 0; run < runs; run++) {
  const timed = await renderAndSend();
  warm.push(timed.ms);
  bytes = timed.bytes;
}
const p50 = quantile(warm, 0.5);
const p95 = quantile(warm, 0.95);
console.log(
  `render and send one report (querie1, ${year}): cold ${cold.ms.toFixed(0)} ms, warm p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${runs} runs; PDF ${(bytes / 1024).toFixed(0)} kB`,
);

// 2. Reports per minute through the queue, one process.
const subscriptions = await db
  .insert(reportSubscriptions)
  .values(
    users.slice(1).map((user, index) => ({
      organisationId,
      ownerUserId: user.id,
      querie: "querie1",
      title: `Bench report ${index}`,
      filters: { year },
      frequency: "weekly" as const,
      weekday: 1,
      hour: 7,
      timeZone: "UTC",
      paused: true, // no scheduled delivery: only the ones sent now
    })),
  )
  .returning();
await db.insert(reportRecipients).values(
  subscriptions.map((sub, index) => ({
    subscriptionId: sub.id,
    customerUserId: users[index + 1]!.id,
    email: users[index + 1]!.email,
  })),
);
await context.jobs.start();
const before = smtp.received.length;
const started = performance.now();
for (const sub of subscriptions) await sendNow(context, sub);
const deadline = Date.now() + 30 * 60_000;
while (smtp.received.length - before < reports && Date.now() < deadline) await Bun.sleep(100);
const minutes = (performance.now() - started) / 60_000;
await Bun.sleep(3000); // a late duplicate would arrive now
const delivered = smtp.received.slice(before);
const perAddress = new Map<string, number>();
for (const mail of delivered)
  for (const to of mail.envelope.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
const duplicates = [...perAddress.values()].reduce((sum, count) => sum + count - 1, 0);
const perMinute = perAddress.size / minutes;
console.log(
  `delivered ${perAddress.size}/${reports} reports through the queue in ${(minutes * 60).toFixed(1)} s (one process); load ${loadBefore.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}`,
);

await db.delete(reportSubscriptions).where(eq(reportSubscriptions.organisationId, organisationId));
await context.jobs.stop({ graceful: false });
await context.live.stop();
await context.database.close();
await smtp.close();
console.log(
  `reports: size=${size} render_p50_ms=${p50.toFixed(0)} render_p95_ms=${p95.toFixed(0)} per_minute=${perMinute.toFixed(0)} duplicates=${duplicates}`,
);
process.exit(0);

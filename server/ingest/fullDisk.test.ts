/**
 * Issue 33, "A full disk": the data folder on a small filesystem (a tmpfs this test mounts). An
 * upload that does not fit is refused 507 `storage_full` in plain words, wherever the disk runs out
 * (receiving the body, keeping the file, the worker writing Parquet); nothing half-written stays
 * under uploads/, warehouse/ or tmp/; the year keeps its data (its analyses answer byte-equal) and
 * the server keeps answering. Analyses whose derived files and kept values cannot be written still
 * answer, the same as with room; an export that does not fit is refused and leaves nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { and, eq } from "drizzle-orm";
import { analysisAnswers } from "../../tests/helpers/analysisAnswers.ts";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createStaff,
  demoOrganisationId,
  signInCustomer,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import {
  FILLER_NAME,
  mountSmallDisk,
  type SmallDisk,
  smallDiskRefused,
} from "../../tests/helpers/smallDisk.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { sha256Of } from "../backup/manifest.ts";
import { DEMO_EMAIL } from "../bootstrap/demoOrganisation.ts";
import {
  advisoryBoardUploads,
  customerUsers,
  notifications,
  practiceUploads,
  reportDeliveries,
  serviceAreas,
} from "../db/schema/index.ts";
import { notifyDataChanged } from "../engine/dataChanges.ts";
import { closeDuckPools } from "../engine/duckPool.ts";
import { clearRunCache } from "../engine/runPlugin.ts";
import { STORAGE_FULL_DETAIL } from "../http/storageFull.ts";
import { warehousePaths } from "./storage.ts";
import { marketRow, professionalLine, toCsv } from "./testing/builders.ts";

/** The demo's latest enabled year: its data is what an upload that does not fit must leave alone. */
const YEAR = 2025;
const REPORTS = "/api/management/customer/report-subscription/";
/** A year the demo has no data for: an upload there once there is room again. */
const ROOMY_YEAR = 2021;
/** A few analyses, those that read derived files and kept values (querie9's flows, querie11's slices). */
const ANALYSES = ["querie1", "querie3", "querie9", "querie11"];
/** Big enough for the seeded demo and its derived files, with room to spare before the filling. */
const DISK_KB = 96 * 1024;

/** The analyses' answers for YEAR, as the customer reads them. */
const readAll = (customer: HttpClient) => analysisAnswers(customer, ANALYSES, YEAR);

/** Every file under the folders an upload writes to, with its size (the filling left out). */
function listing(dataDir: string) {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name !== FILLER_NAME) files.push(`${relative(dataDir, path)} ${statSync(path).size}`);
    }
  };
  for (const top of ["uploads", "warehouse", "tmp", "exports"]) walk(join(dataDir, top));
  return files.sort();
}

/** A practice file of `lines` lines for the year, random enough that its Parquet is not tiny. */
function practiceForm(organisationId: string, lines: number, year = YEAR) {
  const csv = toCsv(
    Array.from({ length: lines }, (_, line) =>
      professionalLine({
        claim_id: `FULL-${line}-${Math.random().toString(36).slice(2)}`,
        line: 1,
        service_date: `${year}-03-${String((line % 28) + 1).padStart(2, "0")}`,
        paid_amount: String(Math.round(Math.random() * 1_000_000) / 100),
      }),
    ),
  );
  const body = new FormData();
  body.append("files", new File([csv], "professional_fees.csv", { type: "text/csv" }));
  body.append("years", String(year));
  body.append("organization", organisationId);
  body.append("confirm", "true");
  return { body, bytes: csv.length };
}

/** A market file of `lines` outpatient cases of YEAR (the advisory board's upload). */
function marketForm(lines: number) {
  const csv = toCsv(
    Array.from({ length: lines }, (_, line) =>
      marketRow({
        year: YEAR,
        claim_id: `FULL-M-${line}-${Math.random().toString(36).slice(2)}`,
        paid_amount: String(Math.round(Math.random() * 1_000_000) / 100),
      }),
    ),
  );
  const body = new FormData();
  body.append("files", new File([csv], "market_op.csv", { type: "text/csv" }));
  body.append("kind", "OP");
  body.append("year", String(YEAR));
  return { body, bytes: csv.length };
}

for (const backend of backends) {
  describe.skipIf(smallDiskRefused !== undefined)(`a full data folder (${backend})`, () => {
    let disk: SmallDisk;
    let t: TestApp;
    let organisationId: string;
    let customer: HttpClient;
    let siteAdmin: HttpClient;
    let before: Record<string, string>;

    beforeAll(async () => {
      disk = mountSmallDisk(DISK_KB);
      disk.keepOutside("pglite");
      t = await startTestApp(backend, { REPORT_RETRY_DELAY_SECONDS: "1" }, { dataDir: disk.dir, demo: true });
      // The report deliveries' leases are on the app's clock, pg-boss's retries on real time.
      t.clock.advance((Date.now() - t.clock.now().getTime()) / 1000);
      organisationId = await demoOrganisationId(t);
      // Signed in while there is room: the sign-in link is a mail, kept in the outbox.
      customer = await signInCustomer(t, DEMO_EMAIL);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      before = await readAll(customer);
    }, 300_000);
    afterAll(async () => {
      if (t) closeDuckPools(t.dataDir);
      await t?.close();
      disk?.unmount();
    });

    const uploadRows = async () =>
      (
        await t.context.database.db
          .select({ id: practiceUploads.id })
          .from(practiceUploads)
          .where(eq(practiceUploads.organisationId, organisationId))
      ).length;

    test("an upload that does not fit: 507 storage_full wherever the disk runs out, nothing kept, the year unchanged", async () => {
      for (const answer of Object.values(before)) expect(answer.slice(0, 3)).toBe("200");
      const current = warehousePaths.practiceLines(t.dataDir, organisationId, YEAR);
      const currentSum = sha256Of(current);
      const files = listing(t.dataDir);
      const rows = await uploadRows();
      const lines = 4000;
      const { bytes } = practiceForm(organisationId, lines);
      // Where the disk runs out: receiving the body; keeping the received file under uploads/; the
      // worker writing its Parquet output (both copies fit, the output does not).
      const headrooms = {
        receiving: 16 * 1024,
        keeping: Math.round(bytes * 1.5),
        writing: 2 * bytes + 48 * 1024,
      };
      for (const [where, headroom] of Object.entries(headrooms)) {
        disk.fill(headroom);
        try {
          const answer = await siteAdmin.post(
            "/api/management/customer/file/",
            practiceForm(organisationId, lines).body,
          );
          expect({ where, status: answer.status, body: answer.json }).toEqual({
            where,
            status: 507,
            body: { status: 507, code: "storage_full", detail: STORAGE_FULL_DETAIL },
          });
          // Nothing half-written stays, no upload row is left; the server answers meanwhile.
          expect({ where, files: listing(t.dataDir) }).toEqual({ where, files });
          expect(await uploadRows()).toBe(rows);
          expect((await t.client().get("/api/health")).status).toBe(200);
        } finally {
          disk.unfill();
        }
      }
      // A market file likewise, run out of room while kept and in the worker: no row, no file.
      const marketRows = async () =>
        (await t.context.database.db.select({ id: advisoryBoardUploads.id }).from(advisoryBoardUploads))
          .length;
      const markets = await marketRows();
      const market = marketForm(lines);
      for (const [where, headroom] of Object.entries({
        keeping: Math.round(market.bytes * 1.5),
        writing: 2 * market.bytes + 48 * 1024,
      })) {
        disk.fill(headroom);
        try {
          const answer = await siteAdmin.post("/api/services/advisory_board/file/", marketForm(lines).body);
          expect({ where, status: answer.status, code: answer.json?.code }).toEqual({
            where,
            status: 507,
            code: "storage_full",
          });
          expect({ where, files: listing(t.dataDir) }).toEqual({ where, files });
          expect(await marketRows()).toBe(markets);
        } finally {
          disk.unfill();
        }
      }
      // The year keeps its data: the same file, and its analyses answer the same, made again.
      expect(sha256Of(current)).toBe(currentSum);
      clearRunCache();
      expect(await readAll(customer)).toEqual(before);
      // And with room again an upload goes through (into a year no analysis reads, so the next test
      // finds YEAR as it was): nothing was left locked or half-done.
      const answer = await siteAdmin.post(
        "/api/management/customer/file/",
        practiceForm(organisationId, 200, ROOMY_YEAR).body,
      );
      expect(answer.status).toBe(200);
      expect(existsSync(warehousePaths.practiceLines(t.dataDir, organisationId, ROOMY_YEAR))).toBe(true);
    }, 300_000);

    test("analyses whose derived files and kept values cannot be written answer as with room; an export that does not fit leaves nothing", async () => {
      // A change of the service area makes new derived files and kept values: none can be written.
      const [zip] = await t.context.database.db
        .select()
        .from(serviceAreas)
        .where(and(eq(serviceAreas.organisationId, organisationId), eq(serviceAreas.year, YEAR)));
      await t.context.database.db.delete(serviceAreas).where(eq(serviceAreas.id, zip!.id));
      await notifyDataChanged(t.context, organisationId);
      const files = listing(t.dataDir);
      disk.fill(0);
      let full: Record<string, string>;
      try {
        full = await readAll(customer);
        for (const [analysis, answer] of Object.entries(full))
          expect(`${analysis} ${answer.slice(0, 3)}`).toBe(`${analysis} 200`);
        expect(listing(t.dataDir)).toEqual(files);
        const exported = await customer.post("/api/management/queries/querie1", {
          filters: { year: YEAR },
          export: "xlsx",
        });
        expect({ status: exported.status, body: exported.json }).toEqual({
          status: 507,
          body: { status: 507, code: "storage_full", detail: STORAGE_FULL_DETAIL },
        });
        expect(listing(t.dataDir)).toEqual(files);
      } finally {
        disk.unfill();
      }
      // With room: the files are written, and the answers are the same bytes.
      closeDuckPools(t.dataDir);
      clearRunCache();
      expect(await readAll(customer)).toEqual(full);
      expect(listing(t.dataDir).length).toBeGreaterThan(files.length);
    }, 300_000);

    test("a report whose mail cannot be kept: the delivery is tried again, then 'failed' in plain words, staff told; no cut file", async () => {
      const staff = await createStaff(t, "site_admin");
      const [user] = await t.context.database.db
        .select({ id: customerUsers.id })
        .from(customerUsers)
        .where(eq(customerUsers.email, DEMO_EMAIL));
      const created = await customer.post(REPORTS, {
        querie: "querie1",
        title: "Full disk report",
        filters: { year: YEAR },
        frequency: "weekly",
        weekday: 1,
        hour: 7,
        time_zone: "Europe/Berlin",
        recipients: [user!.id],
      });
      expect(created.status).toBe(200);
      const id = created.json.subscription.id;
      const outbox = join(t.dataDir, "outbox");
      const mails = readdirSync(outbox).sort();
      const outcome = async () => {
        const until = Date.now() + 60_000;
        while (Date.now() < until) {
          const view = (await customer.get(REPORTS)).json.subscriptions.find(
            (s: { id: string }) => s.id === id,
          );
          if (view.last_outcome) return view as { last_outcome: string; last_detail: string | null };
          await Bun.sleep(100);
        }
        throw new Error("the delivery did not finish");
      };
      disk.fill(0);
      let failed: Awaited<ReturnType<typeof outcome>>;
      try {
        expect((await customer.post(`${REPORTS}${id}/send-now/`)).status).toBe(200);
        failed = await outcome();
        expect(readdirSync(outbox).sort()).toEqual(mails);
      } finally {
        disk.unfill();
      }
      expect(failed.last_outcome).toBe("failed");
      expect(failed.last_detail).toBe(
        `Not sent after 3 tries: the server's disk is full: the mail to ${DEMO_EMAIL} could not be kept`,
      );
      const [delivery] = await t.context.database.db
        .select()
        .from(reportDeliveries)
        .where(eq(reportDeliveries.subscriptionId, id));
      expect({ attempts: delivery!.attempts, sentTo: delivery!.sentTo }).toEqual({ attempts: 3, sentTo: [] });
      const told = await t.context.database.db
        .select({ message: notifications.message })
        .from(notifications)
        .where(eq(notifications.staffAccountId, staff.id));
      expect(told.map((notice) => notice.message)).toEqual([
        expect.stringContaining('The report "Full disk report" of'),
      ]);
    }, 120_000);
  });
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { backends } from "../../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import {
  advisoryBoardUploads,
  auditEvents,
  organisationYears,
  practiceUploads,
  practiceYearVersions,
} from "../../db/schema/index.ts";
import { warehousePaths } from "../../ingest/storage.ts";
import { badNpi, marketRow, professionalLine, toCsv } from "../../ingest/testing/builders.ts";
import { loadYearSnapshot } from "../../organisations/yearState.ts";
import { yearAt } from "../admin/testSupport.ts";

const PRACTICE = "/api/management/customer/file/";
const MARKET = "/api/services/advisory_board/file/";

function practiceForm(
  fields: Record<string, string>,
  csv = toCsv([professionalLine(), professionalLine({ line: 2 })]),
) {
  const form = new FormData();
  form.append("files", new File([csv], "professional_fees.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

function marketForm(fields: Record<string, string>, csv = toCsv([marketRow()])) {
  const form = new FormData();
  form.append("files", new File([csv], "../../etc/market ip.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The practice uploads an organisation's audit trail holds. */
let uploadRecords: (organisationId: string) => Promise<(typeof auditEvents.$inferSelect)[]>;

for (const backend of backends) {
  describe(`upload routes (${backend})`, () => {
    let t: TestApp;
    let own: Awaited<ReturnType<typeof createOrganisation>>;
    let other: Awaited<ReturnType<typeof createOrganisation>>;
    let admin: HttpClient;
    let assistant: HttpClient;
    let siteAdmin: HttpClient;
    let agent: HttpClient;

    beforeAll(async () => {
      t = await startTestApp(backend);
      uploadRecords = (organisationId) =>
        t.context.database.db
          .select()
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.organisationId, organisationId),
              eq(auditEvents.action, "practice_data.upload"),
            ),
          );
      own = await createOrganisation(t);
      other = await createOrganisation(t);
      const adminUser = await createCustomer(t, own.id, { isStaff: true });
      const assistantUser = await createCustomer(t, own.id, { isStaff: false });
      admin = await signInCustomer(t, adminUser.email);
      assistant = await signInCustomer(t, assistantUser.email);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
    }, 60_000);
    afterAll(async () => {
      await t.close();
    });

    test("a customer admin uploads its own practice file: 200, year recorded, file switched in", async () => {
      const answer = await admin.post(PRACTICE, practiceForm({ years: "2024" }));
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        status: "accepted",
        years: [2024],
        rows: 2,
        // The builder's payer "Acme Health" is in no classification: said, with its count.
        warnings: [
          {
            code: "payer_unclassified",
            table: "professional_fees",
            column: "payer",
            count: 2,
            year: 2024,
            message:
              "2 lines of professional_fees have a payer missing from the payer classification (Acme Health): their class comes from eligibility when it covers the patient, else other",
          },
        ],
        tables_read: [{ file: "professional_fees.csv", table: "professional_fees" }],
        skipped_rows: 0,
        rejected_rows_url: null,
      });
      const [year] = await t.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, own.id));
      expect(year).toMatchObject({ year: 2024, fileState: "uploaded", dataVersion: 1, rows: 2 });
      expect(existsSync(warehousePaths.practiceLines(t.dataDir, own.id, 2024))).toBe(true);
      const uploads = await t.context.database.db
        .select()
        .from(practiceUploads)
        .where(eq(practiceUploads.organisationId, own.id));
      expect(uploads[0]).toMatchObject({ originalName: "professional_fees.csv", state: "accepted", rows: 2 });
      expect(uploads[0]!.storageName).toMatch(/^[0-9a-f-]{36}\.csv$/);
      // The audit trail has the upload, written in the transaction that switched the year in.
      const [audited] = await uploadRecords(own.id);
      expect(audited).toMatchObject({
        actorKind: "user",
        actorRole: "customerAdmin",
        organisationId: own.id,
      });
      expect(audited!.after).toMatchObject({ years: [2024], files: ["professional_fees.csv"] });
    });

    test("the practice profile's 'data_upload' field is taken; the answer names the years found in the file", async () => {
      const fresh = await createOrganisation(t);
      const user = await signInCustomer(t, (await createCustomer(t, fresh.id, { isStaff: true })).email);
      const form = new FormData();
      form.append("data_upload", new File([toCsv([professionalLine()])], "fees.csv", { type: "text/csv" }));
      form.append("years", "2022,2023,2024,2025");
      const answer = await user.post(PRACTICE, form);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ status: "accepted", years: [2024], rows: 1 });
      const years = await t.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, fresh.id));
      expect(years.map((row) => [row.year, row.fileState])).toEqual([[2024, "uploaded"]]);
    });

    test("another organisation's id is refused with 403 and that organisation is not touched", async () => {
      const answer = await admin.post(PRACTICE, practiceForm({ years: "2024", organization: other.id }));
      expect(answer.status).toBe(403);
      const years = await t.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, other.id));
      const uploads = await t.context.database.db
        .select()
        .from(practiceUploads)
        .where(eq(practiceUploads.organisationId, other.id));
      expect(years).toHaveLength(0);
      expect(uploads).toHaveLength(0);
    });

    test("an assistant gets 403", async () => {
      expect((await assistant.post(PRACTICE, practiceForm({ years: "2024" }))).status).toBe(403);
    });

    test("anonymous gets 401", async () => {
      const anonymous = await t.client().prime();
      expect((await anonymous.post(PRACTICE, practiceForm({ years: "2024" }))).status).toBe(401);
    });

    test("a staff site admin uploads for any organisation; an agent and dummy mode get 403", async () => {
      expect(
        (await agent.post(PRACTICE, practiceForm({ years: "2024", organization: other.id }))).status,
      ).toBe(403);
      const dummy = await siteAdmin.post(PRACTICE, practiceForm({ years: "2024", organization: other.id }), {
        "X-Dummy-Org": other.id,
      });
      expect(dummy.status).toBe(403);
      const answer = await siteAdmin.post(PRACTICE, practiceForm({ years: "2024", organization: other.id }));
      expect(answer.status).toBe(200);
      expect(answer.json.years).toEqual([2024]);
    });

    test("a refused file answers 400 with the report, and the accepted year stays as it was", async () => {
      const csv = toCsv([
        professionalLine({ rendering_npi: badNpi }),
        professionalLine({ line: 2, patient_zip: "ABCDE" }),
      ]);
      const answer = await admin.post(PRACTICE, practiceForm({ years: "2024" }, csv));
      expect(answer.status).toBe(400);
      expect(answer.json.report.total).toBe(2);
      expect(answer.json.report.errors[0]).toEqual({
        table: "professional_fees",
        row: 1,
        column: "rendering_npi",
        reason: "is not a valid NPI (check digit)",
      });
      const [year] = await t.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, own.id));
      expect(year).toMatchObject({ fileState: "uploaded", dataVersion: 1, rows: 2 });
      // A refused file changed no data: the trail still holds the one accepted upload.
      expect(await uploadRecords(own.id)).toHaveLength(1);
    });

    test("a refused file creates no year: the organisation's years (and so its reference year) stay as they were", async () => {
      const yearsOf = async () =>
        (
          await t.context.database.db
            .select()
            .from(organisationYears)
            .where(eq(organisationYears.organisationId, own.id))
        )
          .map((row) => `${row.year} ${row.fileState}`)
          .sort();
      const before = await yearsOf();
      const csv = toCsv([professionalLine({ rendering_npi: badNpi, service_date: "2022-03-01" })]);
      const refused = await admin.post(PRACTICE, practiceForm({ years: "2021,2022,2023" }, csv));
      expect(refused.status).toBe(400);
      expect(await yearsOf()).toEqual(before);
    });

    test("the years named must be data years (2000 to next year): one error naming years, no row", async () => {
      const next = new Date().getUTCFullYear() + 1;
      for (const years of ["0000", "1999", String(next + 1), "1000,5999"]) {
        const answer = await admin.post(PRACTICE, practiceForm({ years }));
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toHaveLength(1);
        expect(answer.json.errors[0].field).toBe("years");
        expect(answer.json.errors[0].message).toMatch(
          new RegExp(`^each year must be a year from 2000 to ${next} \\(not \\d{4}\\)$`),
        );
      }
      // A hundred wrong years: one error naming the field, not one per year.
      const hundred = Array.from({ length: 100 }, (_, index) => String(1000 + index)).join(",");
      const many = await admin.post(PRACTICE, practiceForm({ years: hundred }));
      expect(many.status).toBe(400);
      expect(many.json.errors).toEqual([
        { field: "years", message: `each year must be a year from 2000 to ${next} (not 1000)` },
      ]);
      // Thousands are refused by the field's length before any is read.
      const thousands = Array.from({ length: 5000 }, (_, index) => String(1000 + index)).join(",");
      const tooLong = await admin.post(PRACTICE, practiceForm({ years: thousands }));
      expect(tooLong.json.errors).toEqual([{ field: "years", message: "must be at most 500 characters" }]);
      const rows = await t.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, own.id));
      expect(rows.every((row) => row.year >= 2000 && row.year <= next)).toBe(true);
    });

    test("without years, the file's own years must be data years too: refused whole, no year row; skip_invalid sets those lines aside", async () => {
      const next = new Date().getUTCFullYear() + 1;
      const fresh = await createOrganisation(t);
      const user = await signInCustomer(t, (await createCustomer(t, fresh.id, { isStaff: true })).email);
      const yearsOf = async () =>
        (
          await t.context.database.db
            .select()
            .from(organisationYears)
            .where(eq(organisationYears.organisationId, fresh.id))
        ).map((row) => `${row.year} ${row.fileState}`);
      const csv = toCsv([
        professionalLine(),
        professionalLine({ line: 2, service_date: "1999-06-01" }),
        professionalLine({ line: 3, service_date: `${next + 1}-01-15` }),
        professionalLine({ line: 4, service_date: "0000-01-01" }),
      ]);
      // No `years` field: the years come from the service dates (a whole extract).
      const refused = await user.post(PRACTICE, practiceForm({}, csv));
      expect(refused.status).toBe(400);
      const reason = `must fall in a year from 2000 to ${next}`;
      expect(refused.json.report.errors).toEqual([
        expect.objectContaining({ table: "professional_fees", row: 2, column: "service_date", reason }),
        expect.objectContaining({ table: "professional_fees", row: 3, column: "service_date", reason }),
        expect.objectContaining({ table: "professional_fees", row: 4, column: "service_date" }),
      ]);
      expect(await yearsOf()).toEqual([]);

      const loaded = await user.post(PRACTICE, practiceForm({ skip_invalid: "true" }, csv));
      expect(loaded.status).toBe(200);
      expect(loaded.json).toMatchObject({ status: "accepted", years: [2024], rows: 1, skipped_rows: 3 });
      expect(await yearsOf()).toEqual(["2024 uploaded"]);
    });

    test("the riverside files of 2023-2025 in one upload: one version per year; 2023's files with 2025 ticked: one error, no skipping", async () => {
      const fresh = await createOrganisation(t);
      const user = await signInCustomer(t, (await createCustomer(t, fresh.id, { isStaff: true })).email);
      const riverside = join(import.meta.dir, "../../../fixtures/small/organizations/riverside/practice");
      const form = (years: number[], ticked: string) => {
        const body = new FormData();
        for (const year of years)
          for (const table of ["professional_fees", "facility_fees", "payor_classification"])
            body.append(
              "files",
              new File([readFileSync(join(riverside, String(year), `${table}.csv`))], `${table}.csv`, {
                type: "text/csv",
              }),
            );
        body.append("years", ticked);
        return body;
      };
      const refused = await user.post(PRACTICE, form([2023], "2025"));
      expect(refused.status).toBe(400);
      expect(refused.json.report).toMatchObject({ total: 1, can_skip_invalid: false });
      expect(refused.json.report.errors[0].reason).toMatch(
        /^\d+ lines of 2023 are not in the years you chose \(2025\): tick 2023 or upload the 2025 lines only$/,
      );

      // Before loading, the screen asks what the files hold: each year with its lines, nothing kept.
      const db = t.context.database.db;
      const uploadsOf = () =>
        db.select().from(practiceUploads).where(eq(practiceUploads.organisationId, fresh.id));
      const auditOf = () => db.select().from(auditEvents).where(eq(auditEvents.organisationId, fresh.id));
      const uploadsBefore = await uploadsOf();
      const auditBefore = await auditOf();
      const previewForm = form([2023, 2024, 2025], "");
      previewForm.delete("years");
      previewForm.append("preview", "true");
      const preview = await user.post(PRACTICE, previewForm);
      expect(preview.status).toBe(200);
      expect(preview.json.status).toBe("preview");
      expect(preview.json.years.map((entry: { year: number }) => entry.year)).toEqual([2023, 2024, 2025]);
      for (const entry of preview.json.years) {
        expect(entry.current_rows).toBeNull();
        expect(entry.rows).toBeGreaterThan(100);
      }
      expect(await uploadsOf()).toEqual(uploadsBefore);
      // Nothing was written: the audit trail has no record of a preview.
      expect(await auditOf()).toEqual(auditBefore);
      expect(
        await db.select().from(organisationYears).where(eq(organisationYears.organisationId, fresh.id)),
      ).toEqual([]);

      const loaded = await user.post(PRACTICE, form([2023, 2024, 2025], "2023,2024,2025"));
      expect(loaded.status).toBe(200);
      expect(loaded.json).toMatchObject({ status: "accepted", years: [2023, 2024, 2025] });
      const years = await t.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, fresh.id));
      expect(years.map((row) => `${row.year} ${row.fileState}`).sort()).toEqual([
        "2023 uploaded",
        "2024 uploaded",
        "2025 uploaded",
      ]);
      const versions = await t.context.database.db
        .select()
        .from(practiceYearVersions)
        .where(eq(practiceYearVersions.organisationId, fresh.id));
      expect(versions.map((row) => row.year).sort()).toEqual([2023, 2024, 2025]);
      // What the preview said each year holds is what was loaded, and a second preview says what is there now.
      const again = await user.post(PRACTICE, previewForm);
      expect(again.json.years).toEqual(
        versions
          .sort((a, b) => a.year - b.year)
          .map((row) => ({ year: row.year, rows: row.rows, current_rows: row.rows })),
      );
    });

    test("a market file's year must be a data year (2000 to next year): 400 on year, nothing stored", async () => {
      const next = new Date().getUTCFullYear() + 1;
      for (const year of ["0000", "1999", String(next + 1), "5999"]) {
        const answer = await siteAdmin.post(
          MARKET,
          marketForm({ kind: "OP", year }, toCsv([marketRow({ year })])),
        );
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toEqual([
          { field: "year", message: `must be a year from 2000 to ${next}` },
        ]);
        expect(existsSync(warehousePaths.marketCases(t.dataDir, Number(year), "OP"))).toBe(false);
      }
      const stored = await t.context.database.db.select().from(advisoryBoardUploads);
      expect(stored.every((upload) => upload.year >= 2000 && upload.year <= next)).toBe(true);
    });

    test("form fields are parsed: the message names the field and the rule", async () => {
      const answer = await admin.post(PRACTICE, practiceForm({ years: "24" }));
      expect(answer.status).toBe(400);
      expect(answer.json.detail).toContain("years");
      expect(answer.json.detail).toContain("4 digits");
      const noFile = new FormData();
      noFile.append("years", "2024");
      const missing = await admin.post(PRACTICE, noFile);
      expect(missing.status).toBe(400);
      expect(missing.json.detail).toContain("files");
    });

    test("market upload: site admins only (agent 403, customer 401), kind and year checked", async () => {
      expect((await agent.post(MARKET, marketForm({ kind: "IP", year: "2024" }))).status).toBe(403);
      expect((await admin.post(MARKET, marketForm({ kind: "IP", year: "2024" }))).status).toBe(401);
      const badKind = await siteAdmin.post(MARKET, marketForm({ kind: "XX", year: "2024" }));
      expect(badKind.status).toBe(400);
      expect(badKind.json.detail).toContain("kind");
      const badYear = await siteAdmin.post(MARKET, marketForm({ kind: "IP", year: "20245" }));
      expect(badYear.status).toBe(400);
      expect(badYear.json.detail).toContain("year");

      const answer = await siteAdmin.post(MARKET, marketForm({ kind: "IP", year: "2024" }));
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ status: "accepted", years: [2024], rows: 1 });
      expect(existsSync(warehousePaths.marketCases(t.dataDir, 2024, "IP"))).toBe(true);
      const again = await siteAdmin.post(MARKET, marketForm({ kind: "IP", year: "2024" }));
      expect(again.status).toBe(200);
      const uploads = await t.context.database.db
        .select()
        .from(advisoryBoardUploads)
        .where(eq(advisoryBoardUploads.kind, "IP"));
      expect(uploads.map((upload) => [upload.state, upload.dataVersion]).sort()).toEqual([
        ["accepted", 2],
        ["superseded", 1],
      ]);
      // The user's file name ("../../etc/market ip.csv") is metadata only.
      expect(uploads.every((upload) => /^[0-9a-f-]{36}\.csv$/.test(upload.storageName))).toBe(true);
    });

    test("'Load the valid rows': refused whole first, then loaded with skip_invalid; the set-aside rows download as CSV", async () => {
      const fresh = await createOrganisation(t);
      const user = await signInCustomer(t, (await createCustomer(t, fresh.id, { isStaff: true })).email);
      const csv = toCsv([professionalLine(), professionalLine({ line: 2, rendering_npi: badNpi })]);
      const refused = await user.post(PRACTICE, practiceForm({ years: "2024" }, csv));
      expect(refused.status).toBe(400);
      expect(refused.json.report).toMatchObject({ total: 1, invalid_rows: 1, can_skip_invalid: true });
      const answer = await user.post(PRACTICE, practiceForm({ years: "2024", skip_invalid: "true" }, csv));
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ status: "accepted", rows: 1, skipped_rows: 1 });
      const url = answer.json.rejected_rows_url as string;
      expect(url).toMatch(/^\/api\/management\/customer\/file\/rejected\/[0-9a-f-]{36}\/$/);
      const download = await user.get(url);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toContain("text/csv");
      expect(download.text).toContain("professional_fees,2,rendering_npi: is not a valid NPI (check digit)");
      // Another organisation's customer cannot read it; staff can.
      expect((await admin.get(url)).status).toBe(404);
      expect((await agent.get(url)).status).toBe(200);
      // The year records the count; the staff year detail shows it.
      const detail = await siteAdmin.post("/api/management/admin/organization/", {
        id: fresh.id,
        full: true,
        year: 2024,
      });
      // The file panel names the accepted upload (the refused one before it is not the year's file).
      expect(detail.json.data.file).toMatchObject({
        name: "professional_fees.csv",
        skipped_rows: 1,
        rejected_rows_url: url,
      });
      expect(detail.json.data.versions).toHaveLength(1);
      const overview = await siteAdmin.post("/api/management/admin/organization/", { id: fresh.id });
      expect(overview.json.organization.datas["2024"].file).toMatchObject({
        name: "professional_fees.csv",
        rejected_rows_url: url,
      });
    });

    test("a file that would remove more than half of a year answers 409 until confirmed", async () => {
      const fresh = await createOrganisation(t);
      const user = await signInCustomer(t, (await createCustomer(t, fresh.id, { isStaff: true })).email);
      const four = toCsv([1, 2, 3, 4].map((line) => professionalLine({ line })));
      expect((await user.post(PRACTICE, practiceForm({ years: "2024" }, four))).status).toBe(200);
      const one = toCsv([professionalLine()]);
      const asked = await user.post(PRACTICE, practiceForm({ years: "2024" }, one));
      expect(asked.status).toBe(409);
      expect(asked.json).toMatchObject({
        status: 409,
        confirm: true,
        years: [{ year: 2024, current_rows: 4, new_rows: 1 }],
      });
      expect(asked.json.detail).toContain("more than half of the lines of 2024");
      const confirmed = await user.post(PRACTICE, practiceForm({ years: "2024", confirm: "true" }, one));
      expect(confirmed.status).toBe(200);
      const [year] = await t.context.database.db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, fresh.id));
      expect(year).toMatchObject({ rows: 1, dataVersion: 2 });
    });

    test("a replaced, reviewed and enabled year goes back to review, and says so on both sides", async () => {
      const fresh = await createOrganisation(t, { name: "Replacing Ortho", initialized: true });
      const user = await signInCustomer(t, (await createCustomer(t, fresh.id, { isStaff: true })).email);
      const four = toCsv([1, 2, 3, 4].map((line) => professionalLine({ line })));
      expect((await user.post(PRACTICE, practiceForm({ years: "2024" }, four))).status).toBe(200);
      // Staff reviewed it: every core item done, scored, questionnaire valid, enabled.
      await yearAt(t, fresh.id, 2024);
      const { db } = t.context.database;
      await db
        .update(organisationYears)
        .set({ enabled: true, rows: 4 })
        .where(eq(organisationYears.organisationId, fresh.id));
      const one = toCsv([professionalLine()]);
      const replaced = await user.post(PRACTICE, practiceForm({ years: "2024", confirm: "true" }, one));
      expect(replaced.status).toBe(200);

      const [year] = await db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, fresh.id));
      expect(year).toMatchObject({ enabled: false, rows: 1, replacedRows: 4 });
      // Every result was stamped with the old data version: all out of date, none counted.
      const snapshot = await loadYearSnapshot(db, fresh.id, 2024);
      for (const type of ["facility", "provider", "global"] as const) {
        expect(snapshot.validations[type]?.outdated).toBe("the practice data changed since");
      }
      for (const kind of ["SC", "MC", "MP", "SCORING"] as const) {
        expect(snapshot.schemes[kind]?.outdated).toBe("the practice data changed since");
      }

      // The customer: the year is no longer open, and is listed as replaced (back in review).
      const customerView = (await user.get("/api/management/customer/detail/")).json.organization;
      expect(customerView).toMatchObject({ years: [], available_years: [2024], replaced_years: [2024] });
      // Staff: the year detail says it, with the rows before and now; progress is no longer 100%.
      const detail = await siteAdmin.post("/api/management/admin/organization/", {
        full: true,
        id: fresh.id,
        year: "2024",
      });
      expect(detail.json.data).toMatchObject({
        enabled: false,
        replaced: { rows_before: 4, rows: 1 },
        // The last run's verdict stays readable, marked out of date and not counted.
        validations: { facility: { valid: true, outdated: true } },
        service_capabilities: { status: "done", outdated: true },
        progress: 12.5,
        gates: {
          facility_validate_anyway: {
            allowed: false,
            message: "The facility validation is out of date: run it again before validating it anyway",
          },
          service_capabilities: { allowed: false },
          enable: { allowed: false },
        },
      });
      const enable = await siteAdmin.post("/api/management/admin/valid/", {
        organization_uuid: fresh.id,
        year: 2024,
      });
      expect(enable.status).toBe(400);
    });

    test("staff restore an earlier version from the year detail; agents cannot", async () => {
      const fresh = await createOrganisation(t);
      const first = toCsv([1, 2].map((line) => professionalLine({ line })));
      const second = toCsv([1, 2, 3].map((line) => professionalLine({ line, cpt: "27447" })));
      for (const csv of [first, second])
        expect(
          (await siteAdmin.post(PRACTICE, practiceForm({ years: "2024", organization: fresh.id }, csv)))
            .status,
        ).toBe(200);
      const detail = await siteAdmin.post("/api/management/admin/organization/", {
        id: fresh.id,
        full: true,
        year: 2024,
      });
      const versions = detail.json.data.versions as { id: string; rows: number; current: boolean }[];
      expect(versions.map((version) => [version.rows, version.current])).toEqual([
        [3, true],
        [2, false],
      ]);
      const body = { organization: fresh.id, year: 2024, version: versions[1]!.id };
      expect((await agent.post("/api/management/admin/customer/year-version/restore/", body)).status).toBe(
        403,
      );
      const restored = await siteAdmin.post("/api/management/admin/customer/year-version/restore/", body);
      expect(restored.status).toBe(200);
      expect(restored.json.versions[0]).toMatchObject({
        rows: 2,
        current: true,
        restored_from: versions[1]!.id,
      });
      // The trail has the restore: the staff member, the year, the version before and the one after.
      const [audited] = await t.context.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.organisationId, fresh.id), eq(auditEvents.action, "year.restore_version")));
      expect(audited).toMatchObject({ actorKind: "staff", actorRole: "siteAdmin", targetId: "2024" });
      expect(audited!.before).toMatchObject({ version_id: versions[0]!.id, rows: 3 });
      expect(audited!.after).toMatchObject({ version_id: restored.json.versions[0].id, rows: 2 });
      const bad = await siteAdmin.post("/api/management/admin/customer/year-version/restore/", {
        ...body,
        version: "x",
      });
      expect(bad.status).toBe(400);
    });

    test("restoring another version of a reviewed, enabled year sends it back to review too", async () => {
      const fresh = await createOrganisation(t, { name: "Restoring Ortho", initialized: true });
      const first = toCsv([1, 2].map((line) => professionalLine({ line })));
      const second = toCsv([1, 2, 3].map((line) => professionalLine({ line, cpt: "27447" })));
      for (const csv of [first, second])
        expect(
          (await siteAdmin.post(PRACTICE, practiceForm({ years: "2024", organization: fresh.id }, csv)))
            .status,
        ).toBe(200);
      // Staff reviewed the second version: every core item done, scored, enabled.
      await yearAt(t, fresh.id, 2024);
      const { db } = t.context.database;
      await db
        .update(organisationYears)
        .set({ enabled: true, rows: 3 })
        .where(eq(organisationYears.organisationId, fresh.id));
      const detail = await siteAdmin.post("/api/management/admin/organization/", {
        id: fresh.id,
        full: true,
        year: 2024,
      });
      const older = (detail.json.data.versions as { id: string; current: boolean }[]).find(
        (version) => !version.current,
      )!;
      const restored = await siteAdmin.post("/api/management/admin/customer/year-version/restore/", {
        organization: fresh.id,
        year: 2024,
        version: older.id,
      });
      expect(restored.status).toBe(200);
      const [year] = await db
        .select()
        .from(organisationYears)
        .where(eq(organisationYears.organisationId, fresh.id));
      expect(year).toMatchObject({ enabled: false, rows: 2, replacedRows: 3 });
      const snapshot = await loadYearSnapshot(db, fresh.id, 2024);
      expect(Object.values(snapshot.validations).every((entry) => entry?.outdated)).toBe(true);
      const after = await siteAdmin.post("/api/management/admin/organization/", {
        full: true,
        id: fresh.id,
        year: "2024",
      });
      expect(after.json.data).toMatchObject({ enabled: false, replaced: { rows_before: 3, rows: 2 } });
    });

    test("a market row of another year is refused", async () => {
      const answer = await siteAdmin.post(
        MARKET,
        marketForm({ kind: "OP", year: "2024" }, toCsv([marketRow({ year: 2023 })])),
      );
      expect(answer.status).toBe(400);
      expect(answer.json.report.errors[0]).toMatchObject({
        table: "market_op",
        row: 1,
        column: "year",
        reason: "must equal the upload's year",
      });
    });
  });
}

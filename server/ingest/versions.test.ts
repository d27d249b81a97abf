/** Nothing lost (data-contract.md section 9): versions kept and restored, confirmation, records. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { organisationYears, practiceUploads } from "../db/schema/index.ts";
import { ingestPracticeUpload } from "./ingest.ts";
import { sha256File } from "./pipeline.ts";
import { warehousePaths } from "./storage.ts";
import { removeExpiredRefusedUploads } from "./sweep.ts";
import { badNpi, professionalLine, toCsv } from "./testing/builders.ts";
import { restorePracticeVersion, versionsOf } from "./versions.ts";

for (const backend of backends) {
  describe(`versions of a year (${backend})`, () => {
    let t: TestApp;
    let organisationId: string;
    let current: string;
    const write = (name: string, rows: ReturnType<typeof professionalLine>[]) => {
      const path = join(t.dataDir, name);
      writeFileSync(path, toCsv(rows));
      return [{ path, originalName: name }];
    };
    const lines = (count: number, extra = {}) =>
      Array.from({ length: count }, (_, index) => professionalLine({ line: index + 1, payer: "", ...extra }));
    const yearRow = async () =>
      (
        await t.context.database.db
          .select()
          .from(organisationYears)
          .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, 2024)))
      )[0]!;
    let firstChecksum: string;

    beforeAll(async () => {
      t = await startTestApp(backend);
      organisationId = (await createOrganisation(t)).id;
      current = warehousePaths.practiceLines(t.dataDir, organisationId, 2024);
      const first = await ingestPracticeUpload(t.context, {
        organisationId,
        years: [2024],
        files: write("v1.csv", lines(4, { units: 0 })),
      });
      expect(first.status).toBe("accepted");
      firstChecksum = await sha256File(current);
    }, 180_000);
    afterAll(async () => {
      await t.close();
    });

    test("warnings are recorded with the year and its version", async () => {
      const year = await yearRow();
      expect(year.warnings.map((warning) => [warning.code, warning.count])).toEqual([["units_zero", 4]]);
      const [version] = (
        await versionsOf(t.context.database.db, organisationId, 2024, {
          currentId: year.currentVersionId,
          heldId: null,
        })
      ).versions;
      expect(version).toMatchObject({
        rows: 4,
        checksum: firstChecksum,
        file_names: ["v1.csv"],
        current: true,
      });
      expect(version!.warnings[0]!.message).toBe(
        "4 lines of professional_fees read with units 0: each counted as 1",
      );
    });

    test("a file that would remove more than half of the year's lines asks first; nothing changes", async () => {
      const result = await ingestPracticeUpload(t.context, {
        organisationId,
        years: [2024],
        files: write("v2.csv", lines(1)),
      });
      expect(result).toMatchObject({
        status: "needs_confirmation",
        years: [{ year: 2024, current_rows: 4, new_rows: 1 }],
      });
      if (result.status === "needs_confirmation")
        expect(result.message).toBe(
          "This file would remove more than half of the lines of 2024 (4 lines now, 1 in the file). Send it again with confirm to replace the data.",
        );
      expect(await sha256File(current)).toBe(firstChecksum);
      expect(await yearRow()).toMatchObject({ dataVersion: 1, rows: 4 });
    });

    test("confirmed, it replaces the year; every accepted version is kept", async () => {
      const result = await ingestPracticeUpload(t.context, {
        organisationId,
        years: [2024],
        files: write("v2.csv", lines(1)),
        confirm: true,
      });
      expect(result).toMatchObject({ status: "accepted", rows: 1, warnings: [] });
      const year = await yearRow();
      expect(year).toMatchObject({ dataVersion: 2, rows: 1, warnings: [] });
      const versions = (
        await versionsOf(t.context.database.db, organisationId, 2024, {
          currentId: year.currentVersionId,
          heldId: null,
        })
      ).versions;
      expect(versions.map((version) => [version.data_version, version.rows, version.current])).toEqual([
        [2, 1, true],
        [1, 4, false],
      ]);
    });

    test("staff restore an earlier version: switched in atomically, recorded as a new version", async () => {
      const db = t.context.database.db;
      const before = await yearRow();
      const [, first] = (
        await versionsOf(db, organisationId, 2024, {
          currentId: before.currentVersionId,
          heldId: null,
        })
      ).versions;
      const restored = await restorePracticeVersion(t.context, {
        organisationId,
        year: 2024,
        versionId: first!.id,
        staffId: crypto.randomUUID(),
      });
      expect(restored.dataVersion).toBe(3);
      expect(await sha256File(current)).toBe(firstChecksum);
      const year = await yearRow();
      expect(year).toMatchObject({ dataVersion: 3, rows: 4, checksum: firstChecksum });
      expect(year.warnings.map((warning) => warning.code)).toEqual(["units_zero"]);
      const versions = (
        await versionsOf(db, organisationId, 2024, {
          currentId: year.currentVersionId,
          heldId: null,
        })
      ).versions;
      expect(versions[0]).toMatchObject({
        data_version: 3,
        rows: 4,
        restored_from: first!.id,
        current: true,
      });
      const uploads = await db
        .select()
        .from(practiceUploads)
        .where(eq(practiceUploads.organisationId, organisationId));
      expect(
        uploads.filter((upload) => upload.state === "accepted").map((upload) => upload.originalName),
      ).toEqual(["v1.csv"]);
    });

    test("skip_invalid: the valid rows load, the count is recorded, the rejected rows are kept as CSV", async () => {
      const rows = [...lines(4), professionalLine({ line: 5, rendering_npi: badNpi })];
      const refused = await ingestPracticeUpload(t.context, {
        organisationId,
        years: [2024],
        files: write("v4.csv", rows),
      });
      expect(refused.status).toBe("rejected");
      const result = await ingestPracticeUpload(t.context, {
        organisationId,
        years: [2024],
        files: write("v4.csv", rows),
        skipInvalid: true,
      });
      expect(result).toMatchObject({ status: "accepted", rows: 4, skippedRows: 1 });
      const year = await yearRow();
      expect(year.skippedRows).toBe(1);
      const [upload] = await t.context.database.db
        .select()
        .from(practiceUploads)
        .where(
          and(eq(practiceUploads.organisationId, organisationId), eq(practiceUploads.state, "accepted")),
        );
      expect(upload!.skippedRows).toBe(1);
      const csv = readFileSync(
        warehousePaths.rejectedRows(t.dataDir, organisationId, upload!.rejectedRowsName!),
        "utf8",
      );
      expect(csv).toContain("professional_fees,5,rendering_npi: is not a valid NPI (check digit)");
    });

    test("the set-aside rows CSV neutralises formulas in text cells, not numbers", async () => {
      const rows = [
        ...lines(2),
        professionalLine({
          line: 3,
          rendering_npi: badNpi,
          payer: '=HYPERLINK("http://evil.example","Pay")',
          location: "@SUM(A1)",
          paid_amount: "-6.72",
        }),
      ];
      // Its own organisation: the versions of the shared one stay as the other tests expect.
      const own = (await createOrganisation(t)).id;
      const result = await ingestPracticeUpload(t.context, {
        organisationId: own,
        years: [2024],
        files: write("formula.csv", rows),
        skipInvalid: true,
      });
      expect(result).toMatchObject({ status: "accepted", skippedRows: 1 });
      const [upload] = await t.context.database.db
        .select()
        .from(practiceUploads)
        .where(and(eq(practiceUploads.organisationId, own), eq(practiceUploads.originalName, "formula.csv")));
      const csv = readFileSync(
        warehousePaths.rejectedRows(t.dataDir, own, upload!.rejectedRowsName!),
        "utf8",
      );
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Pay"")"`);
      expect(csv).toContain(",'@SUM(A1),");
      expect(csv).toContain(",-6.72,");
      expect(csv).not.toContain(",=HYPERLINK");
    });

    test("the raw file of a refused upload is removed after the retention; the row and report stay", async () => {
      const db = t.context.database.db;
      const [refused] = await db
        .select()
        .from(practiceUploads)
        .where(
          and(eq(practiceUploads.organisationId, organisationId), eq(practiceUploads.state, "rejected")),
        );
      const raw = warehousePaths.upload(t.dataDir, `practice/${organisationId}`, refused!.storageName);
      expect(existsSync(raw)).toBe(true);
      const eightDaysAgo = new Date(t.clock.now().getTime() - 8 * 24 * 3600 * 1000);
      await db
        .update(practiceUploads)
        .set({ createdAt: eightDaysAgo })
        .where(eq(practiceUploads.id, refused!.id));
      expect(await removeExpiredRefusedUploads(t.context)).toBe(1);
      expect(existsSync(raw)).toBe(false);
      const [after] = await db.select().from(practiceUploads).where(eq(practiceUploads.id, refused!.id));
      expect(after!.fileRemovedAt).not.toBeNull();
      expect(after!.errorReport).toMatchObject({ total: 1 });
      // Accepted originals are kept with their version.
      const [accepted] = await db
        .select()
        .from(practiceUploads)
        .where(
          and(eq(practiceUploads.organisationId, organisationId), eq(practiceUploads.state, "accepted")),
        );
      expect(
        existsSync(warehousePaths.upload(t.dataDir, `practice/${organisationId}`, accepted!.storageName)),
      ).toBe(true);
    });
  });
}

/**
 * A skip_invalid upload killed after its rejected-rows CSV was written and before its commit
 * leaves the file named by no row: the start-up repair removes it once no upload can be in flight.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { and, eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { practiceUploads } from "../db/schema/index.ts";
import { ingestPracticeUpload } from "./ingest.ts";
import { removeOrphanRejectedRows } from "./orphanRejectedRows.ts";
import { warehousePaths } from "./storage.ts";
import { professionalLine, toCsv } from "./testing/builders.ts";

for (const backend of backends) {
  describe(`rejected-rows files no row names (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    }, 60_000);
    afterAll(() => t.close());

    test("an orphan older than any upload's run is removed; a recorded one and a young orphan stay", async () => {
      const organisation = await createOrganisation(t);
      const source = join(t.dataDir, `${organisation.id}.csv`);
      writeFileSync(
        source,
        toCsv([professionalLine(), professionalLine({ line: 2, rendering_npi: "1234567890" })]),
      );
      const accepted = await ingestPracticeUpload(t.context, {
        organisationId: organisation.id,
        years: [2024],
        files: [{ path: source, originalName: "claims.csv" }],
        skipInvalid: true,
      });
      expect(accepted).toMatchObject({ status: "accepted", skippedRows: 1 });
      const [upload] = await t.context.database.db
        .select()
        .from(practiceUploads)
        .where(
          and(eq(practiceUploads.organisationId, organisation.id), eq(practiceUploads.state, "accepted")),
        );
      const recorded = warehousePaths.rejectedRows(t.dataDir, organisation.id, upload!.rejectedRowsName!);
      // What a kill before the commit leaves: the file, and no row naming it.
      const orphan = warehousePaths.rejectedRows(t.dataDir, organisation.id, "killed-upload.csv");
      const young = warehousePaths.rejectedRows(t.dataDir, organisation.id, "in-flight.csv");
      mkdirSync(dirname(orphan), { recursive: true });
      writeFileSync(orphan, "table,row,reason\nprofessional_fees,2,patient data\n");
      writeFileSync(young, "table,row,reason\n");
      const now = t.clock.now().getTime() / 1000;
      const dayOld = now - 24 * 3600;
      for (const path of [recorded, orphan]) utimesSync(path, dayOld, dayOld);
      utimesSync(young, now - 60, now - 60);

      expect(await removeOrphanRejectedRows(t.context)).toBe(1);
      expect(existsSync(orphan)).toBe(false);
      expect(existsSync(recorded)).toBe(true);
      expect(existsSync(young)).toBe(true);
    });
  });
}

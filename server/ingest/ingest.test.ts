import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { organisationYears, practiceUploads } from "../db/schema/index.ts";
import { ingestMarketUpload, ingestPracticeUpload } from "./ingest.ts";
import { defaultLimits } from "./limits.ts";
import { sha256File } from "./pipeline.ts";
import { ingestWorkersStarted } from "./runWorker.ts";
import { warehousePaths } from "./storage.ts";
import { badNpi, marketRow, professionalLine, toCsv } from "./testing/builders.ts";
import { readParquet } from "./testing/runJob.ts";

for (const backend of backends) {
  describe(`ingestion with the database (${backend})`, () => {
    let t: TestApp;
    let organisationId: string;
    let finalPath: string;
    const write = (name: string, content: string) => {
      const path = join(t.dataDir, name);
      writeFileSync(path, content);
      return [{ path, originalName: name }];
    };
    const yearRow = async () =>
      (
        await t.context.database.db
          .select()
          .from(organisationYears)
          .where(eq(organisationYears.organisationId, organisationId))
      )[0]!;

    beforeAll(async () => {
      t = await startTestApp(backend);
      organisationId = (await createOrganisation(t)).id;
      finalPath = warehousePaths.practiceLines(t.dataDir, organisationId, 2024);
      const first = await ingestPracticeUpload(t.context, {
        organisationId,
        years: [2024],
        files: write("v1.csv", toCsv([professionalLine(), professionalLine({ line: 2, cpt: "27447" })])),
      });
      expect(first.status).toBe("accepted");
    }, 180_000);
    afterAll(async () => {
      await t.close();
    });

    test("an accepted upload records the year: version, rows, checksum of the switched-in file", async () => {
      const year = await yearRow();
      expect(year).toMatchObject({ year: 2024, fileState: "uploaded", dataVersion: 1, rows: 2 });
      expect(year.checksum).toBe(await sha256File(finalPath));
      expect(year.uploadedAt?.toISOString()).toBe(t.clock.now().toISOString());
    });

    test("a rejected file leaves the previous version exactly as it was", async () => {
      const before = readFileSync(finalPath);
      const result = await ingestPracticeUpload(t.context, {
        organisationId,
        years: [2024],
        files: write("bad.csv", toCsv([professionalLine({ rendering_npi: badNpi })])),
      });
      expect(result.status).toBe("rejected");
      expect(readFileSync(finalPath).equals(before)).toBe(true);
      expect(await yearRow()).toMatchObject({ fileState: "uploaded", dataVersion: 1, rows: 2 });
      const uploads = await t.context.database.db
        .select()
        .from(practiceUploads)
        .where(eq(practiceUploads.state, "rejected"));
      expect(uploads.some((upload) => (upload.errorReport as { total: number }).total === 1)).toBe(true);
    });

    test("a crash half-way through writing leaves the previous version intact and readable", async () => {
      const before = readFileSync(finalPath);
      const result = await ingestPracticeUpload(
        t.context,
        {
          organisationId,
          years: [2024],
          files: write("v2.csv", toCsv([professionalLine({ cpt: "29881" })])),
        },
        { testCrash: "mid-write" },
      );
      expect(result.status).toBe("rejected");
      if (result.status === "rejected") expect(result.report.errors[0]!.reason).toContain("exit code 137");
      expect(readFileSync(finalPath).equals(before)).toBe(true);
      const lines = await readParquet(t.dataDir, finalPath, "line");
      expect(lines.map((line) => line.cpt)).toEqual(["99213", "27447"]);
      expect((await yearRow()).dataVersion).toBe(1);
      // No half-written file is left beside the canonical one, nor in the scratch folders.
      expect(readdirSync(join(finalPath, "..")).filter((name) => name.endsWith(".tmp"))).toEqual([]);
      expect(readdirSync(join(t.dataDir, "tmp", "ingest"))).toEqual([]);
    });

    test("a parse that runs out of time is killed and fails that upload only", async () => {
      const result = await ingestPracticeUpload(
        t.context,
        { organisationId, years: [2024], files: write("slow.csv", toCsv([professionalLine()])) },
        { limits: { ...defaultLimits, workerTimeoutMs: 1 } },
      );
      expect(result.status).toBe("rejected");
      if (result.status === "rejected")
        expect(result.report.errors[0]!.reason).toContain("could not be processed within");
      expect((await yearRow()).dataVersion).toBe(1);
    });

    test("uploads one after another are parsed by one waiting worker; one killed at its time limit is not used again", async () => {
      const other = (await createOrganisation(t)).id;
      // A worker killed at its time limit: the next upload starts a new one, which stays and
      // parses the upload after it.
      const killed = await ingestPracticeUpload(
        t.context,
        { organisationId: other, years: [2024], files: write("slow.csv", toCsv([professionalLine()])) },
        { limits: { ...defaultLimits, workerTimeoutMs: 1 } },
      );
      expect(killed.status).toBe("rejected");
      const startedBefore = ingestWorkersStarted();
      for (const cpt of ["29881", "27447"]) {
        const result = await ingestPracticeUpload(t.context, {
          organisationId: other,
          years: [2024],
          files: write(`${cpt}.csv`, toCsv([professionalLine({ cpt })])),
        });
        expect(result.status).toBe("accepted");
      }
      expect(ingestWorkersStarted() - startedBefore).toBe(1);
    });

    test("a new accepted version replaces the file, bumps the version and supersedes the old upload", async () => {
      const result = await ingestPracticeUpload(t.context, {
        organisationId,
        years: [2024],
        files: write("v3.csv", toCsv([professionalLine({ cpt: "63030", place_of_service: "21" })])),
      });
      expect(result).toMatchObject({ status: "accepted", years: [2024], rows: 1, skippedRows: 0 });
      expect(await yearRow()).toMatchObject({ dataVersion: 2, rows: 1 });
      const lines = await readParquet(t.dataDir, finalPath);
      expect(lines.map((line) => [line.cpt, line.category, line.setting])).toEqual([
        ["63030", "spine", "IP"],
      ]);
      const states = (
        await t.context.database.db
          .select()
          .from(practiceUploads)
          .where(eq(practiceUploads.organisationId, organisationId))
      )
        .map((upload) => [upload.originalName, upload.state])
        .sort();
      expect(states).toEqual([
        ["bad.csv", "rejected"],
        ["slow.csv", "rejected"],
        ["v1.csv", "superseded"],
        ["v2.csv", "rejected"],
        ["v3.csv", "accepted"],
      ]);
    });

    test("market kinds of a year are stored side by side", async () => {
      for (const kind of ["IP", "OP"] as const) {
        const result = await ingestMarketUpload(t.context, {
          kind,
          year: 2024,
          files: write(`${kind}.csv`, toCsv([marketRow()])),
        });
        expect(result).toMatchObject({ status: "accepted", dataVersion: 1 });
      }
      expect(existsSync(warehousePaths.marketCases(t.dataDir, 2024, "IP"))).toBe(true);
      expect(existsSync(warehousePaths.marketCases(t.dataDir, 2024, "OP"))).toBe(true);
    });
  });
}

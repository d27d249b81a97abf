/**
 * The start-up reconcile of practice files against the database (docs/crash-safety.md), on the
 * states a kill leaves; the real kills are in tests/crash/serverKill.crash.ts (npm run test:crash).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { and, eq } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { type FileChange, fileIntents, organisationYears } from "../db/schema/index.ts";
import { ingestPracticeUpload } from "./ingest.ts";
import { sha256File } from "./pipeline.ts";
import { reconcilePracticeFiles } from "./reconcileFiles.ts";
import { switchIn, warehousePaths } from "./storage.ts";
import { professionalLine, toCsv } from "./testing/builders.ts";

for (const backend of backends) {
  describe(`practice files made to agree with the database at start (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t.close());

    /** An organisation whose 2024 has one accepted version. */
    async function yearWithData() {
      const organisation = await createOrganisation(t);
      const path = join(t.dataDir, `${organisation.id}.csv`);
      writeFileSync(path, toCsv([professionalLine(), professionalLine({ line: 2 })]));
      const accepted = await ingestPracticeUpload(t.context, {
        organisationId: organisation.id,
        years: [2024],
        files: [{ path, originalName: "v1.csv" }],
      });
      expect(accepted.status).toBe("accepted");
      const current = warehousePaths.practiceLines(t.dataDir, organisation.id, 2024);
      return { organisationId: organisation.id, current, checksum: await sha256File(current) };
    }
    const yearRow = async (organisationId: string) =>
      (
        await t.context.database.db
          .select()
          .from(organisationYears)
          .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, 2024)))
      )[0]!;
    /** The intent a process killed mid-change leaves (its pid is dead). */
    const leftIntent = (organisationId: string, change: FileChange) =>
      t.context.database.db.insert(fileIntents).values({
        organisationId,
        year: 2024,
        change,
        ownerPid: Bun.spawnSync(["true"]).pid,
        ownerHost: hostname(),
      });

    test("an upload switched in but never committed: the recorded version is put back", async () => {
      const { organisationId, current, checksum } = await yearWithData();
      const before = await yearRow(organisationId);
      // What the kill left: the new file switched in, its version's link, no commit.
      const uncommitted = join(t.dataDir, "uncommitted.parquet");
      writeFileSync(uncommitted, "the data of an upload that never committed");
      switchIn(uncommitted, current);
      const stray = join(dirname(current), "versions", "never-committed.parquet");
      writeFileSync(stray, "its kept copy");
      await leftIntent(organisationId, "upload");

      const result = await reconcilePracticeFiles(t.context);
      expect(result.interrupted).toBe(1);
      expect(result.repairs).toBe(1);
      expect(await sha256File(current)).toBe(checksum);
      expect(existsSync(stray)).toBe(false);
      expect(await t.context.database.db.select().from(fileIntents)).toEqual([]);
      const after = await yearRow(organisationId);
      expect(after.currentVersionId).toBe(before.currentVersionId);
      // Answers cached from the uncommitted data are never read again.
      expect(after.dataVersion).toBe(before.dataVersion + 1);
      // A second start finds nothing to repair.
      expect((await reconcilePracticeFiles(t.context)).repairs).toBe(0);
    });

    test("a removal committed before its files went: the file goes, the versions stay", async () => {
      const { organisationId, current } = await yearWithData();
      await t.context.database.db
        .update(organisationYears)
        .set({ fileState: "need_update", currentVersionId: null })
        .where(and(eq(organisationYears.organisationId, organisationId), eq(organisationYears.year, 2024)));
      await leftIntent(organisationId, "remove-file");
      await reconcilePracticeFiles(t.context);
      expect(existsSync(current)).toBe(false);
      expect(readdirSync(join(dirname(current), "versions")).length).toBe(1);
    });

    test("a year removed before its folder went: the folder goes; an intent of a live process waits", async () => {
      const removed = await yearWithData();
      await t.context.database.db
        .delete(organisationYears)
        .where(
          and(eq(organisationYears.organisationId, removed.organisationId), eq(organisationYears.year, 2024)),
        );
      // This process is alive: its intent is a change in flight, not repaired.
      await t.context.database.db.insert(fileIntents).values({
        organisationId: removed.organisationId,
        year: 2024,
        change: "remove-year",
        ownerPid: process.pid,
        ownerHost: hostname(),
      });
      expect((await reconcilePracticeFiles(t.context)).interrupted).toBe(0);
      expect(existsSync(dirname(removed.current))).toBe(true);
      await t.context.database.db.delete(fileIntents);
      await leftIntent(removed.organisationId, "remove-year");
      expect((await reconcilePracticeFiles(t.context)).interrupted).toBe(1);
      expect(existsSync(dirname(removed.current))).toBe(false);
    });

    test("a removal's old scratch (files moved aside inside the transaction) is cleared", async () => {
      const aside = join(t.dataDir, "tmp", "removed-years", "old");
      mkdirSync(aside, { recursive: true });
      writeFileSync(join(aside, "practice_lines.parquet"), "x");
      await reconcilePracticeFiles(t.context);
      expect(existsSync(join(t.dataDir, "tmp", "removed-years"))).toBe(false);
    });
  });
}

/**
 * The start-up reconcile of market files against the database (docs/crash-safety.md), on the states
 * a kill leaves; the real kill is in tests/crash/serverKill.crash.ts (npm run test:crash).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { backends } from "../../tests/helpers/backends.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { advisoryBoardUploads, fileIntents, MARKET_INTENT_ORGANISATION } from "../db/schema/index.ts";
import { ingestMarketUpload } from "./ingest.ts";
import { sha256File } from "./pipeline.ts";
import { marketCurrentFile, reconcileMarketFiles } from "./reconcileMarketFiles.ts";
import { startMarketUpload } from "./record.ts";
import { keepCopy, switchIn, warehousePaths } from "./storage.ts";
import { marketRow, toCsv } from "./testing/builders.ts";

for (const backend of backends) {
  describe(`market files made to agree with the database at start (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t.close());

    /** An accepted IP upload of the year with `cases` cases; its upload id. */
    async function accepted(year: number, cases: number) {
      const path = join(t.dataDir, `ip-${year}-${cases}.csv`);
      writeFileSync(path, toCsv([marketRow({ year, cases })]));
      const result = await ingestMarketUpload(t.context, {
        kind: "IP",
        year,
        files: [{ path, originalName: "market_ip.csv" }],
      });
      expect(result.status).toBe("accepted");
      const [row] = await t.context.database.db
        .select({ id: advisoryBoardUploads.id })
        .from(advisoryBoardUploads)
        .where(eq(advisoryBoardUploads.state, "accepted"))
        .orderBy(advisoryBoardUploads.createdAt);
      return row!.id;
    }

    /**
     * What a kill between the switch-in and the commit leaves: the upload 'processing' (the sweep
     * marks it refused), its file kept under its id and switched in, the intent of a dead process.
     */
    async function uncommittedUpload(year: number) {
      const uploadId = await startMarketUpload(t.context.database.db, {
        kind: "IP",
        year,
        file: { originalName: "market_ip.csv", storageName: "x.csv", bytes: 1, checksum: "x" },
      });
      const newFile = join(t.dataDir, `uncommitted-${year}.parquet`);
      writeFileSync(newFile, "the data of a market upload that never committed");
      const kept = warehousePaths.marketVersion(t.dataDir, year, uploadId);
      keepCopy(newFile, kept);
      switchIn(newFile, marketCurrentFile(t.dataDir, year, "IP"));
      await t.context.database.db.insert(fileIntents).values({
        organisationId: MARKET_INTENT_ORGANISATION,
        year,
        change: "market-upload",
        ownerPid: Bun.spawnSync(["true"]).pid,
        ownerHost: hostname(),
      });
      return { kept };
    }

    test("an accepted upload keeps its file under its id; the one it replaced is not kept", async () => {
      const first = await accepted(2031, 2);
      const second = await accepted(2031, 3);
      expect(second).not.toBe(first);
      const current = marketCurrentFile(t.dataDir, 2031, "IP");
      expect(readdirSync(join(dirname(current), "versions"))).toEqual([`${second}.parquet`]);
      expect(await sha256File(current)).toBe(
        await sha256File(warehousePaths.marketVersion(t.dataDir, 2031, second)),
      );
      expect(await t.context.database.db.select().from(fileIntents)).toEqual([]);
    });

    test("an upload switched in but never committed: the accepted version's file is put back", async () => {
      await accepted(2032, 2);
      const current = marketCurrentFile(t.dataDir, 2032, "IP");
      const before = await sha256File(current);
      const { kept } = await uncommittedUpload(2032);
      expect(await sha256File(current)).not.toBe(before);

      const result = await reconcileMarketFiles(t.context);
      expect(result.interrupted).toBe(1);
      expect(result.repairs).toBe(1);
      expect(await sha256File(current)).toBe(before);
      expect(existsSync(kept)).toBe(false);
      expect(
        (await t.context.database.db.select().from(fileIntents)).filter(
          (intent) => intent.change === "market-upload",
        ),
      ).toEqual([]);
      // A second start finds nothing to repair.
      expect((await reconcileMarketFiles(t.context)).repairs).toBe(0);
    });

    test("a first upload of a kind and year never committed: its file is removed", async () => {
      const { kept } = await uncommittedUpload(2033);
      const current = marketCurrentFile(t.dataDir, 2033, "IP");
      expect(existsSync(current)).toBe(true);
      const result = await reconcileMarketFiles(t.context);
      expect(result.repairs).toBe(1);
      expect(existsSync(current)).toBe(false);
      expect(existsSync(kept)).toBe(false);
    });

    test("a market file the database does not record (written outside an upload) is left alone", async () => {
      const current = marketCurrentFile(t.dataDir, 2034, "OP");
      const outside = join(t.dataDir, "outside.parquet");
      writeFileSync(outside, "written by a bench script");
      switchIn(outside, current);
      const before = await sha256File(current);
      await reconcileMarketFiles(t.context);
      expect(await sha256File(current)).toBe(before);
    });

    test("an upload failing after its switch-in, over a file from before kept files: the old data stays", async () => {
      await accepted(2035, 2);
      const current = marketCurrentFile(t.dataDir, 2035, "IP");
      const before = await sha256File(current);
      // A data folder written before kept files: the current file, no versions folder.
      rmSync(join(dirname(current), "versions"), { recursive: true });
      // The commit fails after the switch-in (the accepted state refused for this year).
      const { db } = t.context.database;
      await db.execute(
        sql.raw(
          "ALTER TABLE advisory_board_uploads ADD CONSTRAINT refuse_2035 CHECK (state <> 'accepted' OR year <> 2035 OR data_version < 2)",
        ),
      );
      try {
        const path = join(t.dataDir, "ip-2035-new.csv");
        writeFileSync(path, toCsv([marketRow({ year: 2035, cases: 9 })]));
        await expect(
          ingestMarketUpload(t.context, {
            kind: "IP",
            year: 2035,
            files: [{ path, originalName: "market_ip.csv" }],
          }),
        ).rejects.toThrow();
      } finally {
        await db.execute(sql.raw("ALTER TABLE advisory_board_uploads DROP CONSTRAINT refuse_2035"));
      }
      expect(await sha256File(current)).toBe(before);
      expect(await db.select().from(fileIntents)).toEqual([]);
    });
  });
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { cacheFigures } from "../caches/registry.ts";
import { organisationYears, providers, serviceAreas } from "../db/schema/index.ts";
import { DATA_TOPIC } from "./dataChanges.ts";
import { closeDuckPools } from "./duckPool.ts";
import { clearOrganisationSnapshots, snapshotKept } from "./organisationSnapshot.ts";
import { clearRunCache, runCacheFigures, runPlugin } from "./runPlugin.ts";
import { marketCase } from "./testing/golden.ts";
import { writeWarehouse } from "./testing/queriesApp.ts";

/*
 * The run service's caches past their bounds. Two organisations share a 2024 market: A's provider
 * 1111111111 has 1 case in 10001 and a competitor 3 (A's PSA 10001: market total 4); B's provider
 * 2222222222 has 5 cases in 10002 (B's PSA 10001 and 10002: total 4 + 5 = 9).
 */
for (const backend of backends) {
  describe(`answers and organisation snapshots stay within their bounds (${backend})`, () => {
    let t: TestApp;
    let a: string;
    let b: string;

    beforeAll(async () => {
      t = await startTestApp(backend);
      const { db } = t.context.database;
      a = (await createOrganisation(t, { initialized: true })).id;
      b = (await createOrganisation(t, { initialized: true })).id;
      await db.insert(providers).values([
        { organisationId: a, npi: "1111111111", fullName: "Dr A" },
        { organisationId: b, npi: "2222222222", fullName: "Dr B" },
      ]);
      for (const organisationId of [a, b])
        await db
          .insert(organisationYears)
          .values({ organisationId, year: 2024, fileState: "uploaded", dataVersion: 1, enabled: true });
      await db.insert(serviceAreas).values([
        { organisationId: a, year: 2024, zipcode: "10001", type: "PSA" },
        { organisationId: b, year: 2024, zipcode: "10001", type: "PSA" },
        { organisationId: b, year: 2024, zipcode: "10002", type: "PSA" },
      ]);
      await writeWarehouse(t.dataDir, {
        year: 2024,
        market: [
          marketCase({ rendering_npi: "1111111111", cases: 1 }),
          marketCase({ rendering_npi: "4000000001", cases: 3 }),
          marketCase({ rendering_npi: "2222222222", patient_zip: "10002", cases: 5 }),
        ],
      });
      // Slow only on a loaded machine (migrations of a fresh database).
    }, 180_000);
    afterAll(async () => {
      clearRunCache();
      clearOrganisationSnapshots();
      closeDuckPools(t.dataDir);
      await t.close();
    });

    const run = async (organisationId: string, pluginId: string) => {
      const outcome = await runPlugin({ context: t.context, organisationId, pluginId, filters: {} });
      return { outcome, cached: outcome.cached };
    };
    const total = async (organisationId: string) => {
      const { outcome, cached } = await run(organisationId, "querie1");
      return { total: outcome.response.results.market_total, cached };
    };

    test("answers: past the entry bound the least recently used answer goes, the others stay right", async () => {
      clearRunCache(undefined, { entries: 2, bytes: 1 << 30 });
      expect(await total(a)).toEqual({ total: 4, cached: false });
      expect(await total(b)).toEqual({ total: 9, cached: false });
      expect(await total(a)).toEqual({ total: 4, cached: true });
      // A third answer: B's, the least recently used, is dropped; A's stays.
      expect((await run(a, "querie2")).cached).toBe(false);
      expect(runCacheFigures().entries).toBe(2);
      expect(cacheFigures().find((cache) => cache.name === "answers")?.size).toBe(2);
      expect(await total(a)).toEqual({ total: 4, cached: true });
      expect(await total(b)).toEqual({ total: 9, cached: false });
      expect(runCacheFigures().entries).toBe(2);
    }, 60_000);

    test("answers: past the byte bound the least recently used answers go until the rest fit", async () => {
      clearRunCache(undefined, { entries: 100, bytes: 1 << 30 });
      await total(a);
      const one = runCacheFigures().bytes;
      expect(one).toBeGreaterThan(0);
      // Room for about two answers of that size.
      const bound = Math.floor(one * 2.5);
      clearRunCache(undefined, { entries: 100, bytes: bound });
      expect(await total(a)).toEqual({ total: 4, cached: false });
      expect(await total(b)).toEqual({ total: 9, cached: false });
      await run(b, "querie2");
      await run(a, "querie2");
      const figures = runCacheFigures();
      expect(figures.bytes).toBeLessThanOrEqual(bound);
      expect(figures.entries).toBeLessThan(4);
      // The first answer asked is the first gone; the last is kept.
      expect(await total(a)).toEqual({ total: 4, cached: false });
      expect((await run(a, "querie2")).cached).toBe(true);
      expect(runCacheFigures().bytes).toBeLessThanOrEqual(bound);
    }, 60_000);

    test("snapshots: past the bound the least recently used organisation's snapshot goes", async () => {
      clearRunCache(undefined, { entries: 0, bytes: 1 });
      clearOrganisationSnapshots(1);
      // The 5-second layer in front of them (every organisation's entry) is emptied too.
      await t.context.live.invalidate({ topic: DATA_TOPIC });
      expect(await total(a)).toEqual({ total: 4, cached: false });
      expect(snapshotKept(t.context.config.dataDir, a)).toBe(true);
      expect(await total(b)).toEqual({ total: 9, cached: false });
      expect(snapshotKept(t.context.config.dataDir, b)).toBe(true);
      expect(snapshotKept(t.context.config.dataDir, a)).toBe(false);
      expect(cacheFigures().find((cache) => cache.name === "snapshots")).toEqual({
        name: "snapshots",
        size: 1,
        max: 1,
      });
      // Read again (past the 5-second layer): right answer, and now A's is the one kept.
      await t.context.live.invalidate({ topic: DATA_TOPIC });
      expect(await total(a)).toEqual({ total: 4, cached: false });
      expect(snapshotKept(t.context.config.dataDir, a)).toBe(true);
      expect(snapshotKept(t.context.config.dataDir, b)).toBe(false);
    }, 60_000);
  });
}

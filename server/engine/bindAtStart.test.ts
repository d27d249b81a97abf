/**
 * A starting server binds the organisation-years whose derived files the data pipeline wrote
 * (bindAtStart.ts), so their first runs make no schema; an organisation-year without its files is
 * left to its first run, and the bound on schemas holds.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { forgetOutmigrationFlows, keptFlowKeys } from "../../queries/querie9/flows.ts";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { providers, serviceAreas } from "../db/schema/index.ts";
import { ingestFixtureFolder } from "../ingest/fixtureFolder.ts";
import { facilityLine, marketRow, professionalLine, toCsv } from "../ingest/testing/builders.ts";
import { bindAtStart } from "./bindAtStart.ts";
import { forgetPreparedRows, heldPreparedFiles } from "./derived/preparedTables.ts";
import { prepareAnalysisFiles } from "./derived/prepareFiles.ts";
import { closeDuckPools, poolSchemas } from "./duckPool.ts";
import { DERIVED_RUN_THREADS } from "./executeKernel.ts";
import { pluginRegistry } from "./registry.ts";
import { clearRunCache, runCacheFigures, runPlugin } from "./runPlugin.ts";
import { WARM_UP_RUNS } from "./warmUp.ts";

for (const backend of backends) {
  describe(`binding organisation-years when a server starts (${backend})`, () => {
    let t: TestApp;
    const ids: Record<string, string> = {};
    const runSchemas = () => poolSchemas({ dataDir: t.dataDir, threads: DERIVED_RUN_THREADS });

    beforeAll(async () => {
      t = await startTestApp(backend);
      const fixture = join(t.dataDir, "fixture");
      const put = (path: string, content: string) => {
        mkdirSync(join(fixture, path, ".."), { recursive: true });
        writeFileSync(join(fixture, path), content);
      };
      put("market/2024/market_ip.csv", toCsv([marketRow({ bill_type: "0111" })]));
      put("market/2024/market_op.csv", toCsv([marketRow(), marketRow({ claim_id: "M2", cases: 3 })]));
      const { db } = t.context.database;
      for (const slug of ["prepared", "unprepared"]) {
        ids[slug] = (await createOrganisation(t, { slug })).id;
        await db
          .insert(providers)
          .values({ organisationId: ids[slug]!, npi: "1234567893", fullName: "Dr A" });
        await db
          .insert(serviceAreas)
          .values({ organisationId: ids[slug]!, year: 2024, zipcode: "02134", type: "PSA" });
        put(`organizations/${slug}/organization.json`, "{}");
        put(`organizations/${slug}/practice/2024/professional_fees.csv`, toCsv([professionalLine()]));
        put(`organizations/${slug}/practice/2024/facility_fees.csv`, toCsv([facilityLine()]));
        put(
          `organizations/${slug}/practice/2024/payor_classification.csv`,
          toCsv([{ payer: "Medicare", payer_class: "medicare" }]),
        );
        await ingestFixtureFolder(t.context, fixture, { orgSlug: slug, market: slug === "prepared" });
      }
      // The data pipeline wrote the files of one organisation only.
      await prepareAnalysisFiles(t.context, ids.prepared!);
    }, 120_000);
    afterAll(async () => {
      closeDuckPools(t.dataDir);
      await t.close();
    });

    test("within the schema bound, nothing is bound and every organisation-year is left", async () => {
      closeDuckPools(t.dataDir);
      const started = await bindAtStart(t.context, { budgetMs: 60_000, maxSchemas: 0 });
      expect(started).toMatchObject({ bound: 0, left: 2, warmed: 0 });
      expect(runSchemas().size).toBe(0);
    }, 60_000);

    test("the prepared organisation-year's kept values are read, the other left to its first run; no schema is made", async () => {
      closeDuckPools(t.dataDir);
      forgetPreparedRows();
      forgetOutmigrationFlows();
      const started = await bindAtStart(t.context, { budgetMs: 60_000, warmUp: false });
      expect(started).toMatchObject({ bound: 1, left: 1, warmed: 0 });
      // Every value it reads is kept: no SQL, so no schema (executeKernel.ts, boundConnection).
      expect(runSchemas().size).toBe(0);
      // So are the plugins' prepared values (querie9's flows), read by their prepare steps.
      expect(keptFlowKeys().filter((path) => path.includes(ids.prepared!))).toHaveLength(1);
      // The analyses' prepared rows the pipeline kept are read now, not by the first requests.
      const held = heldPreparedFiles();
      for (const id of ["querie1", "querie2", "querie4", "querie5", "querie10"])
        expect(held.some((path) => path.includes(`${id}_prepared`) && path.includes(ids.prepared!))).toBe(
          true,
        );
      clearRunCache();
      const outcome = await runPlugin({
        context: t.context,
        organisationId: ids.prepared!,
        pluginId: "querie1",
        filters: {},
      });
      expect(outcome.cached).toBe(false);
      expect(outcome.response.year).toBe(2024);
      // Answered from the kept rows: no schema made by the run either.
      expect(runSchemas().size).toBe(0);
    }, 60_000);

    test("before it listens, every analysis answers its warm-up filter sets on a bound organisation-year, and none is kept", async () => {
      clearRunCache();
      const started = await bindAtStart(t.context, { budgetMs: 60_000 });
      const analyses = (await pluginRegistry()).all().length;
      expect(started).toMatchObject({ bound: 1, left: 1, warmed: WARM_UP_RUNS * analyses });
      expect(runCacheFigures().entries).toBe(0);
    }, 60_000);

    test("a value not kept (querie9's flows removed) is made on a schema bound for it", async () => {
      const [flowsFile] = keptFlowKeys().filter((path) => path.includes(ids.prepared!));
      expect(flowsFile).toBeDefined();
      rmSync(flowsFile!);
      closeDuckPools(t.dataDir);
      forgetOutmigrationFlows();
      const started = await bindAtStart(t.context, { budgetMs: 60_000 });
      expect(started).toMatchObject({ bound: 1, left: 1 });
      expect(runSchemas().size).toBe(1);
      expect(existsSync(flowsFile!)).toBe(true);
      expect(keptFlowKeys()).toContain(flowsFile!);
    }, 60_000);
  });
}

/**
 * The data pipeline writes an organisation-year's derived files (prepareJob.ts): after an upload or
 * a service-area change the job has written them before any analysis request; a run afterwards
 * writes nothing and answers what a cold run (live relations, no files) answers; a failing job or
 * queue never breaks the upload.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { backends } from "../../../tests/helpers/backends.ts";
import { createOrganisation } from "../../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { providers, serviceAreas } from "../../db/schema/index.ts";
import { ingestFixtureFolder } from "../../ingest/fixtureFolder.ts";
import { facilityLine, marketRow, professionalLine, toCsv } from "../../ingest/testing/builders.ts";
import { DATA_TOPIC, notifyDataChanged } from "../dataChanges.ts";
import { executeKernel } from "../executeKernel.ts";
import { parseFilters } from "../filters.ts";
import { organisationYearsOf, resolveInputs } from "../organisationInputs.ts";
import { pluginRegistry } from "../registry.ts";
import { clearRunCache, runPlugin } from "../runPlugin.ts";
import { engineSettings } from "../settings.ts";
import { forgetPreparedRows, heldPreparedFiles } from "./preparedTables.ts";
import { prepareEveryOrganisation } from "./prepareFiles.ts";
import { PREPARE_FILES_JOB, queuePrepareFiles } from "./prepareJob.ts";

async function until(predicate: () => Promise<boolean> | boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await Bun.sleep(100);
  }
  return false;
}

/** Every derived file under the warehouse, by path (what a run would add to). */
function derivedListing(dataDir: string) {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (dir.endsWith("derived")) found.push(path);
    }
  };
  walk(join(dataDir, "warehouse"));
  return found.sort();
}

for (const backend of backends) {
  describe(`analysis files written by the data pipeline (${backend})`, () => {
    let t: TestApp;
    let organisationId: string;
    let fixture: string;

    /** The organisation's derived files of every available year, as a run resolves them. */
    const expectedFiles = async (id = organisationId) => {
      const { db } = t.context.database;
      const years = await organisationYearsOf(db, t.dataDir, id);
      const paths: string[] = [];
      for (const year of years.availableYears) {
        const { inputs } = await resolveInputs(db, t.dataDir, id, year, years);
        paths.push(...Object.values(inputs.files.derived ?? {}));
      }
      return { years: years.availableYears, paths };
    };
    const jobStates = async (id: string) =>
      (
        await t.context.database.execute<{ state: string }>(
          "SELECT state FROM pgboss.job WHERE name = $1 AND singleton_key = $2",
          [PREPARE_FILES_JOB, id],
        )
      ).map((row) => row.state);

    /** A fresh run of querie1 (not from the answer cache). */
    const freshRun = () => {
      clearRunCache();
      return runPlugin({ context: t.context, organisationId, pluginId: "querie1", filters: {} });
    };
    /** A fresh run of querie1, checked to write no derived file. */
    const runWritingNothing = async () => {
      const before = derivedListing(t.dataDir);
      const outcome = await freshRun();
      expect(outcome.cached).toBe(false);
      expect(derivedListing(t.dataDir)).toEqual(before);
      return outcome;
    };

    beforeAll(async () => {
      t = await startTestApp(backend, { PREPARE_ANALYSIS_FILES: "1" });
      organisationId = (await createOrganisation(t, { slug: "tiny" })).id;
      const { db } = t.context.database;
      await db.insert(providers).values({ organisationId, npi: "1234567893", fullName: "Dr A" });
      await db.insert(serviceAreas).values({ organisationId, year: 2024, zipcode: "02134", type: "PSA" });
      fixture = join(t.dataDir, "fixture");
      const put = (path: string, content: string) => {
        mkdirSync(join(fixture, path, ".."), { recursive: true });
        writeFileSync(join(fixture, path), content);
      };
      put("market/2024/market_ip.csv", toCsv([marketRow({ bill_type: "0111" })]));
      put(
        "market/2024/market_op.csv",
        toCsv([
          marketRow(),
          marketRow({ claim_id: "M2", patient_zip: "02135", rendering_npi: "1000000004" }),
          marketRow({ claim_id: "M3", facility_npi: "1000000012", facility_name: "Other", cases: 3 }),
        ]),
      );
      for (const slug of ["tiny", "blocked"]) {
        put(`organizations/${slug}/organization.json`, "{}");
        put(`organizations/${slug}/practice/2024/professional_fees.csv`, toCsv([professionalLine()]));
        put(`organizations/${slug}/practice/2024/facility_fees.csv`, toCsv([facilityLine()]));
        put(
          `organizations/${slug}/practice/2024/payor_classification.csv`,
          toCsv([{ payer: "Medicare", payer_class: "medicare" }]),
        );
      }
    }, 60_000);
    afterAll(() => t.close());

    test("after the uploads, the job has written every derived file before any request", async () => {
      expect(derivedListing(t.dataDir)).toEqual([]);
      const summary = await ingestFixtureFolder(t.context, fixture, { orgSlug: "tiny" });
      expect(summary.practice.map((item) => item.result !== "skipped" && item.result.status)).toEqual([
        "accepted",
      ]);
      const started = performance.now();
      const { years, paths } = await expectedFiles();
      expect(years).toEqual([2024]);
      expect(paths.length).toBe(11);
      expect(await until(() => paths.every((path) => existsSync(path)))).toBe(true);
      console.log(`${backend}: files written ${Math.round(performance.now() - started)} ms after the upload`);
      expect(await until(async () => (await jobStates(organisationId)).includes("completed"))).toBe(true);
      // Beside them, the values runs keep (keptJson.ts): the filter lists, querie9's flows, querie11's
      // slices, the service area's polygons and the prepared tables of querie1-8 and 10
      // (preparedTables.ts).
      const kept = () =>
        derivedListing(t.dataDir)
          .map((path) => path.slice(path.lastIndexOf("/") + 1))
          .filter((name) => name.endsWith(".json"))
          .map((name) => name.slice(0, name.lastIndexOf("-")))
          .sort();
      await until(() => kept().length === 13);
      expect(kept()).toEqual([
        "area_polygons",
        "filter_lists",
        "querie10_prepared",
        "querie11_slices",
        "querie1_prepared",
        "querie2_prepared",
        "querie3_prepared",
        "querie4_prepared",
        "querie5_prepared",
        "querie6_prepared",
        "querie7_prepared",
        "querie8_prepared",
        "querie9_flows",
      ]);
    }, 60_000);

    test("a run afterwards writes nothing and answers what a cold run (no files, nothing kept) answers", async () => {
      const before = derivedListing(t.dataDir);
      const outcome = await runWritingNothing();
      expect(outcome.response.results.market_total).toBeGreaterThan(0);

      const { db } = t.context.database;
      const years = await organisationYearsOf(db, t.dataDir, organisationId);
      const { inputs } = await resolveInputs(db, t.dataDir, organisationId, 2024, years);
      const cold = { ...inputs, files: { ...inputs.files, derived: undefined }, kept: undefined };
      const options = { dataDir: t.dataDir, settings: engineSettings({}), threads: 1 };
      for (const plugin of (await pluginRegistry()).all()) {
        const parsed = parseFilters(plugin.filters, { year: 2024 }, {});
        if (!parsed.success) throw parsed.error;
        const prepared = await executeKernel(plugin, inputs, parsed.data, options);
        const live = await executeKernel(plugin, cold, parsed.data, options);
        expect({ plugin: plugin.id, result: prepared }).toEqual({ plugin: plugin.id, result: live });
      }
      expect(derivedListing(t.dataDir)).toEqual(before);
    }, 60_000);

    test("a service-area change: the new files are written by the job, not by the next run", async () => {
      const { paths: old } = await expectedFiles();
      const keptFiles = () => derivedListing(t.dataDir).filter((path) => path.endsWith(".json")).length;
      const keptBefore = keptFiles();
      await t.context.database.db
        .insert(serviceAreas)
        .values({ organisationId, year: 2024, zipcode: "02135", type: "SSA" });
      await notifyDataChanged(t.context, organisationId);
      const { paths } = await expectedFiles();
      const fresh = paths.filter((path) => !old.includes(path));
      expect(fresh.length).toBeGreaterThan(0);
      expect(await until(() => paths.every((path) => existsSync(path)))).toBe(true);
      // The kept values of the new service area too (the old ones stay until they are stale).
      expect(await until(() => keptFiles() === keptBefore + 13)).toBe(true);
      await runWritingNothing();
    }, 60_000);

    test("prepared rows never made (a new form after a deploy): the run answers by its kernel and asks the job for them", async () => {
      const preparedFiles = () => derivedListing(t.dataDir).filter((path) => path.includes("_prepared-"));
      for (const path of preparedFiles()) rmSync(path);
      forgetPreparedRows();
      const jobsBefore = (await jobStates(organisationId)).length;
      const byKernel = await freshRun();
      // Its kernel answered on a connection; the request made no prepared table.
      expect(byKernel.timings.prepared).toBeUndefined();
      expect(byKernel.timings.kernel).toBeGreaterThan(0);
      // Queued beside the answer, not before it.
      expect(await until(async () => (await jobStates(organisationId)).length === jobsBefore + 1)).toBe(true);
      // The job makes every analysis's rows; the next run answers from them, the same figures.
      expect(await until(() => preparedFiles().length === 9)).toBe(true);
      expect(
        await until(async () => (await jobStates(organisationId)).every((state) => state === "completed")),
      ).toBe(true);
      const fromRows = await freshRun();
      expect(fromRows.timings.prepared).toBeDefined();
      expect(fromRows.response.results).toEqual(byKernel.response.results);
    }, 60_000);

    test("past the cache's bound a run still answers from the kept file, not by its kernel", async () => {
      // A bound too small for any analysis's rows: nothing is held, every run reads its file.
      forgetPreparedRows({ flowEntries: 1, flowBytes: 1 });
      try {
        const outcome = await freshRun();
        expect(outcome.timings.prepared).toBeDefined();
        expect(outcome.timings.kernel).toBeGreaterThan(0);
        expect(outcome.timings.wait).toBeUndefined();
        expect(heldPreparedFiles()).toEqual([]);
      } finally {
        forgetPreparedRows();
      }
    }, 60_000);

    test("a data change drops the organisation's held values in memory (a dead data version's)", async () => {
      await freshRun();
      const heldOfOrganisation = () =>
        heldPreparedFiles().filter((path) => path.includes(`/${organisationId}/`));
      expect(heldOfOrganisation().length).toBeGreaterThan(0);
      // The invalidation every process hears (notifyDataChanged sends it, and queues a job that
      // would read the files again at once).
      await t.context.live.invalidate({ topic: DATA_TOPIC, key: organisationId });
      expect(heldOfOrganisation()).toEqual([]);
      // The next run reads them from their kept file again.
      expect((await freshRun()).timings.prepared).toBeDefined();
    }, 60_000);

    test("loading without a worker (prepareEveryOrganisation) leaves none of its values held", async () => {
      forgetPreparedRows();
      const [prepared] = await prepareEveryOrganisation(t.context, [organisationId]);
      expect(prepared?.years.length).toBeGreaterThan(0);
      // Its prepared rows were read (from their kept files) and let go: runs read the files.
      expect(heldPreparedFiles().filter((path) => path.includes(`/${organisationId}/`))).toEqual([]);
      expect((await freshRun()).timings.prepared).toBeDefined();
    }, 60_000);

    test("a failing job or queue does not break the upload", async () => {
      const blocked = (await createOrganisation(t, { slug: "blocked" })).id;
      // A file where the year's derived folder goes: every write of the job fails.
      mkdirSync(join(t.dataDir, "warehouse", "practice", blocked, "2024"), { recursive: true });
      writeFileSync(join(t.dataDir, "warehouse", "practice", blocked, "2024", "derived"), "");
      const summary = await ingestFixtureFolder(t.context, fixture, { orgSlug: "blocked", market: false });
      expect(summary.practice.map((item) => item.result !== "skipped" && item.result.status)).toEqual([
        "accepted",
      ]);
      // Retried once, then failed; the upload was answered long before.
      expect(await until(async () => (await jobStates(blocked)).includes("failed"), 45_000)).toBe(true);

      // A queue refusing the job: the change is still notified and the call resolves.
      const jobs = t.context.jobs;
      const send = jobs.send;
      jobs.send = () => Promise.reject(new Error("queue down"));
      try {
        expect(await notifyDataChanged(t.context, organisationId)).toBeUndefined();
      } finally {
        jobs.send = send;
      }
    }, 60_000);
  });
}

test("PREPARE_ANALYSIS_FILES=0: a data change queues no job", async () => {
  let sent = 0;
  const jobs = { started: true, send: async () => `job-${++sent}` };
  const context = { jobs, config: { prepareAnalysisFiles: false } } as unknown as Parameters<
    typeof queuePrepareFiles
  >[0];
  expect(await queuePrepareFiles(context, "some-organisation")).toBeUndefined();
  expect(sent).toBe(0);
  const on = { jobs, config: { prepareAnalysisFiles: true } } as unknown as Parameters<
    typeof queuePrepareFiles
  >[0];
  expect(await queuePrepareFiles(on, "some-organisation")).toBe("job-1");
});

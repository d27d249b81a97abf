import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation, giveAnalysisYears } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { closeDuckPools } from "./duckPool.ts";
import { pluginRegistry, type Registry } from "./registry.ts";
import { clearRunCache, runCacheFigures, runPlugin } from "./runPlugin.ts";
import { marketCase } from "./testing/golden.ts";
import { writeWarehouse } from "./testing/queriesApp.ts";

/*
 * Single flight per answer key (issue 14): identical requests that arrive while the answer is
 * being computed wait for that one computation instead of each running the kernel. The answer's
 * bytes are made once per computation (runPlugin.ts), so requests that shared one hold the very
 * same bytes; separate computations would hold equal but distinct ones.
 */
for (const backend of backends) {
  describe(`identical concurrent runs compute once (${backend})`, () => {
    let t: TestApp;
    let organisationId: string;

    beforeAll(async () => {
      t = await startTestApp(backend);
      organisationId = (await createOrganisation(t, { initialized: true })).id;
      await giveAnalysisYears(t, organisationId, [2024]);
      await writeWarehouse(t.dataDir, {
        year: 2024,
        market: [
          marketCase({ rendering_npi: "1111111111", cases: 1 }),
          marketCase({ rendering_npi: "4000000001", cases: 3 }),
        ],
      });
    }, 60_000);
    afterAll(async () => {
      closeDuckPools(t.dataDir);
      await t.close();
    });

    const run = (filters: unknown) =>
      runPlugin({ context: t.context, organisationId, pluginId: "querie1", filters });

    test("eight identical requests at once: one computation, one cached answer", async () => {
      clearRunCache();
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => run({})));
      // One computation: every request is sent the same bytes, made once.
      for (const outcome of outcomes) {
        expect(outcome.cached).toBe(false);
        expect(outcome.body).toBe(outcomes[0]!.body);
        expect(outcome.response.results.market_total).toBe(4);
      }
      expect(runCacheFigures().entries).toBe(1);
      // Afterwards the answer comes from the cache: the same bytes, the same answer read from them.
      const again = await run({});
      expect(again.cached).toBe(true);
      expect(again.body).toBe(outcomes[0]!.body);
      expect(again.response).toEqual(outcomes[0]!.response);
    }, 60_000);

    test("different requests at once are computed each", async () => {
      clearRunCache();
      const [all, spine, allAgain] = await Promise.all([run({}), run({ servicelines: ["spine"] }), run({})]);
      expect(allAgain!.body).toBe(all!.body);
      expect(spine!.body).not.toBe(all!.body);
      expect(spine!.response.filters.servicelines).toEqual(["spine"]);
      expect(runCacheFigures().entries).toBe(2);
    }, 60_000);

    test("a run that fails fails the runs that joined it, keeps nothing, and is run again next time", async () => {
      clearRunCache();
      const querie1 = (await pluginRegistry()).get("querie1")!;
      let runs = 0;
      const failing = {
        ...querie1,
        // Its kernel answers (querie1's prepared rows would answer without it).
        prepared: undefined,
        kernel: async () => {
          runs += 1;
          throw new Error("kernel failed");
        },
      };
      const registry = { get: (id: string) => (id === "querie1" ? failing : undefined) } as Registry;
      const failingRun = () =>
        runPlugin({ context: t.context, organisationId, pluginId: "querie1", filters: {}, registry });
      const outcomes = await Promise.allSettled([failingRun(), failingRun(), failingRun()]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "rejected"]);
      expect(runs).toBe(1);
      expect(runCacheFigures().entries).toBe(0);
      await expect(failingRun()).rejects.toThrow("kernel failed");
      expect(runs).toBe(2);
      // The real analysis answers as before.
      expect((await run({})).response.results.market_total).toBe(4);
    }, 60_000);
  });
}

import { afterAll, describe, expect, test } from "bun:test";
import { cacheFigures } from "../../server/caches/registry.ts";
import { goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import { forgetOutmigrationFlows, keptFlowKeys } from "./flows.ts";
import plugin from "./plugin.ts";

/*
 * The flows of every line are kept per fingerprint of the rows (flows.ts); each run narrows them
 * to its lines. Service area: 10001 PSA, 10002 SSA. Facility 30000 is outside.
 *   zip 10001: spine 2 at PSA; spine 1 outside (Dr a); trauma 2 outside (Dr a 1, dr b 1);
 *              hand_ue 1 outside (Dr C)
 */
const psa = { facility_npi: "3000000001", facility_zip: "10001" };
const far = { facility_npi: "3000000009", facility_zip: "30000" };
const provider = (name: string, npi: string) => ({ rendering_name: name, rendering_npi: npi });
const market = [
  marketCase({ patient_zip: "10001", service_line: "spine", ...psa, cases: 2 }),
  marketCase({ patient_zip: "10001", service_line: "spine", ...far, ...provider("Dr a", "4000000001") }),
  marketCase({ patient_zip: "10001", service_line: "trauma", ...far, ...provider("Dr a", "4000000001") }),
  marketCase({ patient_zip: "10001", service_line: "trauma", ...far, ...provider("dr b", "4000000002") }),
  marketCase({ patient_zip: "10001", service_line: "hand_ue", ...far, ...provider("Dr C", "4000000003") }),
];
const serviceArea = [
  { zipcode: "10001", type: "PSA" as const },
  { zipcode: "10002", type: "SSA" as const },
];

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie9 flows kept per fingerprint", () => {
  test("the same rows with other lines: the kept flows narrowed to each run's lines, by hand", async () => {
    forgetOutmigrationFlows();
    // All three lines: cases 2 + 1 + 2 + 1 = 6, outside 4 -> 66.66...%; Dr a 1 + 1 = 2, then the
    // ties at 1 by name in localeCompare order (case ignored first): dr b before Dr C.
    const all = await harness.run(
      plugin,
      { market, serviceArea },
      {
        servicelines: ["spine", "trauma", "hand_ue"],
      },
    );
    expect(all.outmigration_filtred[1]["10001"]).toMatchObject({
      cases: 6,
      outside_cases: 4,
      percentage: (4 / 6) * 100,
      services: { spine: 1, trauma: 2, hand_ue: 1 },
      providers: [
        { name: "Dr a", cases: 2 },
        { name: "dr b", cases: 1 },
        { name: "Dr C", cases: 1 },
      ],
    });
    // Trauma only (kept flows reused): 2 cases, both outside; Dr a and dr b 1 each, by name.
    const trauma = await harness.run(plugin, { market, serviceArea }, { servicelines: ["trauma"] });
    expect(trauma.outmigration_filtred[0]).toEqual({
      total: { trauma: 2 },
      PSA: { trauma: 0 },
      SSA: { trauma: 0 },
      TSA: { trauma: 0 },
      OUTSIDE: { trauma: 2 },
      percentage: { trauma: 100 },
    });
    expect(trauma.outmigration_filtred[1]["10001"]).toMatchObject({
      cases: 2,
      outside_cases: 2,
      services: { trauma: 2 },
      providers: [
        { name: "Dr a", cases: 1 },
        { name: "dr b", cases: 1 },
      ],
    });
    // A line without cases: no zip is in S.
    const sports = await harness.run(plugin, { market, serviceArea }, { servicelines: ["sports_medicine"] });
    expect(sports.outmigration_filtred[1]).toEqual({});
    expect(sports.outmigration_table.at(-1)).toMatchObject({ service: "All services", total: 0 });
  });

  test("changed rows are read again, never answered from the kept flows", async () => {
    const lines = { servicelines: ["spine"] };
    // spine: 2 at PSA, 1 outside -> 33.33...%
    const before = await harness.run(plugin, { market, serviceArea }, lines);
    expect(before.outmigration_filtred[0].OUTSIDE).toEqual({ spine: 1 });
    // The same rows with Dr a's spine case moved to the PSA facility: 3 at PSA, none outside.
    const moved = market.map((row, index) => (index === 1 ? { ...row, ...psa } : row));
    const after = await harness.run(plugin, { market: moved, serviceArea }, lines);
    expect(after.outmigration_filtred[0]).toMatchObject({ PSA: { spine: 3 }, OUTSIDE: { spine: 0 } });
    expect(after.outmigration_filtred[1]["10001"]?.providers).toEqual([]);
    // The same rows with 10001 now SSA: its 3 cases go to the SSA.
    const ssa = await harness.run(
      plugin,
      { market: moved, serviceArea: [{ zipcode: "10001", type: "SSA" as const }] },
      lines,
    );
    expect(ssa.outmigration_filtred[0]).toMatchObject({ PSA: { spine: 0 }, SSA: { spine: 3 } });
  });

  test("past the bound flows asked for twice push the least recently used out; answers stay right", async () => {
    forgetOutmigrationFlows({ flowEntries: 2, flowBytes: 1 << 30 });
    const lines = { servicelines: ["spine"] };
    const moved = market.map((row, index) => (index === 1 ? { ...row, ...psa } : row));
    const first = await harness.run(plugin, { market, serviceArea }, lines);
    const [firstPrint] = keptFlowKeys();
    await harness.run(plugin, { market: moved, serviceArea }, lines);
    const [secondPrint] = keptFlowKeys();
    // The first is used again: the second is now the least recently used.
    await harness.run(plugin, { market, serviceArea }, lines);
    const ssaArea = [{ zipcode: "10001", type: "SSA" as const }];
    const ssa = await harness.run(plugin, { market: moved, serviceArea: ssaArea }, lines);
    expect(ssa.outmigration_filtred[0]).toMatchObject({ PSA: { spine: 0 }, SSA: { spine: 3 } });
    // Read once past the bound, a third organisation-year's flows served their run only; asked for
    // again, they are held, and the least recently used go.
    expect(keptFlowKeys()).toHaveLength(2);
    await harness.run(plugin, { market: moved, serviceArea: ssaArea }, lines);
    const kept = keptFlowKeys();
    expect(kept).toHaveLength(2);
    expect(kept).toContain(firstPrint!);
    expect(kept).not.toContain(secondPrint!);
    expect(cacheFigures().find((cache) => cache.name === "flows")).toMatchObject({ size: 2, max: 2 });
    // The dropped one is read again, with the same answer as before.
    const again = await harness.run(plugin, { market: moved, serviceArea }, lines);
    expect(again.outmigration_filtred[0]).toMatchObject({ PSA: { spine: 3 }, OUTSIDE: { spine: 0 } });
    expect((await harness.run(plugin, { market, serviceArea }, lines)).outmigration_filtred).toEqual(
      first.outmigration_filtred,
    );
  });

  test("past the byte bound flows go until the rest fit", async () => {
    forgetOutmigrationFlows({ flowEntries: 100, flowBytes: 1 << 30 });
    const lines = { servicelines: ["spine"] };
    await harness.run(plugin, { market, serviceArea }, lines);
    const one = cacheFigures().find((cache) => cache.name === "flows")!.bytes!;
    forgetOutmigrationFlows({ flowEntries: 100, flowBytes: one });
    const moved = market.map((row, index) => (index === 1 ? { ...row, ...psa } : row));
    await harness.run(plugin, { market: moved, serviceArea }, lines);
    await harness.run(plugin, { market, serviceArea }, lines);
    const figures = cacheFigures().find((cache) => cache.name === "flows")!;
    expect(figures.bytes).toBeLessThanOrEqual(one);
    expect(figures.size).toBe(1);
    forgetOutmigrationFlows();
  });
});

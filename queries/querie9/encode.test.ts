import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import plugin from "./plugin.ts";

// querie9 writes its answer's JSON itself (plugin.ts `encode`): the text must be JSON.stringify's.
const market = [
  marketCase({ patient_zip: "10001", service_line: "spine", cases: 3 }),
  marketCase({
    patient_zip: "10002",
    service_line: "trauma",
    facility_zip: "30000",
    rendering_name: "Dr Far",
  }),
];
const serviceArea = [
  { zipcode: "10001", type: "PSA" as const },
  { zipcode: "10002", type: "SSA" as const },
];

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie9's own JSON encoding", () => {
  test("writes what JSON.stringify writes, with zips and with none", async () => {
    for (const servicelines of [["spine", "trauma"], ["hand_ue"]]) {
      const results = await harness.run(plugin, { market, serviceArea }, { servicelines });
      expect(plugin.encode!(results)).toBe(JSON.stringify(results));
    }
  });

  test("the golden harness refuses an encoder that writes another text", async () => {
    const wrong = {
      ...plugin,
      encode: (results: object) => JSON.stringify(results).replace("10001", "10009"),
    };
    await expect(harness.run(wrong, { market, serviceArea })).rejects.toThrow(
      "querie9: its encode() writes another text than JSON.stringify of its results",
    );
  });
});

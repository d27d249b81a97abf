import { afterAll, expect, test } from "bun:test";
import { GOLDEN_REFERENCE_YEAR, GOLDEN_YEAR, goldenHarness } from "../../server/engine/testing/golden.ts";
import {
  propertySets,
  randomFilters,
  randomOrganisationYear,
  seededRandom,
} from "../../server/engine/testing/randomData.ts";
import plugin from "./plugin.ts";

const harness = goldenHarness();
afterAll(() => harness.close());

// The kernel over the bound rows is the definition: the answer from the prepared maturity figures must be
// the same, figure for figure, for every filter set (seeded: a failure names its set).
test("the prepared answer equals the kernel's on random filter sets", async () => {
  const random = seededRandom(10);
  // Two years: the reference year's market is another draw, with its own service area.
  const current = randomOrganisationYear(random);
  const reference = randomOrganisationYear(random);
  const paths = await harness.both({
    ...current,
    marketReference: reference.market?.map((row) => ({ ...row, year: GOLDEN_REFERENCE_YEAR })),
    serviceAreaReference: reference.serviceArea?.slice(1),
    availableYears: [GOLDEN_REFERENCE_YEAR, GOLDEN_YEAR],
  });
  let withVolume = 0;
  for (let set = 0; set < propertySets(); set++) {
    const filters = randomFilters(random, plugin);
    const expected = await paths.kernel(plugin, filters);
    expect({ set, filters, result: await paths.prepared(plugin, filters) }).toEqual({
      set,
      filters,
      result: expected,
    });
    const values = expected.maturity_values as Array<{ volume: number }>;
    if (values.some((line) => line.volume !== 0)) withVolume += 1;
  }
  // The sets are not all empty answers: most have a line with volume.
  expect(withVolume).toBeGreaterThan(propertySets() / 2);
}, 120_000);

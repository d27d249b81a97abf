import { afterAll, expect, test } from "bun:test";
import { goldenHarness } from "../../server/engine/testing/golden.ts";
import {
  propertySets,
  randomFilters,
  randomOrganisationYear,
  seededRandom,
} from "../../server/engine/testing/randomData.ts";
import plugin from "./plugin.ts";

const harness = goldenHarness();
afterAll(() => harness.close());

// The kernel over the bound rows is the definition: the answer from the prepared referred cases must be
// the same, figure for figure, for every filter set (seeded: a failure names its set).
test("the prepared answer equals the kernel's on random filter sets", async () => {
  const random = seededRandom(2);
  const paths = await harness.both(randomOrganisationYear(random));
  let withVolume = 0;
  for (let set = 0; set < propertySets(); set++) {
    const filters = randomFilters(random, plugin);
    const expected = await paths.kernel(plugin, filters);
    expect({ set, filters, result: await paths.prepared(plugin, filters) }).toEqual({
      set,
      filters,
      result: expected,
    });
    if ((expected.referrers_count as number) > 0) withVolume += 1;
  }
  // The sets are not all empty answers: most keep some referrer.
  expect(withVolume).toBeGreaterThan(propertySets() / 2);
}, 120_000);

/**
 * The property every analysis with prepared tables keeps (its prepared.test.ts): over a seeded
 * random organisation-year, the answer from the prepared rows equals the kernel's, figure for
 * figure, on every random filter set (PREPARED_PROPERTY_SETS, default 60; a failure names its set).
 * The kernel over the bound rows is the definition.
 */
import { afterAll, expect, test } from "bun:test";
import { heldPreparedFiles } from "../derived/preparedTables.ts";
import type { Plugin, PluginResult } from "../plugin.ts";
import { type GoldenData, type GoldenHarness, goldenHarness } from "./golden.ts";
import {
  propertySets,
  type Random,
  randomFilters,
  randomOrganisationYear,
  seededRandom,
} from "./randomData.ts";

interface PropertyOptions {
  seed: number;
  /** Whether an answer holds something (most sets must: not all empty answers). */
  hasVolume: (result: PluginResult) => boolean;
  /** The organisation-year to draw (default: one random year). */
  data?: (random: Random) => GoldenData;
}

/** Declares the plugin's property test (its prepared.test.ts holds this call alone), with its harness. */
export function testPreparedEqualsKernel(plugin: Plugin, options: PropertyOptions) {
  const harness = goldenHarness();
  afterAll(() => harness.close());
  test(
    "the prepared answer equals the kernel's on random filter sets",
    () => expectPreparedEqualsKernel(harness, plugin, options),
    120_000,
  );
}

async function expectPreparedEqualsKernel(harness: GoldenHarness, plugin: Plugin, options: PropertyOptions) {
  // Without `prepared` both paths would be the kernel, and the property would hold for nothing.
  expect(plugin.prepared, `${plugin.id} declares no prepared tables`).toBeDefined();
  const random = seededRandom(options.seed);
  const paths = await harness.both((options.data ?? randomOrganisationYear)(random));
  let withVolume = 0;
  for (let set = 0; set < propertySets(); set++) {
    const filters = randomFilters(random, plugin);
    const expected = await paths.kernel(plugin, filters);
    expect({ set, filters, result: await paths.prepared(plugin, filters) }).toEqual({
      set,
      filters,
      result: expected,
    });
    if (options.hasVolume(expected)) withVolume += 1;
  }
  expect(withVolume).toBeGreaterThan(propertySets() / 2);
  // The prepared path answered from the plugin's prepared rows (held), not by its kernel.
  expect(heldPreparedFiles().some((path) => path.includes(`${plugin.id}_prepared-`))).toBe(true);
}

import { afterAll, test } from "bun:test";
import { goldenHarness } from "../../server/engine/testing/golden.ts";
import { expectPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

const harness = goldenHarness();
afterAll(() => harness.close());

// The answer from the prepared cases by setting equals the kernel's on random filter sets.
test(
  "the prepared answer equals the kernel's on random filter sets",
  () =>
    expectPreparedEqualsKernel(harness, plugin, {
      seed: 6,
      // most sets keep cases in some setting
      hasVolume: (result) =>
        Object.values(result.average_site_of_care_settings as Record<string, Record<string, number>>).some(
          (sides) => (sides.competitor ?? 0) + (sides.customer ?? 0) > 0,
        ),
    }),
  120_000,
);

import { afterAll, test } from "bun:test";
import { goldenHarness } from "../../server/engine/testing/golden.ts";
import { expectPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

const harness = goldenHarness();
afterAll(() => harness.close());

// The answer from the prepared cases equals the kernel's on random filter sets.
test(
  "the prepared answer equals the kernel's on random filter sets",
  () =>
    expectPreparedEqualsKernel(harness, plugin, {
      seed: 3,
      // most sets keep some of the market's cases
      hasVolume: (result) => (result.market_surgical_cases as number) > 0,
    }),
  120_000,
);

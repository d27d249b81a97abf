import { afterAll, test } from "bun:test";
import { goldenHarness } from "../../server/engine/testing/golden.ts";
import { expectPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

const harness = goldenHarness();
afterAll(() => harness.close());

// The answer from the prepared paid amounts equals the kernel's on random filter sets.
test(
  "the prepared answer equals the kernel's on random filter sets",
  () =>
    expectPreparedEqualsKernel(harness, plugin, {
      seed: 7,
      // most sets keep some paid line
      hasVolume: (result) => (result.financial_impact_total as number) > 0,
    }),
  120_000,
);

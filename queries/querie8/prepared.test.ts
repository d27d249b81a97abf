import { afterAll, test } from "bun:test";
import { goldenHarness } from "../../server/engine/testing/golden.ts";
import { expectPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

const harness = goldenHarness();
afterAll(() => harness.close());

// The answer from the prepared referred cases equals the kernel's on random filter sets.
test(
  "the prepared answer equals the kernel's on random filter sets",
  () =>
    expectPreparedEqualsKernel(harness, plugin, {
      seed: 8,
      // most sets keep some case referred by the practice's providers
      hasVolume: (result) =>
        (result.leakage_table as Array<{ total: number }>).some((line) => line.total > 0),
    }),
  120_000,
);

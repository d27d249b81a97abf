import { testPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

// The answer from the prepared paid amounts equals the kernel's on random filter sets.
testPreparedEqualsKernel(plugin, {
  seed: 7,
  // most sets keep some paid line
  hasVolume: (result) => (result.financial_impact_total as number) > 0,
});

import { testPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

// The answer from the prepared cases equals the kernel's on random filter sets.
testPreparedEqualsKernel(plugin, {
  seed: 3,
  // most sets keep some of the market's cases
  hasVolume: (result) => (result.market_surgical_cases as number) > 0,
});

import { testPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

// The answer from the prepared pairs equals the kernel's on random filter sets.
testPreparedEqualsKernel(plugin, {
  seed: 1,
  // most sets keep some cases
  hasVolume: (result) => (result.market_total as number) > 0,
});

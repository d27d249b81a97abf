import { testPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

// The answer from the prepared partner pairs equals the kernel's on random filter sets.
testPreparedEqualsKernel(plugin, {
  seed: 4,
  // most sets keep some of the customer's cases
  hasVolume: (result) => (result.facilities_total as number) > 0,
});

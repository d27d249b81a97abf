import { testPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

// The answer from the prepared referred cases equals the kernel's on random filter sets.
testPreparedEqualsKernel(plugin, {
  seed: 2,
  // most sets keep some referrer
  hasVolume: (result) => (result.referrers_count as number) > 0,
});

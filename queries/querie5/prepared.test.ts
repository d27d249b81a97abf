import { testPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

// The answer from the prepared volumes equals the kernel's on random filter sets.
testPreparedEqualsKernel(plugin, {
  seed: 5,
  // most sets keep some volume
  hasVolume: (result) => (result.volume_table as { total: number }).total > 0,
});

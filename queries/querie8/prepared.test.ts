import { testPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

// The answer from the prepared referred cases equals the kernel's on random filter sets.
testPreparedEqualsKernel(plugin, {
  seed: 8,
  // most sets keep some case referred by the practice's providers
  hasVolume: (result) => (result.leakage_table as Array<{ total: number }>).some((line) => line.total > 0),
});

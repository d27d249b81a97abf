import { testPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import plugin from "./plugin.ts";

// The answer from the prepared cases by setting equals the kernel's on random filter sets.
testPreparedEqualsKernel(plugin, {
  seed: 6,
  // most sets keep cases in some setting
  hasVolume: (result) =>
    Object.values(result.average_site_of_care_settings as Record<string, Record<string, number>>).some(
      (sides) => (sides.competitor ?? 0) + (sides.customer ?? 0) > 0,
    ),
});

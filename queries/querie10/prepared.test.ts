import { GOLDEN_REFERENCE_YEAR, GOLDEN_YEAR } from "../../server/engine/testing/golden.ts";
import { testPreparedEqualsKernel } from "../../server/engine/testing/preparedProperty.ts";
import { randomOrganisationYear } from "../../server/engine/testing/randomData.ts";
import plugin from "./plugin.ts";

// The answer from the prepared maturity figures equals the kernel's on random filter sets.
testPreparedEqualsKernel(plugin, {
  seed: 10,
  // most sets have a line with volume
  hasVolume: (result) =>
    (result.maturity_values as Array<{ volume: number }>).some((line) => line.volume !== 0),
  // Two years: the reference year's market is another draw, with its own service area.
  data: (random) => {
    const current = randomOrganisationYear(random);
    const reference = randomOrganisationYear(random);
    return {
      ...current,
      marketReference: reference.market?.map((row) => ({ ...row, year: GOLDEN_REFERENCE_YEAR })),
      serviceAreaReference: reference.serviceArea?.slice(1),
      availableYears: [GOLDEN_REFERENCE_YEAR, GOLDEN_YEAR],
    };
  },
});

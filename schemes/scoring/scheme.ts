import { defineScheme } from "../../server/schemes/scheme.ts";
import { macroCapabilitiesResult } from "../macro_capabilities/result.ts";
import { marketProfileResult } from "../market_profile/result.ts";
import { serviceCapabilitiesResult } from "../service_capabilities/result.ts";
import { scoreAll } from "./dimensions.ts";
import { DIMENSIONS, type Dimension, FORMULAS, WEIGHTS } from "./formulas.ts";
import { type ScoringResult, scoringResult } from "./result.ts";

const perDimension = <T>(value: (dimension: Dimension) => T) =>
  Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, value(dimension)])) as Record<Dimension, T>;

export default defineScheme({
  id: "scoring",
  kind: "SCORING",
  title: "Scoring",
  description:
    "The Strategic Vitality Score: market alignment, customer centricity, competitive comparison, partnership strength and service mix and strength on 0-20, and their weighted total.",
  version: 1,
  dir: import.meta.dir,
  reads: ["market_profile", "service_capabilities", "macro_capabilities"],
  result: scoringResult,
  async run({ profile, year }): Promise<ScoringResult> {
    const marketProfile = marketProfileResult.safeParse(profile.previous.market_profile);
    const serviceCapabilities = serviceCapabilitiesResult.safeParse(profile.previous.service_capabilities);
    const macroCapabilities = macroCapabilitiesResult.safeParse(profile.previous.macro_capabilities);
    if (!marketProfile.success || !serviceCapabilities.success || !macroCapabilities.success)
      throw new Error(
        `The scoring reads the service capabilities, macro capabilities and market profile of ${year}: generate them first.`,
      );
    if (profile.questionnaire?.state !== "valid")
      throw new Error(`The scoring reads the questionnaire of ${year}: it must be valid first.`);
    const { dimensions, total } = scoreAll({
      marketProfile: marketProfile.data,
      serviceCapabilities: serviceCapabilities.data,
      macroCapabilities: macroCapabilities.data,
      answers: profile.questionnaire.data,
    });
    return {
      ...perDimension((dimension) => dimensions[dimension].score),
      total,
      weights: { ...WEIGHTS },
      formulas: { ...FORMULAS },
      inputs: perDimension((dimension) => dimensions[dimension].inputs),
    };
  },
});

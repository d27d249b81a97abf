import { defineScheme } from "../../server/schemes/scheme.ts";
import { serviceCapabilitiesResult } from "../service_capabilities/result.ts";
import { macroCapabilitiesResult } from "./result.ts";
import { buildMacroCapabilities } from "./shape.ts";

export default defineScheme({
  id: "macro_capabilities",
  kind: "MC",
  title: "Macro capabilities",
  description:
    "Governance, partnerships, foundational capabilities and integration of the practice, from its questionnaire answers, its profile and its service capabilities, rolled up into coverages.",
  version: 1,
  dir: import.meta.dir,
  reads: ["service_capabilities"],
  result: macroCapabilitiesResult,
  async run({ profile, year }) {
    const stored = serviceCapabilitiesResult.safeParse(profile.previous.service_capabilities);
    if (!stored.success)
      throw new Error(`Macro capabilities read the service capabilities of ${year}: generate them first.`);
    return buildMacroCapabilities({
      questionnaire: profile.questionnaire,
      facilities: profile.facilities,
      providers: profile.providers,
      serviceCapabilities: stored.data,
    });
  },
});

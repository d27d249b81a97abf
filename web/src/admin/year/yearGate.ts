import type { Gate, GateName, YearData } from "../../api/answers.ts";
import {
  canAllowQuestionnaire,
  canGenerate,
  canRunValidation,
  GLOBAL_VALIDATION_BLOCKED,
  GLOBAL_VALIDATION_READY,
  globalValidationAllowed,
  SERVICE_AREA_NEEDED,
} from "../yearState.ts";

/**
 * A gate of the year detail: the server's (it enforces them on the run calls) when the answer carries
 * it, else the same rule computed here from the year's data.
 */
export function gateOf(year: YearData, name: GateName): Gate {
  const fromServer = year.gates?.[name];
  if (fromServer) return fromServer;
  const gate = (allowed: boolean, message: string | null = null): Gate => ({ allowed, message });
  switch (name) {
    case "facility_validation":
    case "provider_validation": {
      if (year.service_area.length === 0) return gate(false, SERVICE_AREA_NEEDED);
      const allowed = canRunValidation(year, name === "facility_validation" ? "facility" : "provider");
      return gate(allowed, allowed ? GLOBAL_VALIDATION_READY : null);
    }
    case "global_validation": {
      if (year.service_area.length === 0) return gate(false, SERVICE_AREA_NEEDED);
      if (!globalValidationAllowed(year)) return gate(false, GLOBAL_VALIDATION_BLOCKED);
      const allowed = canRunValidation(year, "global");
      return gate(allowed, allowed ? GLOBAL_VALIDATION_READY : null);
    }
    case "service_capabilities":
      return gate(canGenerate(year, "SC"));
    case "macro_capabilities":
      return gate(canGenerate(year, "MC"));
    case "market_profile":
      return gate(canGenerate(year, "MP"));
    case "scoring":
      return gate(canGenerate(year, "SCORING"));
    case "questionnaire_allow":
      return gate(canAllowQuestionnaire(year));
  }
}

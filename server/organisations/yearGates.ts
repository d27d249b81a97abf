/**
 * The year detail's gates (admin-area.md section 4, "Generation gates" and "Validation display"):
 * which run or generate action is open and the message the screen shows. The year-detail presenter
 * calls `yearGates` once; when server/schemes/gates.ts (the schemes' own gate functions, which the
 * run calls enforce) lands, this file delegates to it and the presenter does not change.
 */
import type { YearSnapshot } from "./yearProgress.ts";

export const SERVICE_AREA_NEEDED = "You need to add service area first";
export const GLOBAL_VALIDATION_BLOCKED =
  "You need to check facilities, providers and generate service capabilities before run global validation";
export const VALIDATION_READY = "You can run the validation";

export interface Gate {
  allowed: boolean;
  /** Why not, or what the screen says when allowed; null when there is nothing to say. */
  message: string | null;
}

export interface YearGates {
  facility_validation: Gate;
  provider_validation: Gate;
  global_validation: Gate;
  service_capabilities: Gate;
  macro_capabilities: Gate;
  market_profile: Gate;
  scoring: Gate;
  /** The questionnaire's 'Allow user': none yet and the six core items complete. */
  questionnaire_allow: Gate;
}

export interface GateInput {
  snapshot: YearSnapshot;
  /** Zips in the year's service area. */
  serviceAreaCount: number;
}

const open = (message: string | null = null): Gate => ({ allowed: true, message });
const closed = (message: string): Gate => ({ allowed: false, message });

export function yearGates({ snapshot, serviceAreaCount }: GateInput): YearGates {
  const { validations, schemes } = snapshot;
  const exists = (kind: keyof YearSnapshot["schemes"]) =>
    schemes[kind] !== undefined && schemes[kind]?.status !== "failed";
  const done = (kind: keyof YearSnapshot["schemes"]) => schemes[kind]?.status === "done";
  const running = (type: keyof YearSnapshot["validations"]) => {
    const row = validations[type];
    return row !== undefined && !row.done && !row.valid;
  };

  // The run button shows when a service area exists and the validation is not valid (nor running).
  const validationGate = (type: "facility" | "provider"): Gate => {
    if (serviceAreaCount === 0) return closed(SERVICE_AREA_NEEDED);
    if (validations[type]?.valid) return closed(`The ${type} validation is valid.`);
    if (running(type)) return closed(`The ${type} validation is running.`);
    return open(VALIDATION_READY);
  };

  const globalGate = (): Gate => {
    if (serviceAreaCount === 0) return closed(SERVICE_AREA_NEEDED);
    if (!validations.facility || !validations.provider || !exists("SC")) {
      return closed(GLOBAL_VALIDATION_BLOCKED);
    }
    if (validations.global?.valid) return closed("The global validation is valid.");
    if (running("global")) return closed("The global validation is running.");
    return open(VALIDATION_READY);
  };

  const validated = validations.facility?.valid === true && validations.provider?.valid === true;
  const generatorGate = (kind: "SC" | "MC" | "MP", needs: "SC" | "MC" | null, label: string): Gate => {
    if (!validated) return closed("Facility and provider validations must be valid first.");
    if (needs && !done(needs)) {
      return closed(
        `${needs === "SC" ? "Service capabilities" : "Macro capabilities"} must be generated first.`,
      );
    }
    if (exists(kind)) return closed(`${label}: ${done(kind) ? "already generated" : "generation running"}.`);
    return open();
  };

  const coreComplete =
    validations.facility?.valid === true &&
    validations.provider?.valid === true &&
    validations.global?.valid === true &&
    done("SC") &&
    done("MC") &&
    done("MP");

  return {
    facility_validation: validationGate("facility"),
    provider_validation: validationGate("provider"),
    global_validation: globalGate(),
    service_capabilities: generatorGate("SC", null, "Service capabilities"),
    macro_capabilities: generatorGate("MC", "SC", "Macro capabilities"),
    market_profile: generatorGate("MP", "MC", "Market profile"),
    scoring:
      snapshot.questionnaire !== "valid"
        ? closed("The questionnaire must be valid first.")
        : exists("SCORING")
          ? closed("The scoring is generated.")
          : open(),
    questionnaire_allow: snapshot.questionnaire
      ? closed("The questionnaire is already open.")
      : coreComplete
        ? open()
        : closed("The year's six core items must be complete first."),
  };
}

/**
 * The year detail's gates, flat by action, as the year-detail answer carries them: the schemes' own
 * rules and messages (server/schemes/gates.ts, which the run and generate calls enforce), plus the
 * questionnaire's 'Allow user' (no questionnaire yet and the six core items complete).
 */
import { type YearSnapshot as GateSnapshot, yearGates as schemeGates } from "../schemes/gates.ts";
import type { YearSnapshot } from "./yearProgress.ts";

export interface Gate {
  allowed: boolean;
  /** Why not, or what the screen says when allowed. */
  message: string;
}

export interface GateInput {
  snapshot: YearSnapshot;
  /** Zips in the year's service area. */
  serviceAreaCount: number;
}

const QUESTIONNAIRE_OPEN = "The questionnaire is already open";
const CORE_ITEMS_FIRST = "The year's six core items must be complete first";

/** The progress snapshot in the shape the schemes' gates read. */
const gateSnapshot = ({ snapshot, serviceAreaCount }: GateInput): GateSnapshot => ({
  hasServiceArea: serviceAreaCount > 0,
  validations: snapshot.validations,
  SC: snapshot.schemes.SC,
  MC: snapshot.schemes.MC,
  MP: snapshot.schemes.MP,
  SCORING: snapshot.schemes.SCORING,
  questionnaireState: snapshot.questionnaire,
});

function questionnaireAllow({ snapshot }: GateInput): Gate {
  if (snapshot.questionnaire) return { allowed: false, message: QUESTIONNAIRE_OPEN };
  const { facility, provider, global } = snapshot.validations;
  const done = (kind: "SC" | "MC" | "MP") => snapshot.schemes[kind]?.status === "done";
  const complete =
    Boolean(facility?.valid && provider?.valid && global?.valid) && done("SC") && done("MC") && done("MP");
  return complete
    ? { allowed: true, message: "You can allow the customer's questionnaire" }
    : { allowed: false, message: CORE_ITEMS_FIRST };
}

export function yearGates(input: GateInput) {
  const gates = schemeGates(gateSnapshot(input));
  return {
    facility_validation: gates.validation.facility,
    provider_validation: gates.validation.provider,
    global_validation: gates.validation.global,
    facility_validate_anyway: gates.validateAnyway.facility,
    provider_validate_anyway: gates.validateAnyway.provider,
    global_validate_anyway: gates.validateAnyway.global,
    service_capabilities: gates.service_capabilities,
    macro_capabilities: gates.macro_capabilities,
    market_profile: gates.market_profile,
    scoring: gates.scoring,
    questionnaire_allow: questionnaireAllow(input),
  };
}

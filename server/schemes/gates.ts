/**
 * Which scheme runs a year allows, and the message the year detail shows for each
 * (admin-area.md section 4, "Generation gates"; section 8 for the exact messages). Pure: it reads a
 * snapshot of the year (gateSnapshot.ts loads one), so the routes and the year-detail presenter
 * share one set of rules.
 */
import type { ValidationType } from "./catalogue.ts";

export const GATE_MESSAGES = {
  serviceAreaFirst: "You need to add service area first",
  globalNeedsChecks:
    "You need to check facilities, providers and generate service capabilities before run global validation",
  canRunValidation: "You can run the validation",
  validationOutdated: "The practice profile changed since this validation ran: run it again",
  validationAlreadyValid: (type: ValidationType) => `The ${type} validation is already valid`,
  validateAnywayNeedsDone: (type: ValidationType) =>
    `The ${type} validation must have run (and found problems) before it can be validated anyway`,
  validateFacilitiesProviders: "You need to validate facilities and providers first",
  generateServiceCapabilities: "You need to generate service capabilities first",
  generateMacroCapabilities: "You need to generate macro capabilities first",
  alreadyGenerated: (title: string) => `${title} are already generated`,
  beingGenerated: (title: string) => `${title} are being generated`,
  canGenerate: (title: string) => `You can generate the ${title.toLowerCase()}`,
  questionnaireNotValid: "The questionnaire needs to be valid before scoring",
  scoringExists: "The scoring is already generated",
  scoringRunning: "The scoring is being generated",
  canScore: "You can generate the scoring",
  dataSeemsCorrect: "The data seems correct",
} as const;

/** A validation as stored (absent = never run). */
export interface ValidationState {
  done: boolean;
  valid: boolean;
  /** The practice profile changed after this validation ran (a valid one may run again). */
  outdated?: boolean;
}

/** A generator's row as stored (absent = never run; failed = may be generated again). */
export interface GenerationRecord {
  status: "running" | "done" | "failed";
}

export interface YearSnapshot {
  hasServiceArea: boolean;
  validations: Partial<Record<ValidationType, ValidationState>>;
  SC?: GenerationRecord;
  MC?: GenerationRecord;
  MP?: GenerationRecord;
  SCORING?: GenerationRecord;
  questionnaireState: string | null;
}

export interface Gate {
  allowed: boolean;
  message: string;
}

export interface YearGates {
  validation: Record<ValidationType, Gate>;
  /** PATCH 'Validate anyway'. */
  validateAnyway: Record<ValidationType, Gate>;
  service_capabilities: Gate;
  macro_capabilities: Gate;
  market_profile: Gate;
  scoring: Gate;
}

const allow = (message: string): Gate => ({ allowed: true, message });
const refuse = (message: string): Gate => ({ allowed: false, message });

const generated = (record: GenerationRecord | undefined) => record?.status === "done";
const running = (record: GenerationRecord | undefined) => record?.status === "running";

function validationGate(snapshot: YearSnapshot, type: ValidationType): Gate {
  if (!snapshot.hasServiceArea) return refuse(GATE_MESSAGES.serviceAreaFirst);
  if (type === "global") {
    const { facility, provider } = snapshot.validations;
    if (!facility?.done || !provider?.done || !generated(snapshot.SC))
      return refuse(GATE_MESSAGES.globalNeedsChecks);
  }
  const state = snapshot.validations[type];
  if (state?.outdated) return allow(GATE_MESSAGES.validationOutdated);
  if (state?.valid) return refuse(GATE_MESSAGES.validationAlreadyValid(type));
  return allow(GATE_MESSAGES.canRunValidation);
}

function validateAnywayGate(snapshot: YearSnapshot, type: ValidationType): Gate {
  const state = snapshot.validations[type];
  if (state?.valid) return refuse(GATE_MESSAGES.validationAlreadyValid(type));
  if (!state?.done) return refuse(GATE_MESSAGES.validateAnywayNeedsDone(type));
  return allow("Validate anyway");
}

/** SC, MC and MP: facility and provider valid, the previous generator done, this one not yet. */
function generationGate(
  snapshot: YearSnapshot,
  title: string,
  own: GenerationRecord | undefined,
  prerequisites: Array<{ record: GenerationRecord | undefined; message: string }>,
): Gate {
  const { facility, provider } = snapshot.validations;
  if (!facility?.valid || !provider?.valid) return refuse(GATE_MESSAGES.validateFacilitiesProviders);
  for (const prerequisite of prerequisites) {
    if (!generated(prerequisite.record)) return refuse(prerequisite.message);
  }
  if (running(own)) return refuse(GATE_MESSAGES.beingGenerated(title));
  if (generated(own)) return refuse(GATE_MESSAGES.alreadyGenerated(title));
  return allow(GATE_MESSAGES.canGenerate(title));
}

function scoringGate(snapshot: YearSnapshot): Gate {
  if (snapshot.questionnaireState !== "valid") return refuse(GATE_MESSAGES.questionnaireNotValid);
  if (running(snapshot.SCORING)) return refuse(GATE_MESSAGES.scoringRunning);
  if (generated(snapshot.SCORING)) return refuse(GATE_MESSAGES.scoringExists);
  return allow(GATE_MESSAGES.canScore);
}

export function yearGates(snapshot: YearSnapshot): YearGates {
  const sc = { record: snapshot.SC, message: GATE_MESSAGES.generateServiceCapabilities };
  const mc = { record: snapshot.MC, message: GATE_MESSAGES.generateMacroCapabilities };
  return {
    validation: {
      facility: validationGate(snapshot, "facility"),
      provider: validationGate(snapshot, "provider"),
      global: validationGate(snapshot, "global"),
    },
    validateAnyway: {
      facility: validateAnywayGate(snapshot, "facility"),
      provider: validateAnywayGate(snapshot, "provider"),
      global: validateAnywayGate(snapshot, "global"),
    },
    service_capabilities: generationGate(snapshot, "Service capabilities", snapshot.SC, []),
    macro_capabilities: generationGate(snapshot, "Macro capabilities", snapshot.MC, [sc]),
    market_profile: generationGate(snapshot, "Market profile", snapshot.MP, [sc, mc]),
    scoring: scoringGate(snapshot),
  };
}

/** A validation note as the year detail shows it: the note, or 'The data seems correct' when empty. */
export function noteText(note: string | null | undefined): string {
  return note?.trim() ? note : GATE_MESSAGES.dataSeemsCorrect;
}

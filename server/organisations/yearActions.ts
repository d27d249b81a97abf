/**
 * What may be done to an organisation year, and why not: the one rule (admin-area.md section 4,
 * "Generation gates"; section 8 for the messages). The year detail carries these as `gates`, the
 * screen offers exactly the actions allowed here, and every call refuses the others with the same
 * message (400): the run, validate-anyway, generate, scoring, questionnaire-allow, enable and
 * prelaunch calls all read `yearActions(await loadYearState(...))`. Site admins only: the routes'
 * guards refuse every other role before a rule is read.
 *
 * A result counts only while current: one whose input versions changed (yearInputs.ts) is shown
 * out of date and may run again, and what depends on it waits for it.
 */
import { type MissingData, missingWords } from "./yearData.ts";
import {
  type GeneratedKind,
  PROGRESS_ITEMS,
  type ValidationType,
  type YearSnapshot,
  yearProgress,
} from "./yearProgress.ts";

export interface Gate {
  allowed: boolean;
  /** Why not, or what the screen says when allowed. */
  message: string;
}

/** What the rules read: the year's results as they stand, and what the year has. */
export interface YearState {
  year: number;
  snapshot: YearSnapshot;
  hasServiceArea: boolean;
  /** The year's practice or market data that is missing (none: both there). */
  missingData: MissingData[];
  /** Open to the customer now: there is nothing to prelaunch. */
  enabled: boolean;
}

export const ACTION_MESSAGES = {
  serviceAreaFirst: "You need to add service area first",
  nothingTo: (verb: "validate" | "generate from", missing: MissingData[], year: number) =>
    `There is nothing to ${verb}: the organisation has ${missingWords(missing, year)}. Upload it first.`,
  cannotBe: (verb: "enabled" | "prelaunched", missing: MissingData[], year: number) =>
    `${year} cannot be ${verb}: it has ${missingWords(missing, year)}.`,
  globalNeedsChecks:
    "You need to check facilities, providers and generate service capabilities before run global validation",
  canRunValidation: "You can run the validation",
  validationOutdated: (changes: string) => `Out of date: ${changes} this validation ran: run it again`,
  validationAlreadyValid: (type: ValidationType) => `The ${type} validation is already valid`,
  validationRunning: (type: ValidationType) => `The ${type} validation is running`,
  validateAnywayNeedsDone: (type: ValidationType) =>
    `The ${type} validation must have run (and found problems) before it can be validated anyway`,
  validateAnywayOutdated: (type: ValidationType) =>
    `The ${type} validation is out of date: run it again before validating it anyway`,
  validateFacilitiesProviders: "You need to validate facilities and providers first",
  generateServiceCapabilities: "You need to generate service capabilities first",
  generateMacroCapabilities: "You need to generate macro capabilities first",
  alreadyGenerated: (title: string) => `${title} are already generated`,
  beingGenerated: (title: string) => `${title} are being generated`,
  canGenerate: (title: string) => `You can generate the ${title.toLowerCase()}`,
  generateAgain: (title: string, changes: string) =>
    `Out of date: ${changes} the ${title.toLowerCase()} were generated: generate them again`,
  questionnaireNotValid: "The questionnaire needs to be valid before scoring",
  scoringExists: "The scoring is already generated",
  scoringRunning: "The scoring is being generated",
  canScore: "You can generate the scoring",
  scoreAgain: (changes: string) => `Out of date: ${changes} the scoring was generated: generate it again`,
  questionnaireOpen: "The questionnaire is already open",
  coreItemsFirst: (missing: string[]) =>
    `The questionnaire can be allowed once the year's six core items are complete; missing: ${missing.join(", ")}.`,
  canAllowQuestionnaire: "You can allow the customer's questionnaire",
  notComplete: (year: number, percent: number, missing: string[]) =>
    `${year} is at ${percent}% progress; it can be initialised at 100% (missing: ${missing.join(", ")}).`,
  canEnable: "You can enable the year for the customer",
  canPrelaunch: "You can prelaunch the year",
  alreadyEnabled: (year: number) => `${year} is already enabled: there is nothing to prelaunch.`,
} as const;

const allow = (message: string): Gate => ({ allowed: true, message });
const refuse = (message: string): Gate => ({ allowed: false, message });

type SchemeEntry = YearSnapshot["schemes"][GeneratedKind];
const running = (entry: SchemeEntry) => entry?.status === "running";
/** Generated and still current: what the next step may build on. */
const current = (entry: SchemeEntry) => entry?.status === "done" && !entry.outdated;
const validated = (state: YearState, type: ValidationType) => {
  const entry = state.snapshot.validations[type];
  return Boolean(entry?.valid && !entry.outdated);
};
/** Checked, valid or not, and current: what global validation needs of facility and provider. */
const checked = (state: YearState, type: ValidationType) => {
  const entry = state.snapshot.validations[type];
  return Boolean(entry?.done && !entry.outdated);
};

function dataGate(state: YearState, verb: "validate" | "generate from"): Gate | undefined {
  if (state.missingData.length > 0)
    return refuse(ACTION_MESSAGES.nothingTo(verb, state.missingData, state.year));
  if (!state.hasServiceArea) return refuse(ACTION_MESSAGES.serviceAreaFirst);
  return undefined;
}

function validationGate(state: YearState, type: ValidationType): Gate {
  const missing = dataGate(state, "validate");
  if (missing) return missing;
  const entry = state.snapshot.validations[type];
  if (entry && !entry.done) return refuse(ACTION_MESSAGES.validationRunning(type));
  if (
    type === "global" &&
    !(checked(state, "facility") && checked(state, "provider") && current(state.snapshot.schemes.SC))
  )
    return refuse(ACTION_MESSAGES.globalNeedsChecks);
  if (entry?.outdated) return allow(ACTION_MESSAGES.validationOutdated(entry.outdated));
  if (entry?.valid) return refuse(ACTION_MESSAGES.validationAlreadyValid(type));
  return allow(ACTION_MESSAGES.canRunValidation);
}

function validateAnywayGate(state: YearState, type: ValidationType): Gate {
  const entry = state.snapshot.validations[type];
  if (entry?.outdated) return refuse(ACTION_MESSAGES.validateAnywayOutdated(type));
  if (entry?.valid) return refuse(ACTION_MESSAGES.validationAlreadyValid(type));
  if (!entry?.done) return refuse(ACTION_MESSAGES.validateAnywayNeedsDone(type));
  return allow("Validate anyway");
}

/** SC, MC and MP: facility and provider valid, the previous generator current, this one not. */
function generationGate(
  state: YearState,
  kind: "SC" | "MC" | "MP",
  title: string,
  prerequisites: Array<{ kind: GeneratedKind; message: string }>,
): Gate {
  const missing = dataGate(state, "generate from");
  if (missing) return missing;
  if (!validated(state, "facility") || !validated(state, "provider"))
    return refuse(ACTION_MESSAGES.validateFacilitiesProviders);
  for (const prerequisite of prerequisites) {
    if (!current(state.snapshot.schemes[prerequisite.kind])) return refuse(prerequisite.message);
  }
  const own = state.snapshot.schemes[kind];
  if (running(own)) return refuse(ACTION_MESSAGES.beingGenerated(title));
  if (own?.status === "done" && own.outdated)
    return allow(ACTION_MESSAGES.generateAgain(title, own.outdated));
  if (own?.status === "done") return refuse(ACTION_MESSAGES.alreadyGenerated(title));
  return allow(ACTION_MESSAGES.canGenerate(title));
}

function scoringGate(state: YearState): Gate {
  if (state.snapshot.questionnaire !== "valid") return refuse(ACTION_MESSAGES.questionnaireNotValid);
  const own = state.snapshot.schemes.SCORING;
  if (running(own)) return refuse(ACTION_MESSAGES.scoringRunning);
  if (own?.status === "done" && own.outdated) return allow(ACTION_MESSAGES.scoreAgain(own.outdated));
  if (own?.status === "done") return refuse(ACTION_MESSAGES.scoringExists);
  return allow(ACTION_MESSAGES.canScore);
}

/**
 * The six core items (three validations valid, SC, MC and MP generated) not done and current, by
 * label: staff may open the questionnaire, and the customer's Home counts the data reviewed, once none.
 */
export function missingCoreItems(snapshot: YearSnapshot): string[] {
  const { items } = yearProgress(snapshot);
  return PROGRESS_ITEMS.filter((item) => item.key !== "questionnaire" && item.key !== "scoring")
    .filter((item) => items[item.key] < 1)
    .map((item) => item.label);
}

function questionnaireAllowGate(state: YearState): Gate {
  if (state.snapshot.questionnaire) return refuse(ACTION_MESSAGES.questionnaireOpen);
  const missing = missingCoreItems(state.snapshot);
  return missing.length === 0
    ? allow(ACTION_MESSAGES.canAllowQuestionnaire)
    : refuse(ACTION_MESSAGES.coreItemsFirst(missing));
}

/** Enable (initialise) and prelaunch: every item current (100%) and the year's data there. */
function openGate(state: YearState, verb: "enabled" | "prelaunched"): Gate {
  const progress = yearProgress(state.snapshot);
  if (!progress.complete)
    return refuse(ACTION_MESSAGES.notComplete(state.year, progress.percent, progress.missing));
  if (state.missingData.length > 0)
    return refuse(ACTION_MESSAGES.cannotBe(verb, state.missingData, state.year));
  if (verb === "prelaunched" && state.enabled) return refuse(ACTION_MESSAGES.alreadyEnabled(state.year));
  return allow(verb === "enabled" ? ACTION_MESSAGES.canEnable : ACTION_MESSAGES.canPrelaunch);
}

export function yearActions(state: YearState) {
  const sc = { kind: "SC" as const, message: ACTION_MESSAGES.generateServiceCapabilities };
  const mc = { kind: "MC" as const, message: ACTION_MESSAGES.generateMacroCapabilities };
  return {
    facility_validation: validationGate(state, "facility"),
    provider_validation: validationGate(state, "provider"),
    global_validation: validationGate(state, "global"),
    facility_validate_anyway: validateAnywayGate(state, "facility"),
    provider_validate_anyway: validateAnywayGate(state, "provider"),
    global_validate_anyway: validateAnywayGate(state, "global"),
    service_capabilities: generationGate(state, "SC", "Service capabilities", []),
    macro_capabilities: generationGate(state, "MC", "Macro capabilities", [sc]),
    market_profile: generationGate(state, "MP", "Market profile", [sc, mc]),
    scoring: scoringGate(state),
    questionnaire_allow: questionnaireAllowGate(state),
    enable: openGate(state, "enabled"),
    prelaunch: openGate(state, "prelaunched"),
  };
}

export type YearActions = ReturnType<typeof yearActions>;
export type YearAction = keyof YearActions;

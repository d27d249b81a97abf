/**
 * An abstract organisation year for the model-based tests of its lifecycle (issue 24): what each
 * action does to a year, written independently of the server (counters of input changes instead of
 * the server's version columns), and the server's own rule (yearActions) deciding what is allowed.
 * A walk applies random actions; after each, the invariants of docs/year-lifecycle.md are checked.
 */
import { type YearAction, type YearActions, yearActions } from "../../server/organisations/yearActions.ts";
import {
  changedInputs,
  changeWords,
  type InputKey,
  inputKeysOf,
} from "../../server/organisations/yearInputs.ts";
import type { GeneratedKind, ValidationType, YearSnapshot } from "../../server/organisations/yearProgress.ts";

type Counters = Record<InputKey, number>;
interface Result {
  done: boolean;
  valid: boolean;
  /** The counters when it ran. */
  read: Counters;
}

export interface ModelYear {
  counters: Counters;
  hasPractice: boolean;
  hasMarket: boolean;
  zips: number;
  validations: Partial<Record<ValidationType, Result>>;
  schemes: Partial<Record<GeneratedKind, Result>>;
  questionnaire: YearSnapshot["questionnaire"];
  enabled: boolean;
}

/** Changes of the year's inputs and of its customer's side: no rule gates them (their own forms do). */
export const CHANGES = [
  "upload",
  "delete_file",
  "market_upload",
  "rename_facility",
  "add_zip",
  "remove_zip",
  "submit_questionnaire",
  "validate_questionnaire",
  "edit_questionnaire",
] as const;
export type Change = (typeof CHANGES)[number];
export type ModelAction = YearAction | Change;

export const newYear = (): ModelYear => ({
  counters: { data: 1, market: 1, profile: 0, area: 1, questionnaire: 0 },
  hasPractice: true,
  hasMarket: true,
  zips: 1,
  validations: {},
  schemes: {},
  questionnaire: null,
  enabled: false,
});

/** The model's own view of out of date: a result's counters differ from the year's now. */
export function snapshotOf(year: ModelYear): YearSnapshot {
  const outdated = (result: Result, keys: InputKey[]) => {
    const changed = changedInputs(result.read, year.counters, keys);
    return changed.length > 0 ? changeWords(changed) : undefined;
  };
  const snapshot: YearSnapshot = { validations: {}, schemes: {}, questionnaire: year.questionnaire };
  for (const [type, result] of Object.entries(year.validations) as [ValidationType, Result][]) {
    snapshot.validations[type] = {
      done: true,
      valid: result.valid,
      outdated: outdated(result, inputKeysOf("validation")),
    };
  }
  for (const [kind, result] of Object.entries(year.schemes) as [GeneratedKind, Result][]) {
    snapshot.schemes[kind] = { status: "done", outdated: outdated(result, inputKeysOf(kind)) };
  }
  return snapshot;
}

export function rulesOf(year: ModelYear): YearActions {
  const missingData = [
    ...(year.hasPractice ? [] : ["practice data" as const]),
    ...(year.hasMarket ? [] : ["market data" as const]),
  ];
  return yearActions({
    year: 2024,
    snapshot: snapshotOf(year),
    hasServiceArea: year.zips > 0,
    missingData,
    enabled: year.enabled,
  });
}

/** Whether a change may be made at all (a questionnaire is submitted only while waiting, ...). */
export function changePossible(year: ModelYear, change: Change): boolean {
  switch (change) {
    case "delete_file":
      return year.hasPractice;
    case "remove_zip":
      return year.zips > 0;
    case "submit_questionnaire":
      return year.questionnaire === "waiting";
    case "validate_questionnaire":
      return year.questionnaire === "under_analysis";
    case "edit_questionnaire":
      return year.questionnaire === "under_analysis" || year.questionnaire === "valid";
    default:
      return true;
  }
}

/**
 * Applies an action the rule allows (or a possible change). A validation's verdict is drawn by
 * `verdict` (the data decides it on the server). Answers the year after.
 */
export function apply(year: ModelYear, action: ModelAction, verdict: () => boolean): ModelYear {
  const next: ModelYear = structuredClone(year);
  const read = { ...year.counters };
  const replaced = () => {
    // New data goes back to review: no longer enabled (server/ingest/record.ts sendBackToReview).
    next.enabled = false;
  };
  switch (action) {
    case "facility_validation":
    case "provider_validation":
    case "global_validation": {
      const type = action.replace("_validation", "") as ValidationType;
      next.validations[type] = { done: true, valid: verdict(), read };
      return next;
    }
    case "facility_validate_anyway":
    case "provider_validate_anyway":
    case "global_validate_anyway": {
      const type = action.replace("_validate_anyway", "") as ValidationType;
      next.validations[type] = { ...year.validations[type]!, valid: true };
      return next;
    }
    case "service_capabilities":
      next.schemes.SC = { done: true, valid: true, read };
      return next;
    case "macro_capabilities":
      next.schemes.MC = { done: true, valid: true, read };
      return next;
    case "market_profile":
      next.schemes.MP = { done: true, valid: true, read };
      return next;
    case "scoring":
      next.schemes.SCORING = { done: true, valid: true, read };
      return next;
    case "questionnaire_allow":
      next.questionnaire = "waiting";
      return next;
    case "enable":
      next.enabled = true;
      return next;
    case "prelaunch":
      return next;
    case "upload":
      next.hasPractice = true;
      next.counters.data++;
      replaced();
      return next;
    case "delete_file":
      next.hasPractice = false;
      next.counters.data++;
      replaced();
      return next;
    case "market_upload":
      next.hasMarket = true;
      next.counters.market++;
      return next;
    case "rename_facility":
      next.counters.profile++;
      return next;
    case "add_zip":
      next.zips++;
      next.counters.area++;
      return next;
    case "remove_zip":
      next.zips--;
      next.counters.area++;
      return next;
    case "submit_questionnaire":
      next.questionnaire = "under_analysis";
      next.counters.questionnaire++;
      return next;
    case "validate_questionnaire":
      next.questionnaire = "valid";
      return next;
    case "edit_questionnaire":
      // Staff correct an answer: the state stays, the answers are a new version.
      next.counters.questionnaire++;
      return next;
  }
}

/** What staff (with the customer's questionnaire answers) do to bring a year to enabled, in order. */
export const COMPLETION: ModelAction[] = [
  // A current run that found problems is accepted rather than run again (the data would not change).
  "facility_validate_anyway",
  "provider_validate_anyway",
  "facility_validation",
  "provider_validation",
  "service_capabilities",
  "global_validate_anyway",
  "global_validation",
  "macro_capabilities",
  "market_profile",
  "questionnaire_allow",
  "submit_questionnaire",
  "validate_questionnaire",
  "scoring",
  "enable",
];

/**
 * Drives a year to enabled by the rule's allowed actions alone (plus the customer submitting the
 * questionnaire, and staff uploading what is missing). Answers the year reached, or throws naming
 * the state where nothing allowed moves it on: a dead end.
 */
export function complete(start: ModelYear, verdict: () => boolean, maxSteps = 60): ModelYear {
  let year = start;
  for (let step = 0; step < maxSteps; step++) {
    if (year.enabled && rulesOf(year).enable.allowed) return year;
    if (!year.hasPractice) {
      year = apply(year, "upload", verdict);
      continue;
    }
    if (!year.hasMarket) {
      year = apply(year, "market_upload", verdict);
      continue;
    }
    if (year.zips === 0) {
      year = apply(year, "add_zip", verdict);
      continue;
    }
    const rules = rulesOf(year);
    const action = COMPLETION.find((candidate) =>
      candidate in rules ? rules[candidate as YearAction].allowed : changePossible(year, candidate as Change),
    );
    if (!action) throw new Error(`dead end: nothing allowed moves the year on: ${JSON.stringify(rules)}`);
    year = apply(year, action, verdict);
  }
  throw new Error(`not enabled after ${maxSteps} steps: ${JSON.stringify(rulesOf(year))}`);
}

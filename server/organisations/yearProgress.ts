/**
 * The progress of one organisation year (admin-area.md section 4, "Progress"): 8 units in all.
 * Facility, provider and global validation, service capabilities, macro capabilities, market
 * profile and scoring count 1 each once done; the questionnaire counts 0.5 once it exists and 0.5
 * more once valid. percent = units x 100 / 8. At 100% the year may be initialised or prelaunched.
 *
 * Pure: the caller loads the year's rows (yearState.ts) and passes what they say.
 */

import { questionnaireProgress } from "../../schemes/questionnaire/progress.ts";
import type { QuestionnaireState } from "../../schemes/questionnaire/states.ts";

export const PROGRESS_UNITS = 8;

export type ValidationType = "facility" | "provider" | "global";
export type GeneratedKind = "SC" | "MC" | "MP" | "SCORING";

/**
 * A result's `outdated`: absent while its input versions are the year's current ones, else what
 * changed since it ran ("the practice data changed since"), derived by yearState.ts from the
 * versions (yearInputs.ts), never stored.
 */
type Outdated = string | undefined;

/** A validation as stored (absent = never run): done without valid is 'Validate anyway'. */
export interface ValidationState {
  done: boolean;
  valid: boolean;
  outdated?: Outdated;
}

/** What the year's stored rows say, reduced to what progress and gates read. */
export interface YearSnapshot {
  /** Absent = never run. A validation counts once `valid` and current. */
  validations: Partial<Record<ValidationType, ValidationState>>;
  /** Absent = never generated. A scheme counts once its status is 'done' and current. */
  schemes: Partial<Record<GeneratedKind, { status: "running" | "done" | "failed"; outdated?: Outdated }>>;
  questionnaire: QuestionnaireState | null;
}

/** The units in the order the screens list them, with the label used in refusal messages. */
export const PROGRESS_ITEMS = [
  { key: "facility_validation", label: "Facility validation" },
  { key: "provider_validation", label: "Provider validation" },
  { key: "global_validation", label: "Global validation" },
  { key: "service_capabilities", label: "Service capabilities" },
  { key: "macro_capabilities", label: "Macro capabilities" },
  { key: "market_profile", label: "Market profile" },
  { key: "questionnaire", label: "Questionnaire" },
  { key: "scoring", label: "Scoring" },
] as const;
export type ProgressItem = (typeof PROGRESS_ITEMS)[number]["key"];

export interface YearProgress {
  /** 0 to 8 in steps of 0.5. */
  units: number;
  total: typeof PROGRESS_UNITS;
  /** units x 100 / 8: 0, 6.25, 12.5, ... 100 (exact in binary floating point). */
  percent: number;
  complete: boolean;
  /** Each item's share (0, 0.5 or 1). */
  items: Record<ProgressItem, number>;
  /** Labels of the items not fully done, in screen order. */
  missing: string[];
}

const one = (done: boolean) => (done ? 1 : 0);

export function yearProgress(snapshot: YearSnapshot): YearProgress {
  const validated = (type: ValidationType) =>
    one(snapshot.validations[type]?.valid === true && !snapshot.validations[type]?.outdated);
  const generated = (kind: GeneratedKind) =>
    one(snapshot.schemes[kind]?.status === "done" && !snapshot.schemes[kind]?.outdated);
  const items: Record<ProgressItem, number> = {
    facility_validation: validated("facility"),
    provider_validation: validated("provider"),
    global_validation: validated("global"),
    service_capabilities: generated("SC"),
    macro_capabilities: generated("MC"),
    market_profile: generated("MP"),
    questionnaire: questionnaireProgress(snapshot.questionnaire),
    scoring: generated("SCORING"),
  };
  const units = Object.values(items).reduce((sum, value) => sum + value, 0);
  return {
    units,
    total: PROGRESS_UNITS,
    percent: (units * 100) / PROGRESS_UNITS,
    complete: units === PROGRESS_UNITS,
    items,
    missing: PROGRESS_ITEMS.filter((item) => items[item.key] < 1).map((item) => item.label),
  };
}

/** A year with nothing stored yet. */
export const emptySnapshot = (): YearSnapshot => ({ validations: {}, schemes: {}, questionnaire: null });

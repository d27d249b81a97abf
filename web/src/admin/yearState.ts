import type { SchemeView, ServiceAreaItem, ValidationResult, YearData, YearFile } from "../api/answers.ts";

/**
 * The year detail's states, labels, gates and progress (admin-area.md section 4), as pure functions
 * of the year's data so the screens only render what these decide.
 */

export type ItemState = "done" | "running" | "todo";

/** A validation: Done (true), Validation (false: in progress) or Todo (absent). */
export function validationState(result: ValidationResult | null | undefined): ItemState {
  if (!result) return "todo";
  if (result.done || result.valid) return "done";
  return "running";
}

/** A generator (the answer's schemeView): done, false while running, null todo. */
export function schemeState(flag: SchemeView): ItemState {
  if (flag === false) return "running";
  if (flag?.status === "done") return "done";
  // null, or a failed run: nothing usable, so it can be generated again.
  return "todo";
}

export const schemeDone = (flag: SchemeView) => schemeState(flag) === "done";
export const schemeExists = (flag: SchemeView) => schemeState(flag) !== "todo";

export type QuestionnaireDisplay = "done" | "waiting" | "validation" | "todo";

/** Questionnaire: Done (valid), Waiting (waiting), Validation (under_analysis), otherwise Todo. */
export function questionnaireDisplay(questionnaire: YearData["questionnaire"]): QuestionnaireDisplay {
  switch (questionnaire?.state) {
    case "valid":
      return "done";
    case "waiting":
      return "waiting";
    case "under_analysis":
      return "validation";
    default:
      return "todo";
  }
}

export interface StateLabel {
  label: string;
  color: string;
}

/** The badge of a validation row. */
export function validationLabel(state: ItemState): StateLabel {
  return {
    done: { label: "Done", color: "green" },
    running: { label: "Validation", color: "orange" },
    todo: { label: "Todo", color: "gray" },
  }[state];
}

/** The badge of a generator row (SC, MC, MP, scoring). */
export function generatorLabel(state: ItemState): StateLabel {
  return {
    done: { label: "Done", color: "green" },
    running: { label: "Generation", color: "orange" },
    todo: { label: "Todo", color: "gray" },
  }[state];
}

export function questionnaireLabel(display: QuestionnaireDisplay): StateLabel {
  return {
    done: { label: "Done", color: "green" },
    waiting: { label: "Waiting", color: "orange" },
    validation: { label: "Validation", color: "blue" },
    todo: { label: "Todo", color: "gray" },
  }[display];
}

export type ValidationOutcome =
  | { kind: "valid"; label: "Valid"; color: "green" }
  | { kind: "anyway"; label: "Validate anyway"; color: "orange" }
  | { kind: "running"; label: string; color: "blue" }
  | { kind: "none" };

/** 'Valid' green check; done without valid 'Validate anyway' orange; running shows its running_on. */
export function validationOutcome(result: ValidationResult | null | undefined): ValidationOutcome {
  if (!result) return { kind: "none" };
  if (result.valid) return { kind: "valid", label: "Valid", color: "green" };
  if (result.done) return { kind: "anyway", label: "Validate anyway", color: "orange" };
  return { kind: "running", label: result.running_on?.trim() || "Running", color: "blue" };
}

/** The run (analyse) button: a service area exists and the validation is not valid. */
export function canRunValidation(year: YearData, type: "facility" | "provider" | "global"): boolean {
  const result = year.validations[type];
  if (year.service_area.length === 0) return false;
  if (result && !result.done && !result.valid) return false; // already running
  return !result?.valid;
}

export const GLOBAL_VALIDATION_BLOCKED =
  "You need to check facilities, providers and generate service capabilities before run global validation";
export const GLOBAL_VALIDATION_READY = "You can run the validation";
export const SERVICE_AREA_NEEDED = "You need to add service area first";

/** Global validation runs only when facility and provider validations and service capabilities exist. */
export function globalValidationAllowed(year: YearData): boolean {
  return (
    Boolean(year.validations.facility) &&
    Boolean(year.validations.provider) &&
    schemeExists(year.service_capabilities)
  );
}

export type GeneratorKind = "SC" | "MC" | "MP" | "SCORING";

/**
 * Generation gates: SC once facility and provider validations are valid; MC also needs SC; MP also
 * needs MC; each only while not generated yet. Scoring once the questionnaire is valid and no scoring.
 */
export function canGenerate(year: YearData, kind: GeneratorKind): boolean {
  if (kind === "SCORING") {
    return year.questionnaire?.state === "valid" && !schemeExists(year.scoring);
  }
  const validated = Boolean(year.validations.facility?.valid && year.validations.provider?.valid);
  if (!validated) return false;
  switch (kind) {
    case "SC":
      return !schemeExists(year.service_capabilities);
    case "MC":
      return schemeDone(year.service_capabilities) && !schemeExists(year.macro_capabilities);
    case "MP":
      return schemeDone(year.macro_capabilities) && !schemeExists(year.market_profile);
  }
}

/**
 * The questionnaire's 'Allow user' button: no questionnaire yet and the six core items complete
 * (facility, provider and global validations valid; SC, MC and MP done), as the server's gate.
 */
export function canAllowQuestionnaire(year: YearData): boolean {
  if (year.questionnaire) return false;
  const { facility, provider, global } = year.validations;
  return (
    Boolean(facility?.valid && provider?.valid && global?.valid) &&
    schemeDone(year.service_capabilities) &&
    schemeDone(year.macro_capabilities) &&
    schemeDone(year.market_profile)
  );
}

/** Units of the year's progress; the total is 8. */
export const PROGRESS_UNITS = 8;

/**
 * Facility, provider and global validation count 1 each once valid ('Validate anyway' does not, as
 * on the server: server/organisations/yearProgress.ts), SC, MC, MP and scoring once done; the
 * questionnaire 0.5 if it exists plus 0.5 if valid. Percent = units x 100 / 8.
 */
export function yearProgress(year: YearData): number {
  const { facility, provider, global } = year.validations;
  const presence = [
    facility?.valid,
    provider?.valid,
    global?.valid,
    schemeDone(year.service_capabilities),
    schemeDone(year.macro_capabilities),
    schemeDone(year.market_profile),
    schemeDone(year.scoring),
  ].filter(Boolean).length;
  const questionnaire = year.questionnaire ? 0.5 + (year.questionnaire.state === "valid" ? 0.5 : 0) : 0;
  return ((presence + questionnaire) * 100) / PROGRESS_UNITS;
}

export type FileDisplay = "need_update" | "uploaded" | "waiting";

/** need_update lets staff drop a file; uploaded reads 'File is uploaded'; else 'Waiting for user'. */
export function fileDisplay(file: YearFile): FileDisplay {
  if (file.need_update || file.state === "need_update") return "need_update";
  if (file.uploaded || file.state === "uploaded") return "uploaded";
  return "waiting";
}

export const FILE_LABELS: Record<FileDisplay, string> = {
  need_update: "A new file is needed",
  uploaded: "File is uploaded",
  waiting: "Waiting for user",
};

/** A service-area row: 'to check' until checked, then available (green) or not (red). */
export function serviceAreaRowDisplay(item: ServiceAreaItem): StateLabel {
  if (!item.checked) return { label: "to check", color: "gray" };
  return item.available ? { label: "available", color: "green" } : { label: "not available", color: "red" };
}

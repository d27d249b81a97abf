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

/** A generated result an input changed since: shown as out of date, generated again. */
export const schemeOutdated = (flag: SchemeView) => Boolean(flag && flag.status === "done" && flag.outdated);

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

import { describe, expect, test } from "bun:test";
import type { SchemeView, ServiceAreaItem, ValidationResult, YearFile } from "../api/answers.ts";
import {
  fileDisplay,
  generatorLabel,
  questionnaireDisplay,
  schemeOutdated,
  schemeState,
  serviceAreaRowDisplay,
  validationLabel,
  validationOutcome,
  validationState,
} from "./yearState.ts";

// Fixtures in the answer's own shape (server/http/answers/admin.ts yearData): a field the answer
// gains or loses shows here at compile time.
const zip: ServiceAreaItem = {
  id: "0c6f4f3e-9a43-4d3e-8d0b-3f0e4d0c1a01",
  zipcode: "46201",
  type: "PSA",
  year: 2024,
  checked: false,
  available: false,
};
const validation = (state: Partial<ValidationResult>): ValidationResult => ({
  valid: false,
  done: false,
  running_on: null,
  note: null,
  updated_at: "2025-01-01T00:00:00.000Z",
  outdated: false,
  ...state,
});
const valid = validation({ valid: true, done: true });
/** A generator's done entry, as schemeView writes it. */
const done: SchemeView = {
  status: "done",
  done: true,
  plugin_version: "1",
  updated_at: "2025-01-01T00:00:00.000Z",
  outdated: false,
  result: {},
};
const file: YearFile = {
  uploaded: false,
  state: "none",
  need_update: false,
  url: "/api/management/customer/file/",
  name: null,
  rows: null,
  uploaded_at: null,
  warnings: [],
  skipped_rows: 0,
  rejected_rows_url: null,
};
describe("state labels", () => {
  test("validations read Done / Validation / Todo", () => {
    expect(validationLabel(validationState(valid)).label).toBe("Done");
    expect(validationLabel(validationState(validation({ running_on: "step 2" }))).label).toBe("Validation");
    expect(validationLabel(validationState(undefined)).label).toBe("Todo");
  });

  test("generators read Done / Generation (orange) / Todo, from the year's entry", () => {
    expect(generatorLabel(schemeState(done)).label).toBe("Done");
    expect(generatorLabel(schemeState(false))).toEqual({ label: "Generation", color: "orange" });
    expect(generatorLabel(schemeState(null)).label).toBe("Todo");
    // A failed run left nothing usable: it can be generated again.
    expect(schemeState({ status: "failed", error: "boom" })).toBe("todo");
    // An out-of-date result still reads done (shown, generate again), marked out of date.
    expect(schemeState({ ...done, outdated: true })).toBe("done");
    expect(schemeOutdated({ ...done, outdated: true })).toBe(true);
    expect(schemeOutdated(done)).toBe(false);
  });

  test("the questionnaire reads Done / Waiting / Validation / Todo", () => {
    expect(questionnaireDisplay({ state: "valid" })).toBe("done");
    expect(questionnaireDisplay({ state: "waiting" })).toBe("waiting");
    expect(questionnaireDisplay({ state: "under_analysis" })).toBe("validation");
    expect(questionnaireDisplay(null)).toBe("todo");
  });

  test("a validation result shows Valid, Validate anyway or its running_on text", () => {
    expect(validationOutcome(valid)).toEqual({ kind: "valid", label: "Valid", color: "green" });
    expect(validationOutcome(validation({ done: true }))).toMatchObject({ label: "Validate anyway" });
    expect(validationOutcome(validation({ running_on: "Checking NPIs" }))).toMatchObject({
      kind: "running",
      label: "Checking NPIs",
    });
    expect(validationOutcome(null)).toEqual({ kind: "none" });
  });
});

describe("file and service area rows", () => {
  test("file: Waiting for user, File is uploaded, or a new file needed", () => {
    expect(fileDisplay(file)).toBe("waiting");
    expect(fileDisplay({ ...file, uploaded: true, state: "uploaded" })).toBe("uploaded");
    expect(fileDisplay({ ...file, state: "need_update", need_update: true })).toBe("need_update");
  });

  test("service area: to check, then green available or red not available", () => {
    expect(serviceAreaRowDisplay(zip).label).toBe("to check");
    expect(serviceAreaRowDisplay({ ...zip, checked: true, available: true }).color).toBe("green");
    expect(serviceAreaRowDisplay({ ...zip, checked: true, available: false }).color).toBe("red");
  });
});

import { describe, expect, test } from "bun:test";
import type { SchemeView, ServiceAreaItem, ValidationResult, YearData, YearFile } from "../api/answers.ts";
import {
  canAllowQuestionnaire,
  canGenerate,
  canRunValidation,
  fileDisplay,
  generatorLabel,
  globalValidationAllowed,
  questionnaireDisplay,
  schemeState,
  serviceAreaRowDisplay,
  validationLabel,
  validationOutcome,
  validationState,
  yearProgress,
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
const empty: YearData = {
  year: 2024,
  enabled: false,
  requested: false,
  prelaunched: false,
  service_area: [],
  facilities: [],
  providers: [],
  validations: { facility: null, provider: null, global: null },
  gates: {},
  service_capabilities: null,
  macro_capabilities: null,
  market_profile: null,
  scoring: null,
  questionnaire: null,
  file,
  replaced: null,
  versions: [],
  progress: 0,
  progress_detail: { percent: 0, units: 0, total: 8, complete: false, missing: [], items: [] },
};
const withValidations = (validations: Partial<YearData["validations"]>): YearData => ({
  ...empty,
  validations: { ...empty.validations, ...validations },
});

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
    // An out-of-date result still reads done (shown, generate again).
    expect(schemeState({ ...done, outdated: true })).toBe("done");
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

describe("gates", () => {
  test("validations run only with a service area, and never once valid or while running", () => {
    expect(canRunValidation(empty, "facility")).toBe(false);
    const withArea = { ...empty, service_area: [zip] };
    expect(canRunValidation(withArea, "facility")).toBe(true);
    const withFacility = (facility: ValidationResult) => ({
      ...withArea,
      validations: { ...empty.validations, facility },
    });
    expect(canRunValidation(withFacility(valid), "facility")).toBe(false);
    expect(canRunValidation(withFacility(validation({ done: true })), "facility")).toBe(true);
    expect(canRunValidation(withFacility(validation({})), "facility")).toBe(false);
  });

  test("global validation needs facility, provider and service capabilities", () => {
    const base = withValidations({ facility: valid, provider: valid });
    expect(globalValidationAllowed(base)).toBe(false);
    expect(globalValidationAllowed({ ...base, service_capabilities: false })).toBe(true);
  });

  test("SC, then MC, then MP, each once; scoring once the questionnaire is valid", () => {
    const validated = withValidations({ facility: valid, provider: valid });
    expect(canGenerate(empty, "SC")).toBe(false);
    expect(canGenerate(validated, "SC")).toBe(true);
    expect(canGenerate(validated, "MC")).toBe(false);
    expect(canGenerate({ ...validated, service_capabilities: false }, "SC")).toBe(false);
    expect(canGenerate({ ...validated, service_capabilities: false }, "MC")).toBe(false);
    expect(canGenerate({ ...validated, service_capabilities: done }, "MC")).toBe(true);
    expect(canGenerate({ ...validated, service_capabilities: done, macro_capabilities: done }, "MP")).toBe(
      true,
    );
    expect(canGenerate({ ...validated, questionnaire: { state: "under_analysis" } }, "SCORING")).toBe(false);
    expect(canGenerate({ ...empty, questionnaire: { state: "valid" } }, "SCORING")).toBe(true);
    expect(canGenerate({ ...empty, questionnaire: { state: "valid" }, scoring: done }, "SCORING")).toBe(
      false,
    );
  });

  test("the questionnaire can be allowed once the six core items are complete and none exists", () => {
    const core: YearData = {
      ...withValidations({ facility: valid, provider: valid, global: valid }),
      service_capabilities: done,
      macro_capabilities: done,
      market_profile: done,
    };
    expect(canAllowQuestionnaire(core)).toBe(true);
    expect(canAllowQuestionnaire({ ...core, market_profile: false })).toBe(false);
    expect(
      canAllowQuestionnaire({
        ...core,
        validations: { ...core.validations, global: validation({ done: true }) },
      }),
    ).toBe(false);
    expect(canAllowQuestionnaire({ ...core, questionnaire: { state: "waiting" } })).toBe(false);
  });
});

describe("progress", () => {
  test("8 units: 7 items of 1 and the questionnaire's two halves", () => {
    expect(yearProgress(empty)).toBe(0);
    // facility + provider validations = 2 units of 8 -> 25%.
    expect(yearProgress(withValidations({ facility: valid, provider: valid }))).toBe(25);
    // 2 units + SC (running, not counted) + a waiting questionnaire 0.5 = 2.5 / 8 -> 31.25%.
    expect(
      yearProgress({
        ...withValidations({ facility: valid, provider: valid }),
        service_capabilities: false,
        questionnaire: { state: "waiting" },
      }),
    ).toBe(31.25);
    const full: YearData = {
      ...withValidations({ facility: valid, provider: valid, global: valid }),
      service_capabilities: done,
      macro_capabilities: done,
      market_profile: done,
      scoring: done,
      questionnaire: { state: "valid" },
    };
    // 7 + 0.5 + 0.5 = 8 / 8 -> 100%.
    expect(yearProgress(full)).toBe(100);
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

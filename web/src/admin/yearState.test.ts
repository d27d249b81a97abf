import { describe, expect, test } from "bun:test";
import type { YearData } from "../api/adminTypes.ts";
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

const zip = { zipcode: "46201", type: "PSA", year: 2024, checked: false, available: false };
const empty: YearData = { service_area: [], facilities: [], providers: [], validations: {} };
const valid = { valid: true, done: true, running_on: null };

describe("state labels", () => {
  test("validations read Done / Validation / Todo", () => {
    expect(validationLabel(validationState(valid)).label).toBe("Done");
    expect(validationLabel(validationState({ valid: false, done: false, running_on: "step 2" })).label).toBe(
      "Validation",
    );
    expect(validationLabel(validationState(undefined)).label).toBe("Todo");
  });

  test("generators read Done / Generation (orange) / Todo, from a flag or a stored row", () => {
    expect(generatorLabel(schemeState(true)).label).toBe("Done");
    expect(generatorLabel(schemeState(false))).toEqual({ label: "Generation", color: "orange" });
    expect(generatorLabel(schemeState(undefined)).label).toBe("Todo");
    expect(schemeState({ status: "running" })).toBe("running");
    expect(schemeState({ status: "done" })).toBe("done");
    expect(schemeState({ status: "failed" })).toBe("todo");
  });

  test("the questionnaire reads Done / Waiting / Validation / Todo", () => {
    expect(questionnaireDisplay({ state: "valid" })).toBe("done");
    expect(questionnaireDisplay({ state: "waiting" })).toBe("waiting");
    expect(questionnaireDisplay({ state: "under_analysis" })).toBe("validation");
    expect(questionnaireDisplay(null)).toBe("todo");
  });

  test("a validation result shows Valid, Validate anyway or its running_on text", () => {
    expect(validationOutcome(valid)).toEqual({ kind: "valid", label: "Valid", color: "green" });
    expect(validationOutcome({ valid: false, done: true })).toMatchObject({ label: "Validate anyway" });
    expect(validationOutcome({ valid: false, done: false, running_on: "Checking NPIs" })).toMatchObject({
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
    expect(canRunValidation({ ...withArea, validations: { facility: valid } }, "facility")).toBe(false);
    expect(
      canRunValidation({ ...withArea, validations: { facility: { valid: false, done: true } } }, "facility"),
    ).toBe(true);
    expect(
      canRunValidation({ ...withArea, validations: { facility: { valid: false, done: false } } }, "facility"),
    ).toBe(false);
  });

  test("global validation needs facility, provider and service capabilities", () => {
    const base = { ...empty, validations: { facility: valid, provider: valid } };
    expect(globalValidationAllowed(base)).toBe(false);
    expect(globalValidationAllowed({ ...base, service_capabilities: false })).toBe(true);
  });

  test("SC, then MC, then MP, each once; scoring once the questionnaire is valid", () => {
    const validated: YearData = { ...empty, validations: { facility: valid, provider: valid } };
    expect(canGenerate(empty, "SC")).toBe(false);
    expect(canGenerate(validated, "SC")).toBe(true);
    expect(canGenerate(validated, "MC")).toBe(false);
    expect(canGenerate({ ...validated, service_capabilities: false }, "SC")).toBe(false);
    expect(canGenerate({ ...validated, service_capabilities: false }, "MC")).toBe(false);
    expect(canGenerate({ ...validated, service_capabilities: true }, "MC")).toBe(true);
    expect(canGenerate({ ...validated, service_capabilities: true, macro_capabilities: true }, "MP")).toBe(
      true,
    );
    expect(canGenerate({ ...validated, questionnaire: { state: "under_analysis" } }, "SCORING")).toBe(false);
    expect(canGenerate({ ...empty, questionnaire: { state: "valid" } }, "SCORING")).toBe(true);
    expect(canGenerate({ ...empty, questionnaire: { state: "valid" }, scoring: true }, "SCORING")).toBe(
      false,
    );
  });

  test("the questionnaire can be allowed once the six core items are complete and none exists", () => {
    const core: YearData = {
      ...empty,
      validations: { facility: valid, provider: valid, global: valid },
      service_capabilities: true,
      macro_capabilities: true,
      market_profile: true,
    };
    expect(canAllowQuestionnaire(core)).toBe(true);
    expect(canAllowQuestionnaire({ ...core, market_profile: false })).toBe(false);
    expect(
      canAllowQuestionnaire({
        ...core,
        validations: { ...core.validations, global: { valid: false, done: true } },
      }),
    ).toBe(false);
    expect(canAllowQuestionnaire({ ...core, questionnaire: { state: "waiting" } })).toBe(false);
  });
});

describe("progress", () => {
  test("8 units: 7 items of 1 and the questionnaire's two halves", () => {
    expect(yearProgress(empty)).toBe(0);
    // facility + provider validations = 2 units of 8 -> 25%.
    expect(yearProgress({ ...empty, validations: { facility: valid, provider: valid } })).toBe(25);
    // 2 units + SC (running, not counted) + a waiting questionnaire 0.5 = 2.5 / 8 -> 31.25%.
    expect(
      yearProgress({
        ...empty,
        validations: { facility: valid, provider: valid },
        service_capabilities: false,
        questionnaire: { state: "waiting" },
      }),
    ).toBe(31.25);
    const full: YearData = {
      ...empty,
      validations: { facility: valid, provider: valid, global: valid },
      service_capabilities: true,
      macro_capabilities: true,
      market_profile: true,
      scoring: true,
      questionnaire: { state: "valid" },
    };
    // 7 + 0.5 + 0.5 = 8 / 8 -> 100%.
    expect(yearProgress(full)).toBe(100);
  });
});

describe("file and service area rows", () => {
  test("file: Waiting for user, File is uploaded, or a new file needed", () => {
    expect(fileDisplay(undefined)).toBe("waiting");
    expect(fileDisplay({ uploaded: false, state: "none" })).toBe("waiting");
    expect(fileDisplay({ uploaded: true, state: "uploaded" })).toBe("uploaded");
    expect(fileDisplay({ uploaded: false, state: "need_update" })).toBe("need_update");
  });

  test("service area: to check, then green available or red not available", () => {
    expect(serviceAreaRowDisplay(zip).label).toBe("to check");
    expect(serviceAreaRowDisplay({ ...zip, checked: true, available: true }).color).toBe("green");
    expect(serviceAreaRowDisplay({ ...zip, checked: true, available: false }).color).toBe("red");
  });
});

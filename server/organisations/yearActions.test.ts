import { describe, expect, test } from "bun:test";
import { ACTION_MESSAGES, type YearState, yearActions } from "./yearActions.ts";
import { emptySnapshot, type YearSnapshot } from "./yearProgress.ts";

const CHANGED = "the practice data changed since";
const valid = { done: true, valid: true };
const done = { status: "done" as const };
const stale = { status: "done" as const, outdated: CHANGED };

const state = (snapshot: Partial<YearSnapshot> = {}, overrides: Partial<YearState> = {}): YearState => ({
  year: 2024,
  snapshot: { ...emptySnapshot(), ...snapshot },
  hasServiceArea: true,
  missingData: [],
  enabled: false,
  ...overrides,
});
/** Every item done and current: 100%. */
const complete = (): Partial<YearSnapshot> => ({
  validations: { facility: valid, provider: valid, global: valid },
  schemes: { SC: done, MC: done, MP: done, SCORING: done },
  questionnaire: "valid",
});
const actions = (snapshot: Partial<YearSnapshot> = {}, overrides: Partial<YearState> = {}) =>
  yearActions(state(snapshot, overrides));

describe("validations", () => {
  test("without practice or market data nothing may run, and the message names what is missing", () => {
    const gates = actions({}, { missingData: ["practice data", "market data"] });
    for (const name of ["facility_validation", "service_capabilities", "market_profile"] as const) {
      expect(gates[name].allowed).toBe(false);
    }
    expect(gates.facility_validation.message).toBe(
      "There is nothing to validate: the organisation has no practice data and no market data for 2024. Upload it first.",
    );
  });

  test("no service area: every validation asks for one first", () => {
    const gates = actions({}, { hasServiceArea: false });
    expect(gates.provider_validation).toEqual({ allowed: false, message: ACTION_MESSAGES.serviceAreaFirst });
  });

  test("run until valid; not while running; again once out of date, saying what changed", () => {
    expect(actions().facility_validation).toEqual({ allowed: true, message: "You can run the validation" });
    expect(actions({ validations: { facility: valid } }).facility_validation.allowed).toBe(false);
    expect(actions({ validations: { facility: { done: false, valid: false } } }).facility_validation).toEqual(
      {
        allowed: false,
        message: "The facility validation is running",
      },
    );
    expect(
      actions({ validations: { facility: { ...valid, outdated: CHANGED } } }).facility_validation,
    ).toEqual({
      allowed: true,
      message: "Out of date: the practice data changed since this validation ran: run it again",
    });
  });

  test("'Validate anyway' only on a current validation that ran and found problems", () => {
    expect(actions().facility_validate_anyway.allowed).toBe(false);
    expect(
      actions({ validations: { facility: { done: true, valid: false } } }).facility_validate_anyway,
    ).toEqual({ allowed: true, message: "Validate anyway" });
    // The dead end of issue 24: accepting an out-of-date run, which could then never run again.
    expect(
      actions({ validations: { facility: { done: true, valid: false, outdated: CHANGED } } })
        .facility_validate_anyway,
    ).toEqual({ allowed: false, message: ACTION_MESSAGES.validateAnywayOutdated("facility") });
  });

  test("global needs facility and provider checked and service capabilities current", () => {
    const checked = { facility: { done: true, valid: false }, provider: valid };
    expect(actions({ validations: checked }).global_validation.message).toBe(
      ACTION_MESSAGES.globalNeedsChecks,
    );
    expect(actions({ validations: checked, schemes: { SC: done } }).global_validation.allowed).toBe(true);
    expect(actions({ validations: checked, schemes: { SC: stale } }).global_validation.allowed).toBe(false);
  });
});

describe("generators and scoring", () => {
  const validated = { validations: { facility: valid, provider: valid } };

  test("SC, then MC, then MP, each once while current", () => {
    expect(actions().service_capabilities.message).toBe(ACTION_MESSAGES.validateFacilitiesProviders);
    expect(actions(validated).service_capabilities.allowed).toBe(true);
    expect(actions(validated).macro_capabilities.message).toBe(ACTION_MESSAGES.generateServiceCapabilities);
    expect(actions({ ...validated, schemes: { SC: done } }).service_capabilities).toEqual({
      allowed: false,
      message: "Service capabilities are already generated",
    });
    expect(
      actions({ ...validated, schemes: { SC: { status: "running" } } }).service_capabilities.allowed,
    ).toBe(false);
    expect(
      actions({ ...validated, schemes: { SC: { status: "failed" } } }).service_capabilities.allowed,
    ).toBe(true);
    expect(actions({ ...validated, schemes: { SC: done, MC: done } }).market_profile.allowed).toBe(true);
  });

  test("an out-of-date result may be generated again; what builds on it waits for it", () => {
    // The blocker of issue 24: after a replacement, 'already generated' for ever.
    const after = actions({ ...validated, schemes: { SC: stale, MC: stale, MP: stale } });
    expect(after.service_capabilities).toEqual({
      allowed: true,
      message:
        "Out of date: the practice data changed since the service capabilities were generated: generate them again",
    });
    expect(after.macro_capabilities.message).toBe(ACTION_MESSAGES.generateServiceCapabilities);
    expect(after.market_profile.allowed).toBe(false);
    // Validations out of date: nothing generates until they are current again.
    const staleValidations = actions({
      validations: { facility: { ...valid, outdated: CHANGED }, provider: valid },
      schemes: { SC: stale },
    });
    expect(staleValidations.service_capabilities.message).toBe(ACTION_MESSAGES.validateFacilitiesProviders);
  });

  test("scoring: questionnaire valid; again once out of date", () => {
    expect(actions({ questionnaire: "under_analysis" }).scoring.message).toBe(
      ACTION_MESSAGES.questionnaireNotValid,
    );
    expect(actions({ questionnaire: "valid" }).scoring.allowed).toBe(true);
    expect(actions({ questionnaire: "valid", schemes: { SCORING: done } }).scoring.allowed).toBe(false);
    expect(actions({ questionnaire: "valid", schemes: { SCORING: stale } }).scoring.allowed).toBe(true);
  });
});

describe("questionnaire, enable and prelaunch", () => {
  test("'Allow user' once the six core items are done and current, naming what is missing", () => {
    const core = complete();
    core.questionnaire = null;
    expect(actions(core).questionnaire_allow.allowed).toBe(true);
    core.schemes = { ...core.schemes, MP: stale };
    expect(actions(core).questionnaire_allow).toEqual({
      allowed: false,
      message:
        "The questionnaire can be allowed once the year's six core items are complete; missing: Market profile.",
    });
    expect(actions({ ...complete(), questionnaire: "waiting" }).questionnaire_allow.message).toBe(
      ACTION_MESSAGES.questionnaireOpen,
    );
  });

  test("enable and prelaunch at 100% with every item current and the year's data there", () => {
    expect(actions(complete()).enable.allowed).toBe(true);
    expect(actions(complete()).prelaunch.allowed).toBe(true);
    const outdated = complete();
    outdated.schemes = { ...outdated.schemes, SCORING: stale };
    expect(actions(outdated).enable.message).toBe(
      "2024 is at 87.5% progress; it can be initialised at 100% (missing: Scoring).",
    );
    expect(actions(complete(), { missingData: ["market data"] }).prelaunch.message).toBe(
      "2024 cannot be prelaunched: it has no market data for 2024.",
    );
  });
});

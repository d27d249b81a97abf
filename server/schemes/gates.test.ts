import { describe, expect, test } from "bun:test";
import { GATE_MESSAGES, noteText, type YearSnapshot, yearGates } from "./gates.ts";

const base: YearSnapshot = { hasServiceArea: true, validations: {}, questionnaireState: null };
const validated: YearSnapshot = {
  ...base,
  validations: { facility: { done: true, valid: true }, provider: { done: true, valid: true } },
};
const gates = (overrides: Partial<YearSnapshot>) => yearGates({ ...base, ...overrides });

describe("validation gates", () => {
  test("no service area: every validation asks for one first", () => {
    const result = gates({ hasServiceArea: false });
    for (const type of ["facility", "provider", "global"] as const) {
      expect(result.validation[type]).toEqual({
        allowed: false,
        message: "You need to add service area first",
      });
    }
  });

  test("facility and provider run until valid (again after 'done, not valid')", () => {
    expect(gates({}).validation.facility).toEqual({ allowed: true, message: "You can run the validation" });
    expect(
      gates({ validations: { facility: { done: true, valid: false } } }).validation.facility.allowed,
    ).toBe(true);
    expect(gates({ validations: { provider: { done: true, valid: true } } }).validation.provider).toEqual({
      allowed: false,
      message: "The provider validation is already valid",
    });
  });

  test("a valid validation made out of date by a profile change may run again", () => {
    const outdated = { provider: { done: true, valid: true, outdated: true } };
    expect(gates({ validations: outdated }).validation.provider).toEqual({
      allowed: true,
      message: "The practice profile changed since this validation ran: run it again",
    });
    expect(gates({ hasServiceArea: false, validations: outdated }).validation.provider.allowed).toBe(false);
  });

  test("global needs facility and provider checked and service capabilities generated", () => {
    const blocked = {
      allowed: false,
      message:
        "You need to check facilities, providers and generate service capabilities before run global validation",
    };
    expect(gates({}).validation.global).toEqual(blocked);
    // Checked (done) but no service capabilities.
    const checked = {
      facility: { done: true, valid: false },
      provider: { done: true, valid: true },
    };
    expect(gates({ validations: checked }).validation.global).toEqual(blocked);
    // Service capabilities still running do not count.
    expect(gates({ validations: checked, SC: { status: "running" } }).validation.global).toEqual(blocked);
    // A facility validation still running does not count either.
    expect(
      gates({ validations: { ...checked, facility: { done: false, valid: false } }, SC: { status: "done" } })
        .validation.global,
    ).toEqual(blocked);
    expect(gates({ validations: checked, SC: { status: "done" } }).validation.global).toEqual({
      allowed: true,
      message: "You can run the validation",
    });
  });

  test("'Validate anyway' needs a done validation that is not valid", () => {
    expect(gates({}).validateAnyway.facility).toEqual({
      allowed: false,
      message: GATE_MESSAGES.validateAnywayNeedsDone("facility"),
    });
    expect(
      gates({ validations: { global: { done: true, valid: false } } }).validateAnyway.global.allowed,
    ).toBe(true);
    expect(
      gates({ validations: { global: { done: true, valid: true } } }).validateAnyway.global.allowed,
    ).toBe(false);
  });
});

describe("generation gates", () => {
  test("service capabilities: facility and provider valid, none generated yet", () => {
    expect(gates({ validations: { facility: { done: true, valid: true } } }).service_capabilities).toEqual({
      allowed: false,
      message: "You need to validate facilities and providers first",
    });
    expect(yearGates(validated).service_capabilities).toEqual({
      allowed: true,
      message: "You can generate the service capabilities",
    });
    expect(yearGates({ ...validated, SC: { status: "done" } }).service_capabilities).toEqual({
      allowed: false,
      message: "Service capabilities are already generated",
    });
    expect(yearGates({ ...validated, SC: { status: "running" } }).service_capabilities).toEqual({
      allowed: false,
      message: "Service capabilities are being generated",
    });
    // A failed attempt may be generated again.
    expect(yearGates({ ...validated, SC: { status: "failed" } }).service_capabilities.allowed).toBe(true);
  });

  test("macro capabilities need service capabilities; market profile needs macro capabilities", () => {
    expect(yearGates(validated).macro_capabilities).toEqual({
      allowed: false,
      message: "You need to generate service capabilities first",
    });
    expect(yearGates({ ...validated, SC: { status: "done" } }).macro_capabilities.allowed).toBe(true);
    expect(yearGates({ ...validated, SC: { status: "done" } }).market_profile).toEqual({
      allowed: false,
      message: "You need to generate macro capabilities first",
    });
    const all = { ...validated, SC: { status: "done" }, MC: { status: "done" } } as const;
    expect(yearGates(all).market_profile).toEqual({
      allowed: true,
      message: "You can generate the market profile",
    });
    expect(yearGates({ ...all, MP: { status: "done" } }).market_profile.allowed).toBe(false);
    // Validations must still be valid, whatever was generated.
    expect(yearGates({ ...all, validations: {} }).market_profile.message).toBe(
      "You need to validate facilities and providers first",
    );
  });

  test("scoring: questionnaire valid and no scoring yet", () => {
    expect(gates({ questionnaireState: "under_analysis" }).scoring).toEqual({
      allowed: false,
      message: "The questionnaire needs to be valid before scoring",
    });
    expect(gates({ questionnaireState: "valid" }).scoring).toEqual({
      allowed: true,
      message: "You can generate the scoring",
    });
    expect(gates({ questionnaireState: "valid", SCORING: { status: "done" } }).scoring).toEqual({
      allowed: false,
      message: "The scoring is already generated",
    });
  });
});

test("an empty validation note reads 'The data seems correct'", () => {
  expect(noteText("")).toBe("The data seems correct");
  expect(noteText("  ")).toBe("The data seems correct");
  expect(noteText(null)).toBe("The data seems correct");
  expect(noteText("MRI is offered at Main but the practice data has no MRI line.")).toBe(
    "MRI is offered at Main but the practice data has no MRI line.",
  );
});

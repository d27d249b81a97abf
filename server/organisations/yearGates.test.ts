import { describe, expect, test } from "bun:test";
import { yearGates } from "./yearGates.ts";
import { emptySnapshot, type YearSnapshot } from "./yearProgress.ts";

const valid = { valid: true, done: true };
const done = { status: "done" as const };
/** The six core items complete, no questionnaire, no scoring. */
const core = (): YearSnapshot => ({
  validations: { facility: valid, provider: valid, global: valid },
  schemes: { SC: done, MC: done, MP: done },
  questionnaire: null,
});

describe("yearGates: the schemes' gates by action, plus the questionnaire's 'Allow user'", () => {
  test("core items complete and no questionnaire: the questionnaire may be allowed, not the scoring", () => {
    const gates = yearGates({ snapshot: core(), serviceAreaCount: 3 });
    expect(gates.questionnaire_allow.allowed).toBe(true);
    expect(gates.scoring).toEqual({
      allowed: false,
      message: "The questionnaire needs to be valid before scoring",
    });
    expect(gates.market_profile.allowed).toBe(false); // already generated
  });

  test("one core item missing, or a questionnaire already open: no 'Allow user'", () => {
    const missing = core();
    missing.schemes.MP = { status: "running" };
    expect(yearGates({ snapshot: missing, serviceAreaCount: 3 }).questionnaire_allow).toEqual({
      allowed: false,
      message: "The year's six core items must be complete first",
    });
    const open = { ...core(), questionnaire: "waiting" as const };
    expect(yearGates({ snapshot: open, serviceAreaCount: 3 }).questionnaire_allow.allowed).toBe(false);
  });

  test("nothing stored: validations need the service area first, then may run", () => {
    expect(yearGates({ snapshot: emptySnapshot(), serviceAreaCount: 0 }).facility_validation).toEqual({
      allowed: false,
      message: "You need to add service area first",
    });
    expect(yearGates({ snapshot: emptySnapshot(), serviceAreaCount: 1 }).facility_validation).toEqual({
      allowed: true,
      message: "You can run the validation",
    });
  });
});

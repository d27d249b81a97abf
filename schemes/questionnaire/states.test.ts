import { describe, expect, test } from "bun:test";
import { type QuestionnaireAction, type QuestionnaireState, transition } from "./states.ts";

const states: (QuestionnaireState | null)[] = [null, "waiting", "under_analysis", "valid"];
const actions: QuestionnaireAction[] = ["allow", "submit", "update", "validate"];

/** Every (action, state) pair: where it leads, or the refusal's status. */
const expected: Record<QuestionnaireAction, Record<string, QuestionnaireState | number>> = {
  allow: { none: "waiting", waiting: 400, under_analysis: 400, valid: 400 },
  submit: { none: 403, waiting: "under_analysis", under_analysis: 400, valid: 400 },
  update: { none: 404, waiting: 400, under_analysis: "under_analysis", valid: "valid" },
  validate: { none: 404, waiting: 400, under_analysis: "valid", valid: 400 },
};

describe("questionnaire state machine", () => {
  for (const action of actions) {
    for (const state of states) {
      const want = expected[action][state ?? "none"];
      test(`${action} from ${state ?? "none"} -> ${want}`, () => {
        const outcome = transition(action, state, 2024);
        if (typeof want === "number") {
          expect(outcome.allowed).toBe(false);
          if (!outcome.allowed) {
            expect(outcome.status).toBe(want as 400 | 403 | 404);
            expect(outcome.detail).toContain("2024");
          }
        } else {
          expect(outcome as unknown).toEqual({ allowed: true, to: want });
        }
      });
    }
  }

  test("refusals say why", () => {
    const detail = (action: QuestionnaireAction, state: QuestionnaireState | null) => {
      const outcome = transition(action, state, 2024);
      return outcome.allowed ? "" : outcome.detail;
    };
    expect(detail("submit", null)).toContain("not open yet");
    expect(detail("submit", "under_analysis")).toContain("already been submitted");
    expect(detail("validate", "valid")).toContain("already been validated");
    expect(detail("update", "waiting")).toContain("not been submitted");
    expect(detail("allow", "waiting")).toContain("already exists");
  });
});

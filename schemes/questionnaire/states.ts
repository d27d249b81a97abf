import type { questionnaireStates } from "../../server/db/schema/schemes.ts";

export type QuestionnaireState = (typeof questionnaireStates)[number];
export type QuestionnaireAction = "allow" | "submit" | "update" | "validate";

/**
 * The questionnaire's life: none -> waiting (staff allow it) -> under_analysis (the customer's admin
 * submits) -> valid (staff validate). Staff may also update the answers of a submitted or valid
 * questionnaire without moving it. Who may act is enforced by the routes' guards; this table says
 * from which state each action starts and where it leads ("same" keeps the state).
 */
export const questionnaireTransitions = {
  allow: { by: "staff (site admin or agent)", from: [null], to: "waiting" },
  submit: { by: "the organisation's customer admin", from: ["waiting"], to: "under_analysis" },
  update: { by: "staff (site admin or agent)", from: ["under_analysis", "valid"], to: "same" },
  validate: { by: "staff (site admin or agent)", from: ["under_analysis"], to: "valid" },
} as const satisfies Record<
  QuestionnaireAction,
  { by: string; from: readonly (QuestionnaireState | null)[]; to: QuestionnaireState | "same" }
>;

export type TransitionOutcome =
  | { allowed: true; to: QuestionnaireState }
  | { allowed: false; status: 400 | 403 | 404; detail: string };

/** Where `action` leads from `current` (null: no questionnaire yet), or why it is refused. */
export function transition(
  action: QuestionnaireAction,
  current: QuestionnaireState | null,
  year: number,
): TransitionOutcome {
  const rule = questionnaireTransitions[action];
  if ((rule.from as readonly (QuestionnaireState | null)[]).includes(current)) {
    const to = rule.to === "same" ? current : rule.to;
    if (to) return { allowed: true, to };
  }
  return { allowed: false, ...refusal(action, current, year) };
}

function refusal(action: QuestionnaireAction, current: QuestionnaireState | null, year: number) {
  if (current === null) {
    return action === "submit"
      ? ({
          status: 403,
          detail: `The questionnaire for ${year} is not open yet: the Vitality team opens it once the year's data has been reviewed.`,
        } as const)
      : ({ status: 404, detail: `There is no questionnaire for ${year}.` } as const);
  }
  const detail = {
    waiting: `The questionnaire for ${year} has not been submitted by the customer yet.`,
    under_analysis: `The questionnaire for ${year} has already been submitted and is under analysis.`,
    valid: `The questionnaire for ${year} has already been validated.`,
  }[current];
  if (action === "allow") {
    return { status: 400, detail: `A questionnaire already exists for ${year} (state ${current}).` } as const;
  }
  return { status: 400, detail } as const;
}

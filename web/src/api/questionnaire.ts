import { apiRequest } from "./client.ts";

export type QuestionnaireState = "waiting" | "under_analysis" | "valid";

export interface CustomerQuestionnaire {
  year: number;
  state: QuestionnaireState;
  data: Record<string, string | string[]>;
}

interface QuestionnaireAnswer {
  status: number;
  questionnaire: CustomerQuestionnaire | null;
}

/** GET /api/management/schemes/questionnaire/: the organisation's current (latest year's) questionnaire. */
export async function currentQuestionnaire(dummyOrgId?: string) {
  return (await apiRequest<QuestionnaireAnswer>("/api/management/schemes/questionnaire/", { dummyOrgId }))
    .questionnaire;
}

/** POST /api/management/schemes/questionnaire/ {questionnaire, year}: the customer submits its answers. */
export async function submitQuestionnaire(year: number, answers: Record<string, string | string[]>) {
  return (
    await apiRequest<QuestionnaireAnswer>("/api/management/schemes/questionnaire/", {
      method: "POST",
      body: { questionnaire: answers, year },
    })
  ).questionnaire;
}

export const questionnaireKeys = {
  current: (dummyOrgId?: string) => ["questionnaire", "current", dummyOrgId ?? "self"] as const,
};

import type { QuestionnaireAnswer, QuestionnaireDraftAnswer } from "./answers.ts";
import { apiRequest, type RequestOptions } from "./client.ts";
import type { QuestionnaireDraftBody, SubmitQuestionnaireBody } from "./requests.ts";

/** GET /api/management/schemes/questionnaire/: the organisation's current (latest year's) questionnaire. */
export async function currentQuestionnaire(dummyOrgId?: string) {
  return (await apiRequest<QuestionnaireAnswer>("/api/management/schemes/questionnaire/", { dummyOrgId }))
    .questionnaire;
}

/** POST /api/management/schemes/questionnaire/ {questionnaire, year}: the customer submits its answers. */
export async function submitQuestionnaire(year: number, answers: SubmitQuestionnaireBody["questionnaire"]) {
  return (
    await apiRequest<QuestionnaireAnswer, SubmitQuestionnaireBody>("/api/management/schemes/questionnaire/", {
      method: "POST",
      body: { questionnaire: answers, year },
    })
  ).questionnaire;
}

const DRAFT_PATH = "/api/management/schemes/questionnaire/draft/";

/** GET .../draft/: the admin's draft of the waiting questionnaire, or null. */
export async function questionnaireDraft() {
  return (await apiRequest<QuestionnaireDraftAnswer>(DRAFT_PATH)).draft;
}

/** POST .../draft/ {questionnaire, year, step}: keeps the answers as typed (checked only at submit). */
export async function saveQuestionnaireDraft(
  year: number,
  answers: QuestionnaireDraftBody["questionnaire"],
  step: number,
  options: Pick<RequestOptions, "keepalive"> = {},
) {
  return (
    await apiRequest<QuestionnaireDraftAnswer, QuestionnaireDraftBody>(DRAFT_PATH, {
      method: "POST",
      body: { questionnaire: answers, year, step },
      keepalive: options.keepalive,
    })
  ).draft;
}

export const questionnaireKeys = {
  current: (dummyOrgId?: string) => ["questionnaire", "current", dummyOrgId ?? "self"] as const,
  draft: () => ["questionnaire", "draft"] as const,
};

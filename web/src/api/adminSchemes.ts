import type {
  GeneratedSchemaAnswer,
  QuestionnaireAnswer,
  SchemeResultAnswer,
  SchemeRunAnswer,
  ValidationAnswer,
} from "./answers.ts";
import { apiRequest } from "./client.ts";
import type {
  GenerateSchemeBody,
  QuestionnaireYearBody,
  ReviewQuestionnaireBody,
  RunScoringBody,
  SchemeDetailBody,
  ValidationBody,
} from "./requests.ts";

/** Validations, generators, scoring and the questionnaire review (admin-area.md section 7). */

export type ValidationType = ValidationBody["type"];

/** POST /admin/validation/: run one of the year's validations (a job; progress arrives live). */
export function runValidation(organizationId: string, year: number, type: ValidationType) {
  return apiRequest<SchemeRunAnswer, ValidationBody>("/api/management/admin/validation/", {
    method: "POST",
    body: { organization_uuid: organizationId, year, type },
  });
}

/** PATCH /admin/validation/: accept a done-but-not-valid validation ('Validate anyway'). */
export function acceptValidation(organizationId: string, year: number, type: ValidationType) {
  return apiRequest<ValidationAnswer, ValidationBody>("/api/management/admin/validation/", {
    method: "PATCH",
    body: { organization_uuid: organizationId, year, type },
  });
}

export type GeneratorKind = GenerateSchemeBody["kind"];

/** The path segment of each generator: the market profile is served as market_capabilities. */
export const GENERATOR_PATHS: Record<GeneratorKind, string> = {
  SC: "service_capabilities",
  MC: "macro_capabilities",
  MP: "market_capabilities",
};

export function generateScheme(kind: GeneratorKind, organizationId: string, year: number) {
  return apiRequest<SchemeRunAnswer, GenerateSchemeBody>(
    `/api/management/schemes/${GENERATOR_PATHS[kind]}/generate/`,
    {
      method: "POST",
      body: { kind, organization: organizationId, year },
    },
  );
}

/** A generated scheme's stored result, for the read-only detail modal. */
export async function schemeDetail(kind: GeneratorKind, organizationId: string, year: number) {
  const answer = await apiRequest<GeneratedSchemaAnswer, SchemeDetailBody>(
    `/api/management/schemes/${GENERATOR_PATHS[kind]}/detail/`,
    { method: "POST", body: { organization_id: organizationId, year } },
  );
  return answer.schema ?? {};
}

export function generateScoring(organizationId: string, year: number) {
  return apiRequest<SchemeRunAnswer, RunScoringBody>("/api/management/admin/scoring/", {
    method: "POST",
    body: { organization_uuid: organizationId, year },
  });
}

export async function scoringDetail(organizationId: string, year: number) {
  const answer = await apiRequest<SchemeResultAnswer, SchemeDetailBody>("/api/management/scoring/detail/", {
    method: "POST",
    body: { organization_id: organizationId, year },
  });
  return answer.scheme ?? {};
}

/** POST /schemes/questionnaire/allow/: open the year's questionnaire to the customer. */
export function allowQuestionnaire(organizationId: string, year: number) {
  return apiRequest<QuestionnaireAnswer, QuestionnaireYearBody>(
    "/api/management/schemes/questionnaire/allow/",
    {
      method: "POST",
      body: { organization_id: organizationId, year },
    },
  );
}

export async function questionnaireDetail(organizationId: string, year: number) {
  const answer = await apiRequest<QuestionnaireAnswer, QuestionnaireYearBody>(
    "/api/management/schemes/questionnaire/detail/",
    {
      method: "POST",
      body: { organization_id: organizationId, year },
    },
  );
  return answer.questionnaire;
}

/** A review's two kinds: 'update' the answers (state kept) or 'validate' them (state valid). */
export type ReviewKind = ReviewQuestionnaireBody["kind"];

/** PATCH: staff 'update' the answers (state kept) or 'validate' them (state valid). */
export function reviewQuestionnaire(
  organizationId: string,
  year: number,
  kind: ReviewKind,
  questionnaire: ReviewQuestionnaireBody["questionnaire"],
) {
  return apiRequest<QuestionnaireAnswer, ReviewQuestionnaireBody>("/api/management/schemes/questionnaire/", {
    method: "PATCH",
    body: { organization_uuid: organizationId, year, kind, questionnaire },
  });
}

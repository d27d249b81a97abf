import type {
  GeneratedSchemaAnswer,
  QuestionnaireAnswer,
  SchemeResultAnswer,
  SchemeRunAnswer,
  ValidationAnswer,
} from "./answers.ts";
import { apiRequest } from "./client.ts";

/** Validations, generators, scoring and the questionnaire review (admin-area.md section 7). */

export type ValidationType = "facility" | "provider" | "global";

/** POST /admin/validation/: run one of the year's validations (a job; progress arrives live). */
export function runValidation(organizationId: string, year: number, type: ValidationType) {
  return apiRequest<SchemeRunAnswer>("/api/management/admin/validation/", {
    method: "POST",
    body: { organization_uuid: organizationId, year, type },
  });
}

/** PATCH /admin/validation/: accept a done-but-not-valid validation ('Validate anyway'). */
export function acceptValidation(organizationId: string, year: number, type: ValidationType) {
  return apiRequest<ValidationAnswer>("/api/management/admin/validation/", {
    method: "PATCH",
    body: { organization_uuid: organizationId, year, type },
  });
}

export type GeneratorKind = "SC" | "MC" | "MP";

/** The path segment of each generator: the market profile is served as market_capabilities. */
export const GENERATOR_PATHS: Record<GeneratorKind, string> = {
  SC: "service_capabilities",
  MC: "macro_capabilities",
  MP: "market_capabilities",
};

export function generateScheme(kind: GeneratorKind, organizationId: string, year: number) {
  return apiRequest<SchemeRunAnswer>(`/api/management/schemes/${GENERATOR_PATHS[kind]}/generate/`, {
    method: "POST",
    body: { kind, organization: organizationId, year },
  });
}

/** A generated scheme's stored result, for the read-only detail modal. */
export async function schemeDetail(kind: GeneratorKind, organizationId: string, year: number) {
  const answer = await apiRequest<GeneratedSchemaAnswer>(
    `/api/management/schemes/${GENERATOR_PATHS[kind]}/detail/`,
    { method: "POST", body: { organization_id: organizationId, year } },
  );
  return answer.schema ?? {};
}

export function generateScoring(organizationId: string, year: number) {
  return apiRequest<SchemeRunAnswer>("/api/management/admin/scoring/", {
    method: "POST",
    body: { organization_uuid: organizationId, year },
  });
}

export async function scoringDetail(organizationId: string, year: number) {
  const answer = await apiRequest<SchemeResultAnswer>("/api/management/scoring/detail/", {
    method: "POST",
    body: { organization_id: organizationId, year },
  });
  return answer.scheme ?? {};
}

/** POST /schemes/questionnaire/allow/: open the year's questionnaire to the customer. */
export function allowQuestionnaire(organizationId: string, year: number) {
  return apiRequest<QuestionnaireAnswer>("/api/management/schemes/questionnaire/allow/", {
    method: "POST",
    body: { organization_id: organizationId, year },
  });
}

export async function questionnaireDetail(organizationId: string, year: number) {
  const answer = await apiRequest<QuestionnaireAnswer>("/api/management/schemes/questionnaire/detail/", {
    method: "POST",
    body: { organization_id: organizationId, year },
  });
  return answer.questionnaire;
}

/** PATCH: staff 'update' the answers (state kept) or 'validate' them (state valid). */
export function reviewQuestionnaire(
  organizationId: string,
  year: number,
  kind: "update" | "validate",
  questionnaire: Record<string, unknown>,
) {
  return apiRequest<QuestionnaireAnswer>("/api/management/schemes/questionnaire/", {
    method: "PATCH",
    body: { organization_uuid: organizationId, year, kind, questionnaire },
  });
}

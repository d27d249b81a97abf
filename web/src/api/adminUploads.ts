import {
  appendUploadOptions,
  ConfirmationNeeded,
  type UploadOptions,
  UploadRefused,
} from "../uploads/uploadReport.ts";
import type {
  AcceptedUpload,
  ConfirmUploadAnswer,
  MarketUploadAnswer,
  RefusedUpload,
  VersionsAnswer,
  VersionsPageAnswer,
} from "./answers.ts";
import { apiRequest } from "./client.ts";
import { CSRF_HEADER, ensureCsrfToken } from "./csrf.ts";
import { ApiError, type ErrorCode } from "./errors.ts";
import { pagePath } from "./pages.ts";
import type { MarketUploadForm, RestoreVersionBody } from "./requests.ts";

/**
 * Staff file uploads. Multipart cannot go through apiRequest's JSON body, so the CSRF header is set
 * here. POST /api/management/customer/file/ by staff for a customer's year (files, years, organization).
 */
export function uploadPracticeFile(
  organizationId: string,
  year: number,
  file: File,
  options: UploadOptions = {},
) {
  const body = new FormData();
  body.append("files", file);
  body.append("years", String(year));
  body.append("organization", organizationId);
  appendUploadOptions(body, options);
  return postMultipart<AcceptedUpload>("/api/management/customer/file/", body);
}

/** GET .../year-version/{orgid}/{year}/: the page of a year's versions after `cursor` (newest first). */
export function fetchYearVersions(organizationId: string, year: number, cursor: string) {
  return apiRequest<VersionsPageAnswer>(
    pagePath(
      `/api/management/admin/customer/year-version/${encodeURIComponent(organizationId)}/${year}/`,
      cursor,
    ),
  );
}

/** POST /api/management/admin/customer/year-version/restore/: an earlier version switched back in. */
export function restoreYearVersion(organizationId: string, year: number, version: string) {
  return apiRequest<VersionsAnswer, RestoreVersionBody>(
    "/api/management/admin/customer/year-version/restore/",
    {
      method: "POST",
      body: { organization: organizationId, year, version },
    },
  );
}

export type MarketKind = MarketUploadForm["kind"];

/** POST /api/services/advisory_board/file/ (multipart: files, kind, year): a market file of one year. */
export function uploadMarketFile(kind: MarketKind, year: string, file: File) {
  const body = new FormData();
  body.append("files", file);
  body.append("kind", kind);
  body.append("year", year);
  return postMultipart<MarketUploadAnswer>("/api/services/advisory_board/file/", body);
}

/** A multipart POST; a refused file is thrown as UploadRefused (with its report), other failures as ApiError. */
export async function postMultipart<Answer>(path: string, body: FormData): Promise<Answer> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json", [CSRF_HEADER]: await ensureCsrfToken() },
    body,
  });
  const payload: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    // A refused file (`file_refused`, with its report), a year to confirm (`confirmation_needed`),
    // or the one error shape.
    const refusal = payload as Partial<RefusedUpload> & Partial<Pick<ConfirmUploadAnswer, "confirm">>;
    const detail = refusal.detail ?? `The server answered ${response.status}.`;
    const code = typeof refusal.code === "string" ? (refusal.code as ErrorCode) : undefined;
    if (code === "file_refused" && refusal.report) {
      throw new UploadRefused(response.status, detail, refusal.report);
    }
    if (code === "confirmation_needed") throw new ConfirmationNeeded(detail);
    throw new ApiError(response.status, detail, refusal.errors ?? [], code);
  }
  return payload as Answer;
}

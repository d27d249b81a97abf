import {
  type AcceptedUpload,
  appendUploadOptions,
  ConfirmationNeeded,
  type ErrorReport,
  type UploadOptions,
  UploadRefused,
} from "../uploads/uploadReport.ts";
import { apiRequest } from "./client.ts";
import { CSRF_HEADER, ensureCsrfToken } from "./csrf.ts";
import { ApiError } from "./errors.ts";

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
  return postMultipart("/api/management/customer/file/", body) as Promise<AcceptedUpload>;
}

/** POST /api/management/admin/customer/year-version/restore/: an earlier version switched back in. */
export function restoreYearVersion(organizationId: string, year: number, version: string) {
  return apiRequest<{ status: number; detail: string }>(
    "/api/management/admin/customer/year-version/restore/",
    {
      method: "POST",
      body: { organization: organizationId, year, version },
    },
  );
}

export type MarketKind = "OP" | "IP" | "DEMO";

/** POST /api/services/advisory_board/file/ (multipart: files, kind, year): a market file of one year. */
export function uploadMarketFile(kind: MarketKind, year: string, file: File) {
  const body = new FormData();
  body.append("files", file);
  body.append("kind", kind);
  body.append("year", year);
  return postMultipart("/api/services/advisory_board/file/", body);
}

export interface IngestAnswer {
  status: string | number;
  years?: number[];
  rows?: number;
  detail?: string;
  /** A refused file: the first errors and their total. */
  report?: ErrorReport;
  /** 409: resend with confirm to replace a year that would lose more than half of its lines. */
  confirm?: boolean;
}

/** A multipart POST; a refused file is thrown as UploadRefused (with its report), other failures as ApiError. */
export async function postMultipart(path: string, body: FormData): Promise<IngestAnswer> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json", [CSRF_HEADER]: await ensureCsrfToken() },
    body,
  });
  const payload = (await response.json().catch(() => ({}))) as IngestAnswer;
  if (!response.ok) {
    const detail = payload.detail ?? `The server answered ${response.status}.`;
    if (payload.report) throw new UploadRefused(response.status, detail, payload.report);
    if (response.status === 409 && payload.confirm) throw new ConfirmationNeeded(detail);
    throw new ApiError(response.status, detail);
  }
  return payload;
}

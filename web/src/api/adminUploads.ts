import { CSRF_HEADER, ensureCsrfToken } from "./csrf.ts";
import { ApiError } from "./errors.ts";

/**
 * POST /api/management/customer/file/ by staff for a customer's year (multipart: files, years,
 * organization). Multipart cannot go through apiRequest's JSON body, so the CSRF header is set here.
 */
export async function uploadPracticeFile(organizationId: string, year: number, file: File) {
  const body = new FormData();
  body.append("files", file);
  body.append("years", String(year));
  body.append("organization", organizationId);
  const response = await fetch("/api/management/customer/file/", {
    method: "POST",
    credentials: "include",
    headers: { Accept: "application/json", [CSRF_HEADER]: await ensureCsrfToken() },
    body,
  });
  const payload = (await response.json().catch(() => ({}))) as { detail?: string };
  if (!response.ok)
    throw new ApiError(response.status, payload.detail ?? `The server answered ${response.status}.`);
  return payload;
}

/**
 * The machine codes of the API's refusals: every error answer carries one in `code`, so a client
 * switches on it and never on the English of `detail`. Each code says what kind of refusal it is;
 * `detail` and `errors` still say what, in words. The list is the `code` enum of the document's
 * ErrorBody (with these descriptions) and the table of docs/api.md. Zod only: the web imports the
 * type.
 */
import { z } from "zod";

export const ERROR_CODES = {
  field_invalid:
    "A field is refused: `errors` names each field (its path in the request) and what it must be.",
  bad_request: "The request cannot be taken as it is; `detail` says why.",
  malformed_body:
    "The body is not what its Content-Type says: JSON that does not parse, a broken multipart form.",
  bad_credentials: "The staff sign-in's username and password do not match an active account.",
  signin_link_invalid: "The e-mailed sign-in link is unknown, already used or expired: ask for a new one.",
  not_ready:
    "The call's prerequisites are not met yet (a year not initialized or not complete, a validation or scheme that must run first, no service area); `detail` says what is missing.",
  year_not_enabled:
    "An analysis asked for a year Vitality has not opened (enabled) yet, or no year is open: `errors` names `filters.year` and the open years.",
  no_data:
    "An analysis asked for a year the organisation has no data for, or the organisation has no data yet.",
  limit_reached: "A count limit is reached (an organisation's users).",
  file_refused: "An uploaded data file is refused: `report` lists its errors (and `errors` names `files`).",
  unauthenticated: "No session, or the session ended (expired, signed out, revoked): sign in again.",
  staff_session:
    "A staff session called a customer's call without naming the organisation (the dummy view's X-Dummy-Org or org_id); staff do not sign in to the customer area.",
  forbidden:
    "Signed in, but this caller may not make the call (an assistant, an agent, another organisation's row).",
  account_blocked: "The user's account is blocked.",
  csrf_failed:
    "A POST, PATCH or DELETE without the CSRF pair: the `csrftoken` cookie and its value in `X-CSRFToken`.",
  dummy_read_only: "A write in the dummy view (staff viewing a customer's area), which is read-only.",
  not_found: "The row, file or path named does not exist, or belongs to another organisation.",
  method_not_allowed: "A method the path does not take; `Allow` lists those it takes.",
  request_incomplete: "The body did not arrive in full (the client stopped sending).",
  conflict: "The state changed meanwhile or does not allow this (reload and try again).",
  idempotency_key_reused:
    "The `Idempotency-Key` was sent before (within 24 hours) with another call or another body: a new request takes a new key.",
  idempotency_in_progress:
    "A request with this `Idempotency-Key` is still being answered: send it again in a moment to get its answer.",
  confirmation_needed:
    "The upload would remove much of a year: send it again with `confirm` (`years` names them).",
  payload_too_large: "The body or a file is larger than its limit.",
  unsupported_media_type:
    "The body's Content-Type is not the one the call takes (JSON, or multipart/form-data).",
  rate_limited: "Too many attempts: `Retry-After` says how many seconds to wait.",
  storage_full:
    "The server's disk has no room left for what the call would write (an upload, an export): nothing was changed; try again later.",
  server_error: "The server failed; the answer's `X-Request-Id` names it in the server's log.",
  upstream_failed: "A service the call relies on (the mail server) refused or failed.",
  database_unavailable:
    "The database cannot be reached for a moment (it is restarting): send the request again after `Retry-After` seconds.",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The code a refusal has when the place that throws names none: by its status (and field errors). */
export function defaultErrorCode(status: number, hasFieldErrors: boolean): ErrorCode {
  switch (status) {
    case 400:
      return hasFieldErrors ? "field_invalid" : "bad_request";
    case 401:
      return "unauthenticated";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 408:
      return "request_incomplete";
    case 409:
      return "conflict";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    case 502:
      return "upstream_failed";
    case 507:
      return "storage_full";
    default:
      return status >= 500 ? "server_error" : "bad_request";
  }
}

const codeList = ERROR_CODE_NAMES.map((code) => `- \`${code}\`: ${ERROR_CODES[code]}`).join("\n");

/** The `code` of every error answer: the enum, each value described (`x-enumDescriptions` too). */
export const errorCode = z.enum(ERROR_CODE_NAMES).meta({
  description: `What kind of refusal this is, for a client to switch on (never on \`detail\`'s words):\n\n${codeList}`,
  "x-enumDescriptions": ERROR_CODES,
});

/** A code fixed to one value, for answers that add fields to the error shape (uploads, look-ups). */
export const errorCodeOf = <C extends ErrorCode>(code: C) =>
  z.literal(code).meta({ description: ERROR_CODES[code] });

import type { ErrorCode, FieldError } from "../../../server/http/errors.ts";

/** One field-level problem as the server reports it: `{field, message}` (its one error shape). */
export type { ErrorCode, FieldError };

/**
 * Every failed API call is thrown as this, with the server's `{status, code, detail, errors?}` shape.
 * Screens decide by `code` (server/http/errorCodes.ts), never by the words of `detail`; `code` is
 * undefined when no answer of ours came (the network failed, a proxy's page).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: FieldError[];
  readonly code: ErrorCode | undefined;

  constructor(status: number, detail: string, errors: FieldError[] = [], code?: ErrorCode) {
    super(detail);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.errors = errors;
    this.code = code;
  }

  /** The message for one field, else undefined. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((error) => error.field === field)?.message;
  }
}

/** Whether a refusal has one of these codes. */
export const hasCode = (error: unknown, ...codes: ErrorCode[]): error is ApiError =>
  error instanceof ApiError && error.code !== undefined && codes.includes(error.code);

/**
 * No session for this area: none, or it ended (`unauthenticated`, 401), or a staff session on the
 * customer area's calls (`staff_session`): the guards send the visitor to the matching sign-in.
 */
export function isInvalidSession(error: unknown): boolean {
  return (
    hasCode(error, "unauthenticated", "staff_session") || (error instanceof ApiError && error.status === 401)
  );
}

/** A message fit to show a user, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error) return error.message;
  return "Something went wrong. Please try again.";
}

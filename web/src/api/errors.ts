import type { FieldError } from "../../../server/http/errors.ts";

/** One field-level problem as the server reports it: `{field, message}` (its one error shape). */
export type { FieldError };

/** Every failed API call is thrown as this, with the server's `{status, detail, errors?}` shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly errors: FieldError[];

  constructor(status: number, detail: string, errors: FieldError[] = []) {
    super(detail);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }

  /** The message for one field, else undefined. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((error) => error.field === field)?.message;
  }
}

/** The server's answer for a missing, expired or revoked session (spec: 401 or 'Invalid token.'). */
export const INVALID_TOKEN_DETAIL = "Invalid token.";

export function isInvalidSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.detail === INVALID_TOKEN_DETAIL);
}

/** A message fit to show a user, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error) return error.message;
  return "Something went wrong. Please try again.";
}

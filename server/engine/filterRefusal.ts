/**
 * A refusal of a request's filters, in the one error shape: each field named by its path in the
 * request (`filters.service_area`, `filters.providers.0`), as the run, the saved views and the
 * report subscriptions all carry them in `filters`.
 */
import type { ZodError } from "zod";
import { type ErrorCode, type FieldError, fieldErrors, HttpError } from "../http/errors.ts";

export const filtersField = (field: string) => (field === "body" ? "filters" : `filters.${field}`);

/** The field errors of a filters parse (parseFilters), named under `filters`. */
export const filterErrors = (error: ZodError): FieldError[] =>
  fieldErrors(error).map((entry) => ({ ...entry, field: filtersField(entry.field) }));

/** `code`: a year refused as not open (year_not_enabled) or without data (no_data); else field_invalid. */
export function filterRefusal(errors: FieldError[], code: ErrorCode = "field_invalid"): HttpError {
  return new HttpError(
    400,
    errors.map((entry) => `${entry.field}: ${entry.message}`).join("; "),
    errors,
  ).withCode(code);
}

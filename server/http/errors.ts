import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError, z } from "zod";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { defaultErrorCode, type ErrorCode, errorCode } from "./errorCodes.ts";
import { NOT_A_FIELD } from "./plainWords.ts";

export type { ErrorCode };

/**
 * The one error shape of the API: `{ status, code, detail, errors? }` (detail as Django REST framework
 * had it; `code` from errorCodes.ts, for clients to switch on).
 */
export const errorBodySchema = z
  .object({
    status: z.number().int().meta({ description: "The HTTP status, repeated." }),
    code: errorCode,
    detail: z.string().meta({ description: "What went wrong, in one sentence." }),
    errors: z
      .array(
        z.object({
          field: z.string().meta({ description: "The field by its name in the body, query or path." }),
          message: z.string().meta({ description: "What the field must be, in plain words." }),
        }),
      )
      .optional()
      .meta({ description: "One entry per refused field (400)." }),
  })
  .meta({ id: "ErrorBody" });

export type ErrorBody = z.infer<typeof errorBodySchema>;
export type FieldError = NonNullable<ErrorBody["errors"]>[number];

export class HttpError extends Error {
  /** The refusal's machine code: the status's own (defaultErrorCode) unless `withCode` names another. */
  code: ErrorCode;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    /** Headers the refusal carries (429: Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = "HttpError";
    this.code = defaultErrorCode(status, (errors?.length ?? 0) > 0);
  }

  /** Names a more precise code than the status's (csrf_failed, dummy_read_only, not_ready...). */
  withCode(code: ErrorCode): this {
    this.code = code;
    return this;
  }
}

/** A refusal of one field, in the one voice: `field: message`, and the field named in `errors`. */
export const fieldRefusal = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, [{ field, message }]);

export const invalidToken = () => new HttpError(401, "Invalid token.");
/**
 * A staff session on a customer's call without the dummy view's organisation: not an ended session
 * (401 would send the web to a sign-in page as if it had expired) but the wrong kind of account.
 */
export const staffSession = () =>
  new HttpError(
    403,
    "This is a staff session: customer calls take a customer's session, or the dummy view's organisation (X-Dummy-Org or org_id).",
  ).withCode("staff_session");
export const forbidden = (detail = "You do not have permission to perform this action.", code?: ErrorCode) =>
  new HttpError(403, detail).withCode(code ?? "forbidden");
export const notFound = (detail = "Not found.") => new HttpError(404, detail);

/** Seconds a client waits before sending again while the database restarts (one usually takes 1-5 s). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** The database cannot be reached right now (restarting, the connection cut): send it again shortly. */
export const databaseUnavailable = () =>
  new HttpError(
    503,
    "The service is restarting a dependency: send the request again in a few seconds.",
    undefined,
    { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  ).withCode("database_unavailable");

/**
 * Turns zod issues into field errors, each under the field's own name (dotted inside objects) with
 * plain words (plainWords.ts); an unknown key is reported under its own name.
 */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: [...path, key].join("."), message: NOT_A_FIELD }));
    }
    return [{ field: path.length > 0 ? path.join(".") : "body", message: issue.message }];
  });
}

export function validationError(error: ZodError): HttpError {
  const errors = fieldErrors(error);
  const summary = errors.map((entry) => `${entry.field}: ${entry.message}`).join("; ");
  return new HttpError(400, summary, errors);
}

export function errorResponse(c: Context, error: HttpError) {
  const body: ErrorBody = { status: error.status, code: error.code, detail: error.detail };
  if (error.errors) body.errors = error.errors;
  return c.json(body, error.status, error.headers);
}

export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof ZodError) return validationError(error);
  // Hono's own HTTPException (body limit, etc.) carries a status.
  if (error && typeof error === "object" && "getResponse" in error && "status" in error) {
    const status = Number((error as { status: number }).status) as ContentfulStatusCode;
    return new HttpError(status, (error as unknown as Error).message || "Request refused.");
  }
  // A database restart is the caller's to wait out (503 and Retry-After), not the server's failure.
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return undefined;
}

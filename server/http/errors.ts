import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError, z } from "zod";
import { NOT_A_FIELD } from "./plainWords.ts";

/** The one error shape of the API: `{ status, detail, errors? }` (detail as Django REST framework had it). */
export const errorBodySchema = z
  .object({
    status: z.number().int().meta({ description: "The HTTP status, repeated." }),
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
  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly errors?: FieldError[],
    /** Headers the refusal carries (429: Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = "HttpError";
  }
}

/** A refusal of one field, in the one voice: `field: message`, and the field named in `errors`. */
export const fieldRefusal = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, [{ field, message }]);

export const invalidToken = () => new HttpError(401, "Invalid token.");
export const forbidden = (detail = "You do not have permission to perform this action.") =>
  new HttpError(403, detail);
export const notFound = (detail = "Not found.") => new HttpError(404, detail);

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
  const body: ErrorBody = { status: error.status, detail: error.detail };
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
  return undefined;
}

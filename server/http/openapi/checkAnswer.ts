/**
 * The answer check (docs/api.md "Answers"): a successful JSON answer is parsed with the schema its
 * route declared, so an answer that drifts from its document - and from the web app's types, made
 * from the same schemas - fails the first test that calls the route. On in tests, by
 * VITALITY_CHECK_ANSWERS=1 in development; never in production (it reads every answer twice).
 */
import type { Context } from "hono";
import type { z } from "zod";
import { HttpError } from "../errors.ts";

/** A success answer: its schema (zod, the one the check and the web's types use) and words. */
export interface AnswerDescription {
  description: string;
  schema: z.ZodType;
  /** application/json unless stated (a CSV, an image, an HTML page); a list when it varies (exports). */
  media?: string | string[];
  /** A typical answer, shown in the document. */
  example?: unknown;
  /** The success status when it is not 200. */
  status?: 200 | 201 | 202;
}

type Issue = z.core.$ZodIssue;

/**
 * Where the answer differs, in a few lines. For a union (answers with several forms), the issues
 * of the form that came closest: a union's own words ('no form matched') would not say where.
 */
function driftOf(issues: readonly Issue[], prefix: PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      // The form whose keys matched (no unknown key at its top), then the fewest issues.
      const distance = (branch: readonly Issue[]) =>
        branch.length +
        (branch.some((inner) => inner.code === "unrecognized_keys" && inner.path.length === 0) ? 100 : 0);
      const closest = [...issue.errors].sort((a, b) => distance(a) - distance(b))[0]!;
      return driftOf(closest, path);
    }
    const where = path.length > 0 ? path.map(String).join(".") : "(answer)";
    const keys = issue.code === "unrecognized_keys" ? ` ${issue.keys.join(", ")}` : "";
    return [`${where}: ${issue.message}${keys}`];
  });
}

export async function checkAnswer(c: Context, answer: AnswerDescription): Promise<void> {
  const response = c.res;
  if (response.status < 200 || response.status >= 300) return;
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return;
  if ([answer.media ?? "application/json"].flat().some((media) => media !== "application/json")) return;
  // A compressed answer is the cached bytes of one already sent plain (the tests' client asks plain).
  if (response.headers.get("content-encoding")) return;
  const parsed = answer.schema.safeParse(await response.clone().json());
  if (parsed.success) return;
  const drift = driftOf(parsed.error.issues).slice(0, 5).join("; ");
  const detail = `The answer of ${c.req.method} ${c.req.routePath} does not match its declared schema: ${drift}`;
  // A programming error, shown to the test (or developer) that made the call, and on its console:
  // a test that only compares the status would not print the answer.
  console.error(detail);
  throw new HttpError(500, detail);
}

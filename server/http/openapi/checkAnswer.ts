/**
 * The answer check (docs/api.md "Answers"): a successful JSON answer is parsed with the schema its
 * route declared, so an answer that drifts from its document - and from the web app's types, made
 * from the same schemas - fails the first test that calls the route. On in tests, by
 * VITALITY_CHECK_ANSWERS=1 in development; never in production (it reads every answer twice).
 */
import type { Context } from "hono";
import { fieldErrors, HttpError } from "../errors.ts";
import type { AnswerDescription } from "./declare.ts";

export async function checkAnswer(c: Context, answer: AnswerDescription): Promise<void> {
  const response = c.res;
  if (response.status < 200 || response.status >= 300) return;
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) return;
  if ((answer.media ?? "application/json") !== "application/json") return;
  // A gzipped answer is the cached bytes of one already sent plain (the tests' client asks plain).
  if (response.headers.get("content-encoding")) return;
  const parsed = answer.schema.safeParse(await response.clone().json());
  if (parsed.success) return;
  const drift = fieldErrors(parsed.error)
    .slice(0, 5)
    .map((error) => `${error.field}: ${error.message}`)
    .join("; ");
  // A programming error, shown to the test (or developer) that made the call.
  throw new HttpError(
    500,
    `The answer of ${c.req.method} ${c.req.routePath} does not match its declared schema: ${drift}`,
  );
}

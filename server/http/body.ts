import type { Context } from "hono";
import type { z } from "zod";
import { noteParsedBody } from "../audit/pending.ts";
import { HttpError, validationError } from "./errors.ts";
import { parseJsonBody } from "./jsonText.ts";
import { declaredFor } from "./openapi/declare.ts";
import { readBodyText, refuseUnsafeText } from "./textSafety.ts";

/**
 * The schema a handler parses must be the one its route declared with describe() (the OpenAPI
 * document is made from those): a route that parses something else is a programming error, seen
 * by the first test that calls it, never a silent difference between the document and the route.
 */
function checkDeclared(c: Context, part: "body" | "query", schema: z.ZodType) {
  const declared = declaredFor(c.req.raw)?.[part];
  if (declared !== schema) {
    throw new Error(
      `${c.req.method} ${c.req.routePath} parses a ${part} schema its describe() does not declare`,
    );
  }
}

/** Reads a JSON body and parses it with a zod schema (use strict objects so unknown fields are refused). */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  checkDeclared(c, "body", schema);
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/json")) {
    throw new HttpError(415, "Content-Type must be application/json.");
  }
  const text = await readBodyText(c);
  const value = text.length === 0 ? {} : parseJsonBody(text);
  refuseUnsafeText(value);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  noteParsedBody(parsed.data);
  return parsed.data;
}

/** Parses the query string with the schema the route declared (field errors name the parameter). */
export function readQuery<Schema extends z.ZodType>(c: Context, schema: Schema): z.infer<Schema> {
  checkDeclared(c, "query", schema);
  return parseWith(schema, c.req.query());
}

/** Parses a body the handler read itself (an optional body, a body merged with the query). */
export function parseBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
  value: unknown,
): z.infer<Schema> {
  checkDeclared(c, "body", schema);
  const parsed = parseWith(schema, value);
  noteParsedBody(parsed);
  return parsed;
}

/** Parses a value that is not a body with the same error shape (field paths inside the value). */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  refuseUnsafeText(value);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Parses one path or query parameter, naming it in the error. */
export function parseParam<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  name: string,
): z.infer<Schema> {
  refuseUnsafeText({ [name]: value });
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "is invalid";
    throw new HttpError(400, `${name}: ${message}`, [{ field: name, message }]);
  }
  return parsed.data;
}

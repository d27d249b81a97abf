import type { Context } from "hono";
import type { z } from "zod";
import { HttpError, validationError } from "./errors.ts";

/** Reads a JSON body and parses it with a zod schema (use strict objects so unknown fields are refused). */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/json")) {
    throw new HttpError(415, "Content-Type must be application/json.");
  }
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, "Malformed JSON body.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Parses a value that is not a body with the same error shape (field paths inside the value). */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
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
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "is invalid";
    throw new HttpError(400, `${name}: ${message}`, [{ field: name, message }]);
  }
  return parsed.data;
}

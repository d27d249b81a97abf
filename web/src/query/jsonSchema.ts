import type { JsonSchema } from "./types.ts";

/** One problem of a value, by the filter (top-level property) it concerns; "" for the whole value. */
export interface SchemaProblem {
  field: string;
  message: string;
}

/**
 * Checks a value against the filter JSON Schema of the manifest (the subset zod emits: object
 * properties, anyOf, arrays with items/minItems/maxItems, enums, integer bounds, string patterns).
 * The server validates again; this lets the dialog disable Apply and the screen refuse bad
 * addresses without a round trip. Empty when valid.
 */
export function schemaProblems(schema: JsonSchema, value: unknown): SchemaProblem[] {
  if (typeOf(schema) !== "object" || !isRecord(value)) {
    return valueProblems(schema, value).map((message) => ({ field: "", message }));
  }
  const problems: SchemaProblem[] = [];
  for (const field of schema.required ?? []) {
    if (value[field] === undefined) problems.push({ field, message: "is required" });
  }
  for (const [field, item] of Object.entries(value)) {
    const property = schema.properties?.[field];
    if (property) problems.push(...valueProblems(property, item).map((message) => ({ field, message })));
    else if (schema.additionalProperties === false) {
      problems.push({ field, message: "is not a filter of this analysis" });
    }
  }
  return problems;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** Messages (without the field name) for one value; the first failing rule only. */
function valueProblems(schema: JsonSchema, value: unknown): string[] {
  if (schema.anyOf) {
    const branches = schema.anyOf.map((branch) => valueProblems(branch, value));
    return branches.some((problems) => problems.length === 0) ? [] : (branches[0] ?? []);
  }
  if (schema.enum && !schema.enum.includes(value)) {
    return [`must be one of ${schema.enum.map(String).join(", ")}`];
  }
  switch (typeOf(schema)) {
    case "array":
      return arrayProblems(schema, value);
    case "integer":
    case "number":
      return numberProblems(schema, value);
    case "string":
      if (typeof value !== "string") return ["must be text"];
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) return [`"${value}" is not valid`];
      return [];
    case "object":
      return isRecord(value) ? [] : ["must be an object"];
    default:
      return [];
  }
}

function arrayProblems(schema: JsonSchema, value: unknown): string[] {
  if (!Array.isArray(value)) return ["must be a list"];
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    return [schema.minItems === 1 ? "select at least one" : `select at least ${schema.minItems}`];
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    return [`select at most ${schema.maxItems}`];
  }
  const items = schema.items;
  if (!items) return [];
  return value.flatMap((item) => valueProblems(items, item)).slice(0, 1);
}

function numberProblems(schema: JsonSchema, value: unknown): string[] {
  if (typeof value !== "number" || Number.isNaN(value)) return ["must be a number"];
  if (typeOf(schema) === "integer" && !Number.isInteger(value)) return ["must be a whole number"];
  if (schema.minimum !== undefined && value < schema.minimum) return [`must be at least ${schema.minimum}`];
  if (schema.maximum !== undefined && value > schema.maximum) return [`must be at most ${schema.maximum}`];
  return [];
}

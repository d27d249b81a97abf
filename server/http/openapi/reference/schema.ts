/**
 * A JSON Schema of the document as the reference page shows it: each field with its type, whether it
 * is required, its description and its constraints (lengths, bounds, pattern, choices, default), as
 * nested lists. The schemas are zod's (toJSONSchema through hono-openapi), so only what zod emits is read.
 */
import type { OpenAPIV3_1 } from "openapi-types";
import { escapeHtml } from "./text.ts";

export type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;

const choices = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join(", ");

/** A range in words: 'from 1 to 100 characters', 'at least 1', 'at most 5 entries'. */
function range(min: number | undefined, max: number | undefined, unit: string) {
  const what = unit ? ` ${unit}` : "";
  if (min !== undefined && max !== undefined) {
    return min === max ? `exactly ${min}${what}` : `from ${min} to ${max}${what}`;
  }
  if (min !== undefined) return `at least ${min}${what}`;
  if (max !== undefined) return `at most ${max}${what}`;
  return undefined;
}

/** zod bounds every integer by the safe integers: no rule a reader needs to know. */
const bound = (value: number | undefined) =>
  value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;

/** Zod writes its built-in formats' regular expressions beside the format; the format says it. */
const ownPattern = (schema: OpenAPIV3_1.SchemaObject) => (schema.format ? undefined : schema.pattern);

export class SchemaView {
  constructor(private readonly components: OpenAPIV3_1.ComponentsObject | undefined) {}

  resolve(schema: Schema | undefined): OpenAPIV3_1.SchemaObject | undefined {
    if (!schema) return undefined;
    if ("$ref" in schema) {
      const name = schema.$ref.split("/").pop()!;
      return this.resolve(this.components?.schemas?.[name] as Schema | undefined);
    }
    return schema;
  }

  /** A schema's type in a few words: 'string (uuid)', 'one of: "a", "b"', 'list of object'. */
  typeOf(raw: Schema | undefined): string {
    const schema = this.resolve(raw);
    if (!schema) return "any";
    if (schema.enum) return `one of: ${choices(schema.enum)}`;
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    const members = schema.anyOf ?? schema.oneOf;
    if (members) return members.map((member) => this.typeOf(member as Schema)).join(" or ");
    if (schema.type === "array") return `list of ${this.typeOf(schema.items as Schema)}`;
    const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
    return schema.format ? `${type} (${schema.format})` : type;
  }

  /** What a value must be besides its type, in words (a list's own bounds, then its entries'). */
  constraintsOf(raw: Schema | undefined): string[] {
    const schema = this.resolve(raw);
    if (!schema) return [];
    const notes = [
      range(schema.minLength, schema.maxLength, "characters"),
      range(bound(schema.minimum), bound(schema.maximum), ""),
      typeof schema.exclusiveMinimum === "number" ? `more than ${schema.exclusiveMinimum}` : undefined,
      typeof schema.exclusiveMaximum === "number" ? `less than ${schema.exclusiveMaximum}` : undefined,
      range(schema.minItems, schema.maxItems, "entries"),
      ownPattern(schema) ? `pattern ${ownPattern(schema)}` : undefined,
      schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : undefined,
    ].filter((note): note is string => note !== undefined);
    if (schema.type === "array") {
      const item = this.resolve(schema.items as Schema);
      const inner = this.constraintsOf(item);
      if (inner.length > 0) notes.push(`each: ${inner.join(", ")}`);
    }
    for (const member of schema.anyOf ?? schema.oneOf ?? [])
      notes.push(...this.constraintsOf(member as Schema));
    return [...new Set(notes)];
  }

  /** The fields of an object schema as nested lists (objects inside lists and unions too). */
  fields(raw: Schema | undefined, depth = 0): string {
    const schema = this.resolve(raw);
    if (!schema || depth > 5) return "";
    const inner = schema.type === "array" ? this.resolve(schema.items as Schema) : schema;
    const members = (inner?.anyOf ?? inner?.oneOf)?.map((member) => this.resolve(member as Schema));
    if (members) {
      return members
        .filter((member) => member?.properties)
        .map((member) => this.fields(member, depth))
        .join('<p class="or">or</p>');
    }
    if (!inner?.properties) return "";
    const required = new Set(inner.required ?? []);
    const rows = Object.entries(inner.properties).map(([name, property]) => {
      const resolved = this.resolve(property as Schema);
      const constraints = this.constraintsOf(property as Schema);
      return `<li><code class="field">${escapeHtml(name)}</code> <span class="type">${escapeHtml(
        this.typeOf(property as Schema),
      )}</span>${required.has(name) ? ' <span class="req">required</span>' : ""}${
        resolved?.description ? ` <span class="desc">${escapeHtml(resolved.description)}</span>` : ""
      }${
        constraints.length > 0 ? ` <span class="rule">${escapeHtml(constraints.join("; "))}</span>` : ""
      }${this.fields(property as Schema, depth + 1)}</li>`;
    });
    const closed = inner.additionalProperties === false ? '<li class="closed">no other field</li>' : "";
    return `<ul class="fields">${rows.join("")}${closed}</ul>`;
  }
}

/**
 * Helpers for the tests that walk every registered API route against the OpenAPI document
 * (apiDocument.test.ts, fieldErrors.test.ts): the routes as tenancy.test.ts lists them, their place
 * in the document, and values of the wrong type for a field the document declares.
 */
import type { TestApp } from "../helpers/testApp.ts";

export interface RegisteredRoute {
  method: string;
  /** Hono's path, e.g. /api/management/queries/:name{querie[0-9]+|...}. */
  path: string;
  /** The document's path, e.g. /api/management/queries/{name}. */
  documentPath: string;
}

const normalise = (path: string) => path.replace(/\/+$/, "").replace(/\/\*$/, "");

/** The document's form of a Hono path: `:name{regex}` and `:name` become `{name}`. */
export const documentPathOf = (path: string) =>
  path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? `{${/^:([^{?]+)/.exec(segment)![1]}}` : segment))
    .join("/");

/** Every registered API route, as tests/api/tenancy.test.ts walks them (middleware and catch-alls left out). */
export function registeredRoutes(t: TestApp): RegisteredRoute[] {
  const seen = new Map<string, RegisteredRoute>();
  for (const route of t.app.routes) {
    if (!route.path.startsWith("/api/") || route.method === "ALL" || route.path.endsWith("*")) continue;
    const path = normalise(route.path);
    seen.set(`${route.method} ${path}`, { method: route.method, path, documentPath: documentPathOf(path) });
  }
  return [...seen.values()];
}

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema objects are read loosely here
export type JsonSchema = Record<string, any>;

/** The JSON types a schema accepts ('integer' counts as 'number'); undefined when it accepts anything. */
export function acceptedTypes(schema: JsonSchema, components: JsonSchema): Set<string> | undefined {
  if (schema.$ref) return acceptedTypes(components[schema.$ref.split("/").pop()] ?? {}, components);
  const members = schema.anyOf ?? schema.oneOf;
  if (members) {
    const all = new Set<string>();
    for (const member of members) {
      const types = acceptedTypes(member, components);
      if (!types) return undefined;
      for (const type of types) all.add(type);
    }
    return all;
  }
  if (schema.allOf) return acceptedTypes(schema.allOf[0], components);
  if (schema.const !== undefined) return new Set([jsonType(schema.const)]);
  if (schema.enum) return new Set(schema.enum.map(jsonType));
  if (schema.type === undefined) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return new Set(types.map((type: string) => (type === "integer" ? "number" : type)));
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * A value the schema's declared types refuse: a string where a number, boolean or object is
 * declared, a number where a string is. Undefined when the schema accepts any JSON type.
 */
export function wrongValueFor(schema: JsonSchema, components: JsonSchema): unknown {
  const types = acceptedTypes(schema, components);
  if (!types) return undefined;
  const candidates: unknown[] = ["not a valid value", 12345, true, { nested: 1 }, [1]];
  return candidates.find((candidate) => !types.has(jsonType(candidate)));
}

/** The object schema of a body (its first member when it is a union, as savedQueries' POST /save). */
export function objectSchemaOf(
  schema: JsonSchema | undefined,
  components: JsonSchema,
): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return objectSchemaOf(components[schema.$ref.split("/").pop()], components);
  if (schema.properties) return schema;
  const members = schema.anyOf ?? schema.oneOf;
  return members ? objectSchemaOf(members[0], components) : undefined;
}

/** One wrong-typed body per field, nested objects' fields included: [field path, body]. */
export function wrongBodies(schema: JsonSchema, components: JsonSchema): [string, unknown][] {
  const bodies: [string, unknown][] = [];
  const object = objectSchemaOf(schema, components);
  for (const [name, property] of Object.entries(object?.properties ?? {})) {
    const wrong = wrongValueFor(property as JsonSchema, components);
    if (wrong !== undefined) bodies.push([name, { [name]: wrong }]);
    const inner = objectSchemaOf(property as JsonSchema, components);
    for (const [field, body] of inner ? wrongBodies(inner, components) : []) {
      bodies.push([`${name}.${field}`, { [name]: body }]);
    }
  }
  return bodies;
}

/** A path with its parameters filled: a saved-query id or an analysis name, otherwise a fresh UUID. */
export function concretePath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      if (!segment.startsWith(":")) return segment;
      if (segment.startsWith(":name{querie") || segment.startsWith(":name{(?:querie")) return "querie1";
      return crypto.randomUUID();
    })
    .join("/");
}

/** A pattern whose matches have a bounded length (no `*`, `+` or open `{n,}`): a uuid, a date, a year. */
const boundedPattern = (pattern: string) => !/(?<!\\)[*+]|\{\d+,\}/.test(pattern);

/**
 * The text fields of every request (JSON and multipart bodies, query parameters) that state no
 * maxLength, as `METHOD path field.path`. A choice (enum, const), a file, or text held to a pattern
 * of bounded length needs none. Path parameters are left out: the document has them from the path
 * alone (hono-openapi), and each route holds its own to an id, a token or a name it looks up.
 */
export function stringsWithoutMaxLength(document: JsonSchema): string[] {
  const components: JsonSchema = document.components?.schemas ?? {};
  const found: string[] = [];
  const walk = (schema: JsonSchema | undefined, where: string, seen: Set<string>) => {
    if (!schema || typeof schema !== "object") return;
    if (schema.$ref) {
      const name = schema.$ref.split("/").pop() as string;
      if (seen.has(name)) return;
      walk(components[name], where, new Set([...seen, name]));
      return;
    }
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      for (const member of schema[key] ?? []) walk(member, where, seen);
    }
    const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (
      types.includes("string") &&
      schema.maxLength === undefined &&
      schema.enum === undefined &&
      schema.const === undefined &&
      schema.format !== "binary" &&
      schema.contentEncoding !== "binary" &&
      !(schema.pattern !== undefined && boundedPattern(schema.pattern))
    ) {
      found.push(where);
    }
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      walk(property, where.endsWith(" ") ? `${where}${name}` : `${where}.${name}`, seen);
    }
    if (schema.items) walk(schema.items, where.endsWith(" ") ? `${where}[]` : `${where}.[]`, seen);
    if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
      walk(schema.additionalProperties, where.endsWith(" ") ? `${where}*` : `${where}.*`, seen);
    }
  };
  for (const [path, item] of Object.entries(document.paths as Record<string, JsonSchema>)) {
    for (const [method, operation] of Object.entries(item)) {
      const call = `${method.toUpperCase()} ${path} `;
      for (const [media, content] of Object.entries((operation.requestBody?.content ?? {}) as JsonSchema)) {
        walk(content.schema, media === "application/json" ? call : `${call}(${media}) `, new Set());
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === "path") continue;
        walk(parameter.schema, `${call}${parameter.in}:${parameter.name}`, new Set());
      }
    }
  }
  return found;
}

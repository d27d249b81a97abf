/**
 * What a route accepts and answers, declared once beside the route: a middleware that carries the
 * route's description (read by hono-openapi's generateSpecs() when it walks the app's routes) and
 * remembers, per request, the zod schema of the body and query it declared. The handler still
 * parses with readJson(c, schema) / readQuery(c, schema) at the point it always did (after its own
 * session checks), and those refuse a schema other than the declared one: the document and the
 * parse cannot drift apart (docs/api.md).
 */
import type { MiddlewareHandler } from "hono";
import { resolver, uniqueSymbol } from "hono-openapi";
import { z } from "zod";

export interface RouteDescription {
  /** One line: what the call does, in the words of the specs. */
  summary: string;
  /** Where it lives in the specs (customer-area.md / admin-area.md) or in the app. */
  tags: string[];
  /** More words when the summary is not enough (who may call it, what it changes). */
  description?: string;
  /** The JSON body the handler parses. */
  body?: z.ZodType;
  /** The body shown in the document when the handler parses in two steps (see savedQueries.ts). */
  documentedBody?: z.ZodType;
  /** The query string the handler parses. */
  query?: z.ZodType;
  /** A body that is not JSON (multipart forms, files): its media type and documented fields. */
  form?: { media: string; schema: z.ZodType };
  /** The answer of a successful call: a schema where one exists, else words. */
  answer: string | { description: string; schema: z.ZodType; media?: string };
}

interface Declared {
  body?: z.ZodType;
  query?: z.ZodType;
}

/** The schemas each in-flight request's route declared (a WeakMap: nothing outlives its request). */
const declaredByRequest = new WeakMap<Request, Declared>();

export const declaredFor = (request: Request): Declared | undefined => declaredByRequest.get(request);

/** One `in: query` parameter per field of the query schema (what the handler's readQuery parses). */
function queryParameters(query: z.ZodType) {
  const schema = z.toJSONSchema(query, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    in: "query",
    name,
    required: schema.required?.includes(name) ?? false,
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

function operationOf(route: RouteDescription) {
  const answer =
    typeof route.answer === "string"
      ? { description: route.answer }
      : {
          description: route.answer.description,
          content: {
            [route.answer.media ?? "application/json"]: { schema: resolver(route.answer.schema) },
          },
        };
  const shownBody = route.documentedBody ?? route.body;
  const requestBody = shownBody
    ? { required: true, content: { "application/json": { schema: resolver(shownBody) } } }
    : route.form
      ? { required: true, content: { [route.form.media]: { schema: resolver(route.form.schema) } } }
      : undefined;
  return {
    summary: route.summary,
    ...(route.query ? { parameters: queryParameters(route.query) } : {}),
    description: route.description,
    tags: route.tags,
    ...(requestBody ? { requestBody } : {}),
    responses: { 200: answer },
  };
}

/** The route's description; put it after the route's guards and before its handler. */
export function describe(route: RouteDescription): MiddlewareHandler {
  const declared: Declared = { body: route.body, query: route.query };
  const middleware: MiddlewareHandler = async (c, next) => {
    declaredByRequest.set(c.req.raw, declared);
    await next();
  };
  return Object.assign(middleware, {
    [uniqueSymbol]: { spec: operationOf(route) },
    /** For the document's query parameters (queryParameters.ts) and the tests. */
    declared: route,
  });
}

/**
 * What a route accepts and answers, declared once beside the route: a middleware that carries the
 * route's description (read by hono-openapi's generateSpecs() when it walks the app's routes) and
 * remembers, per request, the zod schema of the body and query it declared. The handler still
 * parses with readJson(c, schema) / readQuery(c, schema) at the point it always did (after its own
 * session checks), and those refuse a schema other than the declared one: the document and the
 * parse cannot drift apart (docs/api.md). Where checking is on (tests; VITALITY_CHECK_ANSWERS=1),
 * the same middleware holds each JSON answer to the declared answer schema (checkAnswer.ts).
 */
import type { MiddlewareHandler } from "hono";
import { resolver, uniqueSymbol } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_DESCRIPTION,
  idempotency,
  REPLAYED_HEADER,
} from "../middleware/idempotency.ts";
import { type AnswerDescription, checkAnswer } from "./checkAnswer.ts";
import { type Deprecated, deprecationHeaders, deprecationWords } from "./deprecation.ts";

/** A refusal a route can answer besides the ones every route can (document.ts). */
export interface Refusal {
  description: string;
  /** When the answer is not the error shape (an upload's 409 asks for a confirmation). */
  schema?: z.ZodType;
  /** application/json unless stated (the unsubscribe link's pages are HTML). */
  media?: string;
}

export interface RouteDescription {
  /** One line: what the call does, in the words of the specs. */
  summary: string;
  /** Where it lives in the specs (customer-area.md / admin-area.md) or in the app; defined in tags.ts. */
  tags: string[];
  /** More words when the summary is not enough (who may call it, what it changes). */
  description?: string;
  /** The JSON body the handler parses. */
  body?: z.ZodType;
  /** The body shown in the document when the handler parses in two steps (see savedQueries.ts). */
  documentedBody?: z.ZodType;
  /** A typical body, shown in the document. */
  bodyExample?: unknown;
  /** The body may be left out (the call's fields may come in the query string instead). */
  optionalBody?: true;
  /** The query string the handler parses. */
  query?: z.ZodType;
  /**
   * A body that is not JSON (multipart forms, files): its media type and documented fields, and
   * how a field is encoded when it is not text (user_data: JSON text).
   */
  form?: {
    media: string;
    schema: z.ZodType;
    encoding?: Record<string, { contentType: string }>;
    /**
     * A typical form, shown in the document: each text part as sent (a JSON part as its object),
     * each file part by its file's name (a list for a part that takes several).
     */
    example?: Record<string, unknown>;
  };
  /** The answer of a successful call. A bare sentence only where there is no body to describe. */
  answer: string | AnswerDescription;
  /**
   * A create: takes an `Idempotency-Key` header (server/http/middleware/idempotency.ts), so a
   * retried request answers the first one's answer instead of creating again.
   */
  idempotent?: true;
  /**
   * A call kept for old clients after a rename: it still works, answers `Deprecation` and `Sunset`
   * (and `Link` to its successor), and the document marks it `deprecated` (docs/api.md).
   */
  deprecated?: Deprecated;
  /** Statuses this route answers besides 400-405 (409 asks to confirm, 429 too many attempts...). */
  refusals?: Partial<Record<400 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503 | 507, string | Refusal>>;
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

/** Answers are described as the server writes them (zod's output side: defaults applied). */
const answerSchema = (schema: z.ZodType) => resolver(schema, { options: { io: "output" } });

const errorShape = { $ref: "#/components/schemas/ErrorBody" };

/** 429 says when to try again, in the Retry-After header (seconds). */
const RETRY_AFTER = {
  "Retry-After": {
    description: "Seconds until the window of attempts starts again.",
    schema: { type: "integer", minimum: 1 },
  },
};

const IDEMPOTENCY_CONFLICT =
  "The `Idempotency-Key` was used within 24 hours for another call or body (`idempotency_key_reused`), or its first request is still being answered (`idempotency_in_progress`, with `Retry-After`).";

/** An idempotent route's 409 adds the key's two refusals to the route's own. */
function conflictOf(route: RouteDescription): string | Refusal | undefined {
  const own = route.refusals?.[409];
  if (!route.idempotent) return own;
  if (own === undefined) return IDEMPOTENCY_CONFLICT;
  return typeof own === "string"
    ? `${own} ${IDEMPOTENCY_CONFLICT}`
    : { ...own, description: `${own.description} ${IDEMPOTENCY_CONFLICT}` };
}

function refusalsOf(route: RouteDescription) {
  const shownBody = route.documentedBody ?? route.body;
  const conflict = conflictOf(route);
  const all: NonNullable<RouteDescription["refusals"]> = {
    // Every JSON body is read by readJson (415 for another media type) under the body limit (413).
    ...(shownBody
      ? {
          413: "The body is larger than the limit (1 MB for JSON).",
          415: "The body is not `application/json`.",
        }
      : {}),
    ...route.refusals,
    ...(conflict ? { 409: conflict } : {}),
  };
  return Object.fromEntries(
    Object.entries(all).map(([status, refusal]) => {
      const { description, schema, media } = typeof refusal === "string" ? { description: refusal } : refusal;
      return [
        status,
        {
          description,
          ...(status === "429" ? { headers: RETRY_AFTER } : {}),
          content: { [media ?? "application/json"]: { schema: schema ? answerSchema(schema) : errorShape } },
        },
      ];
    }),
  );
}

const IDEMPOTENCY_PARAMETER = {
  in: "header",
  name: IDEMPOTENCY_HEADER,
  required: false,
  description: IDEMPOTENCY_KEY_DESCRIPTION,
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
};

const REPLAYED = {
  description: "`true` when this is the stored answer of an earlier request with the same `Idempotency-Key`.",
  schema: { type: "string", enum: ["true"] },
};

const DEPRECATION_HEADERS = {
  Deprecation: {
    description: "Since when the call is deprecated (RFC 9745): `@` and Unix seconds.",
    schema: { type: "string" },
  },
  Sunset: {
    description: "When the call stops answering (RFC 8594): an HTTP date.",
    schema: { type: "string" },
  },
  Link: {
    description: 'The call to use instead: `<path>; rel="successor-version"`.',
    schema: { type: "string" },
  },
};

function operationOf(route: RouteDescription) {
  const described = route.answer;
  const answer =
    typeof described === "string"
      ? { description: described }
      : {
          description: described.description,
          content: Object.fromEntries(
            [described.media ?? "application/json"].flat().map((media) => [
              media,
              {
                schema: answerSchema(described.schema),
                ...(described.example === undefined ? {} : { example: described.example }),
              },
            ]),
          ),
        };
  const success = typeof route.answer === "string" ? 200 : (route.answer.status ?? 200);
  const shownBody = route.documentedBody ?? route.body;
  const example = route.bodyExample === undefined ? {} : { example: route.bodyExample };
  const requestBody = shownBody
    ? {
        required: !route.optionalBody,
        content: { "application/json": { schema: resolver(shownBody), ...example } },
      }
    : route.form
      ? {
          required: true,
          content: {
            [route.form.media]: {
              schema: resolver(route.form.schema),
              ...(route.form.encoding ? { encoding: route.form.encoding } : {}),
              ...(route.form.example ? { example: route.form.example } : {}),
            },
          },
        }
      : undefined;
  const parameters = [
    ...(route.query ? queryParameters(route.query) : []),
    ...(route.idempotent ? [IDEMPOTENCY_PARAMETER] : []),
  ];
  Object.assign(answer, {
    headers: {
      ...(route.idempotent ? { [REPLAYED_HEADER]: REPLAYED } : {}),
      ...(route.deprecated ? DEPRECATION_HEADERS : {}),
    },
  });
  return {
    summary: route.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.deprecated ? { deprecated: true } : {}),
    description: route.deprecated
      ? `${route.description ?? route.summary}\n\n${deprecationWords(route.deprecated)}`
      : (route.description ?? route.summary),
    tags: route.tags,
    ...(requestBody ? { requestBody } : {}),
    responses: { [success]: answer, ...refusalsOf(route) },
  };
}

/** The route's description; put it after the route's guards and before its handler. */
export function describe(route: RouteDescription): MiddlewareHandler<AppEnv> {
  const declared: Declared = { body: route.body, query: route.query };
  const checked = typeof route.answer === "string" ? undefined : route.answer;
  const keyed = route.idempotent ? idempotency() : undefined;
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    declaredByRequest.set(c.req.raw, declared);
    await (keyed ? keyed(c, next) : next());
    if (route.deprecated) {
      for (const [name, value] of Object.entries(deprecationHeaders(route.deprecated))) c.header(name, value);
    }
    if (checked && c.var.app?.config.checkAnswers) await checkAnswer(c, checked);
  };
  return Object.assign(middleware, {
    [uniqueSymbol]: { spec: operationOf(route) },
    /** For the document's query parameters (queryParameters.ts) and the tests. */
    declared: route,
  });
}

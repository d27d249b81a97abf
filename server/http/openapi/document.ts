/**
 * The OpenAPI 3.1 document of the API, made from the app's own routes: hono-openapi walks
 * app.routes and reads each route's describe() (declare.ts), whose body, query and answer schemas
 * are the zod objects the handlers parse and the answer check holds answers to. Made once, on the
 * first request (routes do not change after start-up).
 */
import type { Hono } from "hono";
import { generateSpecs, resolver } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { errorBodySchema } from "../errors.ts";
import { REQUEST_ID_HEADER } from "../middleware/requestLog.ts";
import { LIVE_CHANNEL_WORDS } from "./liveChannelWords.ts";
import { AUTHENTICATION_WORDS, withSecurity } from "./security.ts";
import { TAGS } from "./tags.ts";
import { API_VERSION } from "./version.ts";

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: resolver(errorBodySchema) } },
});

/** Every call can be refused with the one error shape (server/http/errors.ts). */
const errorAnswers = {
  400: errorAnswer(
    "A field is refused (`field_invalid`: `errors` names each field and what it must be), or the request as a whole (`bad_request`, `malformed_body`, `not_ready`...).",
  ),
  401: errorAnswer("Not signed in, or the session ended (`unauthenticated`; `detail` is 'Invalid token.')."),
  403: errorAnswer(
    "Signed in, but this role may not make the call (`forbidden`), a staff session on a customer's call (`staff_session`), a write without the CSRF pair (`csrf_failed`) or in the dummy view (`dummy_read_only`).",
  ),
  404: errorAnswer("The row named does not exist, or belongs to another organisation (`not_found`)."),
  405: errorAnswer("A method the path does not take (`method_not_allowed`); `Allow` lists those it takes."),
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every answer names its request (server/http/middleware/requestLog.ts): the header, on each response. */
const REQUEST_ID: OpenAPIV3_1.HeaderObject = {
  description:
    "The request's id: the one the client sent in `X-Request-Id` (its first 64 characters), else a new UUID. The server's log line of the request carries it; quote it when reporting a failure.",
  schema: { type: "string", maxLength: 64 },
};

function withRequestId(document: OpenAPIV3_1.Document): OpenAPIV3_1.Document {
  document.components = {
    ...document.components,
    headers: { ...document.components?.headers, RequestId: REQUEST_ID },
  };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (!operation || typeof operation !== "object" || !("responses" in operation)) continue;
      for (const response of Object.values(operation.responses ?? {}) as OpenAPIV3_1.ResponseObject[]) {
        response.headers = {
          ...response.headers,
          [REQUEST_ID_HEADER]: { $ref: "#/components/headers/RequestId" },
        };
      }
    }
  }
  return document;
}

export function openApiDocument(app: Hono<never>, publicUrl?: string): Promise<OpenAPIV3_1.Document> {
  return generateSpecs(app as unknown as Hono, {
    documentation: {
      info: {
        title: "Vitality API",
        version: API_VERSION,
        description:
          "The calls of the customer area (customer-area.md) and the back office (admin-area.md). " +
          "Bodies are JSON unless stated; every refusal answers `{status, code, detail, errors[{field, message}]}` " +
          "with each field named as in the body, and `code` one of the ErrorBody's codes (switch on it, not on `detail`)." +
          `\n\n${AUTHENTICATION_WORDS}\n\n${LIVE_CHANNEL_WORDS}`,
        license: {
          name: "Proprietary: for Vitality's customers and staff",
          identifier: "LicenseRef-Vitality",
        },
      },
      // The paths are absolute (/api/...): the server is the site itself.
      servers: [{ url: publicUrl ?? "/", description: "This Vitality site" }],
      tags: TAGS.map((tag) => ({ ...tag })),
    },
    defaultOptions: Object.fromEntries(METHODS.map((method) => [method, { responses: errorAnswers }])),
    // describe() answers the 400 itself (the error shape above), not hono-openapi's default.
    defaultValidationErrorResponse: false,
    // /api/openapi.json is a call like any other, not a static file.
    excludeStaticFile: false,
  }).then((document) => withRequestId(withSecurity(document as OpenAPIV3_1.Document)));
}

/**
 * GET /api/openapi.json and GET /api/docs: the API's description, for client authors. Public (no
 * session, no organisation data): the document lists calls and their fields, never data. Made from
 * the whole app once, on the first request, after every route is registered.
 */
import { type Hono, Hono as HonoApp } from "hono";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { readQuery } from "../http/body.ts";
import { HTML_EXAMPLE } from "../http/examples/services.ts";
import { describe } from "../http/openapi/declare.ts";
import { openApiDocument } from "../http/openapi/document.ts";
import { referencePage } from "../http/openapi/referencePage.ts";
import { API_VERSION } from "../http/openapi/version.ts";

const TAG = "API description";

/**
 * The page's search box: any text (a path, a field's name, a word of a summary). A page people
 * follow links to: other query keys (a link's tracking tags) are ignored, not refused.
 */
const docsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, "must be at most 100 characters")
    .default("")
    .describe("Words the calls shown must all have (in their path, summary or fields); empty: every call."),
});

export function apiDescriptionRoutes(app: Hono<AppEnv>) {
  let document: Promise<OpenAPIV3_1.Document> | undefined;
  const documentOf = (publicUrl: string) => {
    document ??= openApiDocument(app as unknown as Hono<never>, publicUrl);
    return document;
  };
  return new HonoApp<AppEnv>()
    .get(
      "/openapi.json",
      describe({
        summary: "This document: every call, its body, answer and error shape (OpenAPI 3.1).",
        tags: [TAG],
        answer: {
          description: "The OpenAPI document.",
          schema: z
            .object({ openapi: z.string(), info: z.object({}).loose(), paths: z.object({}).loose() })
            .loose(),
          example: {
            openapi: "3.1.0",
            info: { title: "Vitality API", version: API_VERSION },
            paths: { "/api/health/": { get: { summary: "Whether the server and its database answer." } } },
          },
        },
      }),
      async (c) => c.json(await documentOf(c.var.app.config.publicUrl)),
    )
    .get(
      "/docs",
      describe({
        summary:
          "The same document as one readable HTML page: each call's credentials, fields, rules and examples; `q` shows only the calls that match.",
        tags: [TAG],
        query: docsQuery,
        answer: {
          description: "An HTML page (no script).",
          media: "text/html",
          schema: z.string(),
          example: HTML_EXAMPLE,
        },
      }),
      async (c) => {
        const { q } = readQuery(c, docsQuery);
        return c.html(referencePage(await documentOf(c.var.app.config.publicUrl), q));
      },
    );
}

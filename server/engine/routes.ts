/**
 * /api/management/queries/...: run an analysis (and export its tables), the manifest the web app
 * draws the screens from, and the organisation's usage counts. Mount with
 * `.route("/management/queries", queriesRoutes)` in server/routes/index.ts.
 */
import { type Context, Hono } from "hono";
import { setMetric, timing } from "hono/timing";
import { z } from "zod";
import { boundedCache } from "../caches/bounded.ts";
import type { AppEnv } from "../context.ts";
import { atMost, JSON_TEXT_MAX } from "../forms/textLimits.ts";
import { manifestAnswer, runOrExportAnswer, statsAnswer } from "../http/answers/analyses.ts";
import { parseBody } from "../http/body.ts";
import { sendEncoded } from "../http/encodedBody.ts";
import { HttpError, invalidToken, notFound } from "../http/errors.ts";
import { manifestExample, runExample } from "../http/examples/analyses.ts";
import { noFieldsBodyExample } from "../http/examples/requestBodies.ts";
import { CSV_EXAMPLE } from "../http/examples/services.ts";
import { nestsTooDeep, parseJsonBody, parseJsonField, TOO_DEEP_MESSAGE } from "../http/jsonText.ts";
import { dummyOrganisationOf } from "../http/middleware/dummyReadOnly.ts";
import { customerScope } from "../http/middleware/guards.ts";
import { describe } from "../http/openapi/declare.ts";
import { STORAGE_FULL_REFUSAL } from "../http/storageFull.ts";
import { readBodyText } from "../http/textSafety.ts";
import { tableToCsv } from "./export/csv.ts";
import { type ExportReader, readExport, writeExport } from "./export/exportFiles.ts";
import { exportTable } from "./export/tableRows.ts";
import { tablesToXlsx } from "./export/xlsx.ts";
import { requestFilters } from "./filters.ts";
import { manifestBody } from "./manifest.ts";
import { audienceOf, yearsFor } from "./organisationInputs.ts";
import { organisationSnapshot } from "./organisationSnapshot.ts";
import { pluginRegistry } from "./registry.ts";
import { runPlugin } from "./runPlugin.ts";
import { savedQueryForRun } from "./savedQueries.ts";
import { flushQueryUsage, logQueryUsage, queryUsageCounts } from "./usage.ts";

const ORGANISATION_ID = z.uuid();

const filtersText = z.string().max(JSON_TEXT_MAX, atMost(JSON_TEXT_MAX));

/** Filters come as an object in the JSON body, or as JSON text (query string, or the body's field). */
const filtersField = z
  .union([z.record(z.string(), z.unknown()), filtersText], {
    error: "must be an object of filters (or its JSON text)",
  })
  .optional()
  .transform((value, context) => {
    if (typeof value !== "string") return value ?? {};
    if (nestsTooDeep(value)) {
      context.addIssue({ code: "custom", message: TOO_DEEP_MESSAGE });
      return z.NEVER;
    }
    const parsed = parseJsonField(value, "filters");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
    context.addIssue({ code: "custom", message: "must be a JSON object of filters" });
    return z.NEVER;
  });

/** Dummy mode: read by customerScope() from the query string; accepted so strict parses do not refuse it. */
const dummyOrgId = z
  .string()
  .max(36, "must be an organisation id (UUID)")
  .optional()
  .meta({ description: "Staff in the dummy view: the organisation viewed (or the X-Dummy-Org header)." });

export const runRequest = z.strictObject({
  filters: filtersField,
  export: z.enum(["csv", "xlsx"], { error: "must be csv or xlsx" }).optional(),
  export_nb: z.coerce
    .number({ error: "must be a table number from 0" })
    .int("must be a table number from 0")
    .min(0, "must be a table number from 0")
    .optional(),
  org_id: dummyOrgId,
});

/** The run request as the document shows it: the filters' fields (one rule for every analysis). */
export const documentedRunRequest = runRequest.extend({
  filters: z
    .union([
      requestFilters,
      filtersText.meta({ description: "The same filters as JSON text (how a query string sends them)." }),
    ])
    .optional(),
});

/** POST stats takes no field of its own (the dummy view's org_id aside): any other is refused by name. */
export const statsRequest = z.strictObject({ org_id: dummyOrgId });

/** The body is optional (the original client sent query parameters only); when present it is JSON. */
function optionalJsonBody(c: Context<AppEnv>, text: string): Record<string, unknown> {
  if (text.trim().length === 0) return {};
  if (!(c.req.header("content-type") ?? "").includes("application/json")) {
    throw new HttpError(415, "Content-Type must be application/json.");
  }
  const value = parseJsonBody(text);
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new HttpError(400, "Malformed JSON body.").withCode("malformed_body");
}

type RunRequestBody = z.infer<typeof runRequest>;
/**
 * Parsed run requests by their text (query string, content type, body). Parsing is a pure function
 * of that text, so identical requests - a screen asked again, the cached path - skip it, and get
 * the same filters object, which lets runPlugin skip its filter parse too.
 */
const parsedRunRequests = boundedCache<RunRequestBody>({ name: "runRequests", max: 1000 });

/** The query string and the optional JSON body, as one object (the body's fields win). */
async function queryAndBody(c: Context<AppEnv>) {
  return { ...c.req.query(), ...optionalJsonBody(c, await readBodyText(c)) };
}

async function readRunRequest(c: Context<AppEnv>): Promise<RunRequestBody> {
  const text = await readBodyText(c);
  const url = c.req.url;
  const search = url.includes("?") ? url.slice(url.indexOf("?")) : "";
  const key = `${search}\n${c.req.header("content-type") ?? ""}\n${text}`;
  const known = parsedRunRequests.get(key);
  if (known) return known;
  const request = parseBody(c, runRequest, { ...c.req.query(), ...optionalJsonBody(c, text) });
  if (key.length <= 8192) parsedRunRequests.set(key, request);
  return request;
}

const downloadName = (title: string, extension: string) =>
  `${
    title
      .replace(/[^A-Za-z0-9 _-]/g, "")
      .trim()
      .replace(/\s+/g, "_") || "export"
  }.${extension}`;

/** What an export is sent as, by its extension: the document lists both. */
export const EXPORT_CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

export const queriesRoutes = new Hono<AppEnv>()
  .get(
    "/manifest",
    describe({
      summary: "The analyses' definitions the screens are drawn from, with the organisation's default year.",
      tags: ["Analyses"],
      answer: {
        description: "The analyses' definitions and the years with data (zstd or gzip when accepted).",
        schema: manifestAnswer,
        example: manifestExample,
      },
    }),
    async (c) => {
      const session = c.var.session;
      if (!session) throw invalidToken();
      const registry = await pluginRegistry();
      // Defaults come from the organisation in view: the customer's own, or the one staff impersonate.
      const requested = session.kind === "client" ? session.organisation.id : dummyOrganisationOf(c);
      const organisationId =
        requested && ORGANISATION_ID.safeParse(requested).success ? requested : undefined;
      if (!organisationId) return sendEncoded(c, manifestBody(registry));
      const app = c.var.app;
      // The run service's snapshot of the organisation (no query while no change was notified),
      // not two queries per user opening the app: every user reads it first, all at once after a
      // restart.
      const snapshot = await organisationSnapshot(app.database, app.config.dataDir, organisationId, app.live);
      if (!snapshot) throw notFound("Organisation not found.");
      // A customer is offered the enabled years only; staff in the dummy view the prelaunched too.
      const open = yearsFor(snapshot.years, audienceOf(session));
      return sendEncoded(c, manifestBody(registry, { year: open.at(-1), availableYears: open }));
    },
  )
  .post(
    "/stats",
    customerScope(),
    describe({
      summary: "How often each analysis was opened in the organisation.",
      tags: ["Analyses"],
      body: statsRequest,
      bodyExample: noFieldsBodyExample,
      optionalBody: true,
      answer: {
        description: "How many times each analysis ran in the organisation.",
        schema: statsAnswer,
        example: { status: 200, stats: { querie1: 12, querie2: 0 } },
      },
    }),
    async (c) => {
      parseBody(c, statsRequest, await queryAndBody(c));
      const registry = await pluginRegistry();
      // This process's buffered runs are counted; another's last second may not be yet (usage.ts).
      await flushQueryUsage(c.var.app);
      const stats = await queryUsageCounts(
        c.var.app.database.db,
        c.var.scope.organisationId,
        registry.all().map((plugin) => plugin.id),
      );
      return c.json({ status: 200, stats });
    },
  )
  .get(
    "/exports/:name",
    describe({
      summary: "Download an export made by POST of an analysis with `export` (its maker only).",
      tags: ["Analyses"],
      answer: {
        description: "The CSV or XLSX file (as an attachment), by the name's extension.",
        media: Object.values(EXPORT_CONTENT_TYPES),
        schema: z.string().meta({ format: "binary" }),
        example: CSV_EXAMPLE,
      },
    }),
    async (c) => {
      const session = c.var.session;
      if (!session) throw invalidToken();
      const reader: ExportReader =
        session.kind === "client"
          ? { customerUserId: session.user.id }
          : { staffAccountId: session.staff.id };
      const file = readExport(c.var.app.config.dataDir, c.req.param("name"), reader);
      // Another user's export is reported as not found: its name reveals nothing.
      if (!file) throw notFound("Export not found.");
      const extension = c.req.param("name").endsWith(".xlsx") ? "xlsx" : "csv";
      return c.body(new Uint8Array(file.content), 200, {
        "Content-Type": EXPORT_CONTENT_TYPES[extension],
        "Content-Disposition": `attachment; filename="${file.downloadName}"`,
        "Cache-Control": "private, no-store",
      });
    },
  )
  // An analysis (querie1, querie2, ...: a folder of queries/), or a saved query's id (its analysis and filters; savedQueries.ts).
  .post(
    "/:name{(?:querie[0-9]+|[0-9a-fA-F-]{36})}",
    // Server-Timing: each step of the answer (runPlugin's timings) and the total.
    timing(),
    customerScope(),
    describe({
      summary:
        "Run an analysis (querie1, querie2, ...: one per folder of queries/) or a saved query (its id) with filters; with `export`, write its tables as CSV or XLSX. The fields may also come in the query string (filters as JSON text); the body is optional.",
      tags: ["Analyses"],
      body: runRequest,
      bodyExample: { filters: { year: 2024, servicelines: ["spine", "trauma"], service_area: ["PSA"] } },
      documentedBody: documentedRunRequest,
      optionalBody: true,
      answer: {
        description:
          "The analysis's results (zstd or gzip when accepted), with `X-Cache: hit|miss` and a `Server-Timing` header (the server's milliseconds per step: snapshot, schema, wait, bind, kernel, prepared, encode (serialise and compress), total; schema: making the organisation-year's schema or waiting for it; prepared: an analysis answered from its prepared rows, reading them from their kept file when not held in memory, with no wait, bind or schema step); with `export`, `{status: 200, path}` of the file to download.",
        schema: runOrExportAnswer,
        example: runExample,
      },
      refusals: { 507: STORAGE_FULL_REFUSAL },
    }),
    async (c) => {
      // c.get, not c.var: Hono builds a new object of all variables on every c.var read.
      const app = c.get("app");
      const scope = c.get("scope");
      const param = c.req.param("name");
      const saved = param.startsWith("querie")
        ? undefined
        : await savedQueryForRun(app.database.db, scope, param);
      const name = saved?.pluginId ?? param;
      const request = await readRunRequest(c);
      const { organisationId, session } = scope;
      const outcome = await runPlugin({
        context: app,
        organisationId,
        pluginId: name,
        audience: audienceOf(session),
        // A saved query's filters win over any sent with the run.
        filters: saved ? { ...request.filters, ...saved.filters } : request.filters,
      });
      // Buffered, written in batches (usage.ts).
      await logQueryUsage(app, {
        organisationId,
        session,
        querie: name,
        durationMs: outcome.durationMs,
        cached: outcome.cached,
      });
      c.header("X-Cache", outcome.cached ? "hit" : "miss");
      if (!request.export) {
        if (saved) return c.json({ ...outcome.response, saved_query: saved.view });
        for (const [step, ms] of Object.entries(outcome.timings)) setMetric(c, step, ms);
        // The answer is kept compressed (encodedBody.ts).
        return sendEncoded(c, outcome.body);
      }

      const plugin = (await pluginRegistry()).get(name)!;
      const tables = plugin.view.tables;
      if (tables.length === 0) {
        const message = `${name} has no table to export`;
        throw new HttpError(400, `export: ${message}`, [{ field: "export", message }]);
      }
      if (request.export_nb !== undefined && request.export_nb >= tables.length) {
        const message = `must be below ${tables.length} (the tables of ${name})`;
        throw new HttpError(400, `export_nb: ${message}`, [{ field: "export_nb", message }]);
      }
      // CSV holds one table (the first unless export_nb says); a workbook holds all, one sheet each.
      const chosen =
        request.export_nb !== undefined || request.export === "csv"
          ? [tables[request.export_nb ?? 0]!]
          : tables;
      const exported = chosen.map((table) => exportTable(outcome.response.results, table));
      // The findings in words lead the file, as they lead the screen.
      const { insights } = outcome.response;
      const content =
        request.export === "csv"
          ? tableToCsv(
              exported[0]!,
              insights.map((insight) => insight.text),
            )
          : await tablesToXlsx(exported, insights);
      const title = chosen.length === 1 ? `${plugin.title} ${chosen[0]!.title}` : plugin.title;
      const fileName = writeExport(
        app.config.dataDir,
        content,
        request.export,
        {
          organisationId,
          customerUserId: session.kind === "client" ? session.user.id : undefined,
          staffAccountId: session.kind === "admin" ? session.staff.id : undefined,
        },
        downloadName(`${title} ${outcome.response.year}`, request.export),
      );
      return c.json({ status: 200, path: `/api/management/queries/exports/${fileName}` });
    },
  );

import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { defaultContents } from "../content/defaultTexts.ts";
import { defaultQueryTexts, type QueryTexts } from "../content/queryTexts.ts";
import {
  editsOver,
  queryTextEdits,
  queryTextsChanged,
  queryTextsInForce,
} from "../content/queryTextsInForce.ts";
import { sanitizeRichText } from "../content/richText.ts";
import type { AppEnv } from "../context.ts";
import type { Database, Db } from "../db/client.ts";
import { siteSettings } from "../db/schema/index.ts";
import { templateError } from "../engine/insights.ts";
import { siteSettingsAnswer as siteSettingsSchema } from "../http/answers/services.ts";
import { readJson } from "../http/body.ts";
import { invalidToken } from "../http/errors.ts";
import { siteSettingsBodyExample } from "../http/examples/requestBodies.ts";
import { siteSettingsExample } from "../http/examples/services.ts";
import { requireStaff } from "../http/middleware/guards.ts";
import { describe } from "../http/openapi/declare.ts";
import type { LiveHub } from "../live/hub.ts";

const richText = z.string().max(200_000, "must be at most 200,000 characters");

/**
 * The texts of one query (or of the scoring screen): exactly the fields of its default texts (the
 * analysis folder's texts.ts; admin-area.md section 3), each optional (a missing one keeps its
 * stored value); a title, when sent, is required to be non-blank. An insight's template
 * (`insight_…`) may name only its default's `{placeholders}`; empty, it leaves the sentence out.
 */
function queryTextSchema(defaults: QueryTexts) {
  const fields = Object.keys(defaults).filter((field) => field !== "title");
  const shape: Record<string, z.ZodType<string>> = {
    title: z.string().trim().min(1, "Please fill out this field").max(200, "must be at most 200 characters"),
  };
  for (const field of fields) {
    const long = field === "description" || field.endsWith("_text") || field.startsWith("insight_");
    const max = long ? 2000 : 200;
    const text = z.string().trim().max(max, `must be at most ${max} characters`);
    shape[field] = field.startsWith("insight_")
      ? text.superRefine((template, context) => {
          const error = templateError(template, defaults[field] ?? "");
          if (error) context.addIssue({ code: "custom", message: error });
        })
      : text;
  }
  return z.strictObject(shape).partial();
}

const queryTexts = z.strictObject(
  Object.fromEntries(
    Object.entries(defaultQueryTexts).map(([key, defaults]) => [key, queryTextSchema(defaults).optional()]),
  ) as Record<string, z.ZodOptional<ReturnType<typeof queryTextSchema>>>,
);

/**
 * One of the three contents, or query texts (the Manage contents screen's Update buttons). Plain
 * objects with a rule each rather than a union, so a refusal names the field at fault.
 */
export const updateSettings = z
  .strictObject({
    contents: z
      .strictObject({
        about: richText.optional(),
        licence: richText.optional(),
        copyright: richText.optional(),
      })
      .refine(
        (contents) => Object.keys(contents).length === 1,
        "must hold exactly one of about, licence, copyright",
      )
      .optional(),
    queries: queryTexts.optional(),
  })
  .refine(
    (update) => (update.contents ? 1 : 0) + (update.queries ? 1 : 0) === 1,
    "send either contents or queries",
  );

/** The three contents as stored, over their defaults (the query texts: queryTextsInForce.ts). */
async function readContents(db: Db): Promise<typeof defaultContents> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, "contents"));
  return { ...defaultContents, ...(row?.value as Partial<typeof defaultContents> | undefined) };
}

async function writeSetting(db: Db, key: "contents" | "queries", value: Record<string, unknown>) {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
}

/** With `live`, the query texts as this process keeps them for the answers (invalidated on change). */
async function siteSettingsAnswer(database: Database, live?: LiveHub) {
  return {
    status: 200,
    contents: await readContents(database.db),
    queries: queryTextsInForce(await queryTextEdits(database, live)),
  };
}

/** GET (any signed-in user) and POST (staff site admins) /api/management/admin/sitesettings/. */
export const siteSettingsRoutes = new Hono<AppEnv>()
  .get(
    "/",
    describe({
      summary: "The site's texts: about, contact, terms, the analyses' texts.",
      tags: ["Site settings"],
      answer: { description: "The site's texts.", schema: siteSettingsSchema, example: siteSettingsExample },
    }),
    async (c) => {
      if (!c.var.session) throw invalidToken();
      return c.json(await siteSettingsAnswer(c.var.app.database, c.var.app.live));
    },
  )
  .post(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Change the site's texts (site admins only).",
      tags: ["Site settings"],
      body: updateSettings,
      bodyExample: siteSettingsBodyExample,
      answer: {
        description: "The site's texts after the change.",
        schema: siteSettingsSchema,
        example: siteSettingsExample,
      },
    }),
    async (c) => {
      const update = await readJson(c, updateSettings);
      const { database, live } = c.var.app;
      const { db } = database;
      if (update.contents) {
        const contents = await readContents(db);
        const [field, html] = Object.entries(update.contents)[0]!;
        // Stored sanitised: every reader (web, exports, any future client) gets the safe HTML.
        await writeSetting(db, "contents", { ...contents, [`${field}Text`]: sanitizeRichText(html ?? "") });
      } else {
        const inForce = queryTextsInForce(await queryTextEdits(database));
        for (const [key, texts] of Object.entries(update.queries ?? {})) {
          // A field not sent is absent (never undefined): it keeps its text.
          if (texts) inForce[key] = { ...inForce[key]!, ...(texts as Record<string, string>) };
        }
        await writeSetting(db, "queries", editsOver(inForce));
        // Every process's answers write their insights in the new templates (runPlugin.ts).
        await queryTextsChanged(live);
      }
      return c.json(await siteSettingsAnswer(database));
    },
  );

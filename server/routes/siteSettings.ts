import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { defaultContents, defaultQueryTexts } from "../content/defaultTexts.ts";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { siteSettings } from "../db/schema/index.ts";
import { readJson } from "../http/body.ts";
import { invalidToken } from "../http/errors.ts";
import { requireStaff } from "../http/middleware/guards.ts";

const richText = z.string().max(200_000, "must be at most 200,000 characters");

const queryText = z
  .object({
    title: z.string().min(1, "Please fill out this field").max(200),
    description: z.string().max(2000),
  })
  .catchall(z.string().max(500));

/** One of the three contents, or all query texts at once (the Manage contents screen's Update buttons). */
const updateSettings = z.union([
  z.strictObject({ contents: z.strictObject({ about: richText }) }),
  z.strictObject({ contents: z.strictObject({ licence: richText }) }),
  z.strictObject({ contents: z.strictObject({ copyright: richText }) }),
  z.strictObject({
    queries: z.record(z.enum(Object.keys(defaultQueryTexts) as [string, ...string[]]), queryText),
  }),
]);

async function readSetting<T extends Record<string, unknown>>(
  db: Db,
  key: "contents" | "queries",
  fallback: T,
): Promise<T> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
  return { ...fallback, ...(row?.value as Partial<T> | undefined) };
}

async function writeSetting(db: Db, key: "contents" | "queries", value: Record<string, unknown>) {
  await db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
}

async function siteSettingsAnswer(db: Db) {
  return {
    status: 200,
    contents: await readSetting(db, "contents", defaultContents),
    queries: await readSetting(db, "queries", defaultQueryTexts),
  };
}

/** GET (any signed-in user) and POST (staff site admins) /api/management/admin/sitesettings/. */
export const siteSettingsRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    if (!c.var.session) throw invalidToken();
    const { db } = c.var.app.database;
    return c.json(await siteSettingsAnswer(db));
  })
  .post("/", requireStaff({ siteAdmin: true }), async (c) => {
    const update = await readJson(c, updateSettings);
    const { db } = c.var.app.database;
    if ("contents" in update) {
      const contents = await readSetting(db, "contents", defaultContents);
      const [field, html] = Object.entries(update.contents)[0]!;
      await writeSetting(db, "contents", { ...contents, [`${field}Text`]: html });
    } else {
      const queries = await readSetting(db, "queries", defaultQueryTexts);
      await writeSetting(db, "queries", { ...queries, ...update.queries });
    }
    return c.json(await siteSettingsAnswer(db));
  });

/**
 * The query texts in force: staff's edits (site setting "queries") over each analysis's default
 * texts, field by field, so a field added to a folder's texts.ts later (an insight's template) is in
 * force at once where staff never edited it. Read by Query texts (routes/siteSettings.ts) and by
 * every answer's insights (engine/runPlugin.ts), which a server process keeps until staff change
 * them (the invalidation reaches every process).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { siteSettings } from "../db/schema/index.ts";
import type { LiveHub } from "../live/hub.ts";
import { ProcessCache, perHub } from "../live/processCache.ts";
import { defaultQueryTexts, type QueryTexts } from "./queryTexts.ts";

/** Staff's edits by query (querie1, ..., scoring): only the fields they changed. */
export type QueryTextEdits = Readonly<Record<string, Readonly<Record<string, string>>>>;

const TOPIC = "queryTexts";

const editsOf = perHub(
  (hub) =>
    new ProcessCache<QueryTextEdits>(hub, {
      topic: TOPIC,
      // Staff's changes are heard at once; this bounds a missed notification.
      ttlMs: 60_000,
      capacity: 1,
      name: "queryTexts",
      matches: () => true,
    }),
);

/** Staff's edits as stored; kept per server process while it hears invalidations. */
export async function queryTextEdits(
  database: Pick<Database, "db">,
  live?: LiveHub,
): Promise<QueryTextEdits> {
  const cache = live ? editsOf(live) : undefined;
  const known = cache?.get(TOPIC);
  if (known) return known;
  const ticket = cache?.ticket() ?? 0;
  const [row] = await database.db.select().from(siteSettings).where(eq(siteSettings.key, "queries"));
  const edits = (row?.value ?? {}) as QueryTextEdits;
  cache?.set(TOPIC, edits, ticket);
  return edits;
}

/** After staff's change is committed: every process reads the texts again. */
export const queryTextsChanged = (live: LiveHub) => live.invalidate({ topic: TOPIC });

/** Every query's texts in force: the edits over the defaults, field by field. */
export function queryTextsInForce(edits: QueryTextEdits): Record<string, QueryTexts> {
  return Object.fromEntries(
    Object.entries(defaultQueryTexts).map(([key, defaults]) => [
      key,
      { ...defaults, ...pickStrings(edits[key]) },
    ]),
  );
}

/** Only what differs from the defaults is kept: a default changed in code is then in force. */
export function editsOver(texts: Record<string, QueryTexts>): QueryTextEdits {
  return Object.fromEntries(
    Object.entries(texts).map(([key, fields]) => [
      key,
      Object.fromEntries(
        Object.entries(fields).filter(([field, value]) => value !== defaultQueryTexts[key]?.[field]),
      ),
    ]),
  );
}

const pickStrings = (fields: object | undefined) =>
  Object.fromEntries(Object.entries(fields ?? {}).filter(([, value]) => typeof value === "string"));

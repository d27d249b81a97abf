/** The analyses' answers (customer-area.md sections 3 to 7; docs/plugins.md): manifest, runs, saved. */
import { z } from "zod";
import { insightSchema } from "../../engine/insights.ts";
import { isoTime, nextCursor, ok, year } from "./common.ts";

/** One analysis as the screens are drawn from it (server/engine/manifest.ts). */
export const queryManifestEntry = z.strictObject({
  id: z.string().meta({ description: "querie1, querie2, ..." }),
  title: z.string(),
  theme: z.string(),
  description: z.string(),
  version: z.string().meta({ description: "Changes when the analysis's code or data changes." }),
  filters: z.record(z.string(), z.unknown()).meta({ description: "The filters' JSON Schema." }),
  defaults: z.record(z.string(), z.unknown()).meta({ description: "The filters' default values." }),
  view: z.record(z.string(), z.unknown()).meta({
    description:
      "How the screen shows the results: charts, tables, map layers. Each chart holds its Vega-Lite `spec` and `vega`, that spec compiled to Vega as the screen draws it (its dataset named by the result key, left empty for the rows).",
  }),
});

export const manifestAnswer = z.strictObject({
  status: ok,
  available_years: z.array(year),
  themes: z.array(z.strictObject({ theme: z.string(), queries: z.array(z.string()) })),
  queries: z.array(queryManifestEntry),
});

export const statsAnswer = z.strictObject({
  status: ok,
  stats: z.record(z.string(), z.number().int()).meta({ description: "Runs by analysis id." }),
});

/** A saved view of an analysis (server/engine/savedQueries.ts savedQueryView). */
export const savedQueryView = z.strictObject({
  id: z.uuid(),
  name: z.string().meta({ description: "The analysis: querie1, ..." }),
  querie: z.number().int().meta({ description: "The analysis number: 3 for querie3." }),
  title: z.string(),
  description: z.string(),
  accessible: z.boolean().meta({ description: "Shared with the organisation." }),
  username: z.string().nullable(),
  email: z.string().nullable(),
  from_provider: z.boolean().meta({ description: "Saved by the provider's staff; username reads 'AHI'." }),
  filters: z.record(z.string(), z.unknown()),
  organization_id: z.uuid(),
  created_at: isoTime,
  is_owner: z.boolean(),
  can_delete: z.boolean(),
});
export type SavedQuery = z.infer<typeof savedQueryView>;

const savedLists = {
  user_queries: z.array(savedQueryView).meta({ description: "The caller's own." }),
  colab_queries: z.array(savedQueryView).meta({ description: "Colleagues' shared ones." }),
  next_cursor: nextCursor,
};
export const savedQueriesAnswer = z.strictObject({ status: ok, ...savedLists });
export type SavedQueryLists = z.infer<typeof savedQueriesAnswer>;

/** POST .../queries/save/: saved (res), shared or unshared (res and the lists), or deleted. */
export const savedQueryActionAnswer = z.union([
  z.strictObject({ status: ok, res: savedQueryView }),
  z.strictObject({ status: ok, res: savedQueryView, ...savedLists }),
  z.strictObject({ status: ok, deleted: z.uuid(), ...savedLists }),
]);

/** The results of a run (server/engine/runPlugin.ts RunResponse); a saved query's run names it. */
export const runAnswer = z.strictObject({
  querie: z.string(),
  title: z.string(),
  year,
  reference_year: year,
  filters: z.record(z.string(), z.unknown()).meta({ description: "The filters the run used." }),
  results: z
    .record(z.string(), z.unknown())
    .meta({ description: "Each analysis's own results (docs/plugins.md)." }),
  insights: z.array(insightSchema).meta({
    description:
      "The finding in words: up to four sentences over these results (none where the data cannot support one), each with the figures it cites (docs/plugins.md).",
  }),
  reviewed_version: z
    .strictObject({
      reviewed_at: z
        .string()
        .nullable()
        .meta({ description: "When staff enabled that version (ISO), when known." }),
      note: z.string().meta({ description: "What the screens and reports say about it, in words." }),
    })
    .optional()
    .meta({
      description:
        "Present while newer data of the year is being reviewed: the answer reads the version staff enabled, not the newer data (docs/year-lifecycle.md).",
    }),
  saved_query: savedQueryView.optional(),
});
export const exportAnswer = z.strictObject({
  status: ok,
  path: z.string().meta({ description: "Where to download the file (GET .../queries/exports/{name})." }),
});
export const runOrExportAnswer = z.union([runAnswer, exportAnswer]);

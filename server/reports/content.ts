/**
 * What a mailed report holds, made from the analysis exactly as the API answers it (runPlugin: the
 * same filters parse, the same cache): the organisation's name and logo, the title, the filters in
 * words, the charts as SVG, each table's first rows and a link to the screen with the same filters.
 */
import { existsSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { filterFields } from "../../web/src/query/filterFields.ts";
import { filterSummary } from "../../web/src/query/filterSummary.ts";
import { tablePreview } from "../../web/src/query/reportLayout.ts";
import type { FilterValues, JsonSchema } from "../../web/src/query/types.ts";
import { viewNote } from "../../web/src/query/viewNote.ts";
import type { AppContext } from "../context.ts";
import { exportTable } from "../engine/export/tableRows.ts";
import { formatValue } from "../engine/format.ts";
import { pluginManifest } from "../engine/manifest.ts";
import type { Plugin } from "../engine/plugin.ts";
import { pluginRegistry } from "../engine/registry.ts";
import { type RunResponse, runPlugin } from "../engine/runPlugin.ts";
import { viewBases } from "../engine/view.ts";
import { PICTURE_URL_PREFIX, storedPicturePath } from "../pictures/pictureStore.ts";
import { chartToSvg, reportCharts } from "./chartSvg.ts";
import { mapToSvg } from "./mapSvg.ts";

export interface ReportTable {
  title: string;
  header: string[];
  rows: { level: number; cells: string[] }[];
  moreText?: string;
}

export interface ReportContent {
  organisationName: string;
  /** The organisation's logo as PNG (pdfkit embeds PNG and JPEG, pictures are stored as WebP). */
  logoPng?: Buffer;
  title: string;
  filterLines: string[];
  /** The analysis's findings in words (its answer's insights), on the first page. */
  findings: string[];
  charts: { title: string; svg: string }[];
  /** The view's maps (its zip and area shapes, no base map), drawn after the charts as the screen does. */
  maps: { title: string; svg: string }[];
  tables: ReportTable[];
  link: string;
  /** The analysis's answer, as the API gives it (the XLSX attachment and the tests read it). */
  response: RunResponse;
}

export interface ReportSource {
  organisationId: string;
  organisationName: string;
  logo: string | null;
  querie: string;
  title: string;
  filters: Record<string, unknown>;
  availableYears: number[];
  /** A saved view opens at its own address; an analysis at its address with the filters. */
  savedQueryId: string | null;
}

async function logoAsPng(dataDir: string, logo: string | null) {
  if (!logo?.startsWith(PICTURE_URL_PREFIX)) return undefined;
  const path = storedPicturePath(dataDir, logo.slice(PICTURE_URL_PREFIX.length));
  if (!path || !existsSync(path)) return undefined;
  return sharp(readFileSync(path)).resize({ height: 160, withoutEnlargement: true }).png().toBuffer();
}

/** The screen's address with the filters as the web app reads them (web/src/query/searchParams.ts). */
export function screenLink(
  publicUrl: string,
  source: Pick<ReportSource, "querie" | "savedQueryId">,
  filters: object,
) {
  if (source.savedQueryId) return `${publicUrl}/queries/custom/${source.savedQueryId}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    search.set(key, Array.isArray(value) ? JSON.stringify(value.map(String)) : String(value));
  }
  return `${publicUrl}/queries/${source.querie}?${search}`;
}

export async function reportContent(context: AppContext, source: ReportSource): Promise<ReportContent> {
  const registry = await pluginRegistry();
  const plugin = registry.get(source.querie);
  if (!plugin) throw new Error(`the analysis ${source.querie} no longer exists`);
  const outcome = await runPlugin({
    context,
    organisationId: source.organisationId,
    pluginId: source.querie,
    filters: source.filters,
    registry,
    // What the customer reads: the enabled version of a year whose newer data is in review.
    audience: "customer",
  });
  return {
    ...(await answerContent(plugin, outcome.response, source, context.config.publicUrl)),
    logoPng: await logoAsPng(context.config.dataDir, source.logo),
    response: outcome.response,
  };
}

/** What the answer's report holds (everything but the logo), from the answer alone. */
export async function answerContent(
  plugin: Plugin,
  response: Pick<RunResponse, "results" | "filters" | "insights" | "reviewed_version">,
  source: Pick<ReportSource, "organisationName" | "querie" | "title" | "availableYears" | "savedQueryId">,
  publicUrl: string,
): Promise<Omit<ReportContent, "logoPng" | "response">> {
  const results = response.results as Record<string, unknown>;
  const manifest = pluginManifest(plugin, { year: source.availableYears.at(-1) });
  const fields = filterFields(manifest.filters as JsonSchema, source.availableYears, results);
  const charts = [];
  // A chart whose result gives a note in its place (querie10 with one year) is not drawn.
  for (const chart of reportCharts(plugin.view.charts).filter((chart) => !viewNote(chart, results))) {
    charts.push({ title: chart.title, svg: await chartToSvg(chart, plugin.view.charts, results) });
  }
  // A map with no shape at all (no zip of the answer has one) would be an empty frame: left out.
  const maps = plugin.view.maps.flatMap((map) => {
    const svg = mapToSvg(map, results);
    return svg ? [{ title: map.title, svg }] : [];
  });
  const tables = plugin.view.tables.flatMap((table): ReportTable[] => {
    const note = viewNote(table, results);
    if (note !== undefined)
      return [
        {
          title: table.title,
          header: table.columns.map((column) => column.label),
          rows: [],
          moreText: note,
        },
      ];
    const exported = exportTable(response.results, table);
    // A table with no row (querie4's OTHER breakdowns when every slice fits in the pie) would be a
    // page holding only its header: left out, as a map with no shape is.
    if (exported.rows.length === 0) return [];
    const preview = tablePreview(exported.rows);
    return [
      {
        title: table.title,
        header: table.columns.map((column) => column.label),
        rows: preview.rows.map((row) => ({
          level: row.level,
          cells: row.values.map((value, index) => {
            const column = table.columns[index]!;
            return formatValue(column.format, value, column.missing);
          }),
        })),
        moreText: preview.moreText,
      },
    ];
  });
  return {
    organisationName: source.organisationName,
    title: source.title,
    // Under the filters: which version of the year the report reads while newer data is reviewed.
    filterLines: [
      ...filterSummary(fields, response.filters as unknown as FilterValues),
      ...(response.reviewed_version ? [response.reviewed_version.note] : []),
      // What its dollars are priced at (querie11: the market's average paid), once per report.
      ...viewBases(plugin.view).map((basis) =>
        basis.link ? `${basis.text} ${basis.link.label}.` : basis.text,
      ),
    ],
    findings: response.insights.map((insight) => insight.text),
    charts,
    maps,
    tables,
    link: screenLink(publicUrl, source, response.filters),
  };
}

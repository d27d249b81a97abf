import type { QueryManifest, SiteSettings } from "../api/answers.ts";

/**
 * The staff-edited texts of a query screen (site settings 'queries' -> querieN: title,
 * description, chart_title or chart_title1.., table_title.., map_title..), falling back to the
 * manifest. Numbered texts apply to the screen's main charts/tables/maps in order; a breakdown
 * (querie4's OTHER pies) keeps its manifest title.
 */
export interface ScreenTexts {
  title: string;
  description: string;
  /** Titles by chart, table and map id. */
  charts: Record<string, string>;
  tables: Record<string, string>;
  maps: Record<string, string>;
}

const textOf = (texts: Record<string, unknown>, key: string) => {
  const value = texts[key];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
};

function titled(
  items: { id: string; title: string }[],
  texts: Record<string, unknown>,
  prefix: string,
  isMain: (id: string) => boolean,
): Record<string, string> {
  let position = 0;
  return Object.fromEntries(
    items.map((item) => {
      if (!isMain(item.id)) return [item.id, item.title];
      position += 1;
      const text =
        textOf(texts, `${prefix}${position}`) ?? (position === 1 ? textOf(texts, prefix) : undefined);
      return [item.id, text ?? item.title];
    }),
  );
}

export function screenTexts(query: QueryManifest, settings?: SiteSettings): ScreenTexts {
  const all = (settings?.queries ?? {}) as Record<string, unknown>;
  const raw = all[query.id];
  const texts = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const { charts, tables, maps } = query.view;
  const breakdowns = new Set(charts.filter((chart) => chart.breakdownOf).map((chart) => chart.id));
  const isMain = (id: string) => !breakdowns.has(id);
  return {
    title: textOf(texts, "title") ?? query.title,
    description: textOf(texts, "description") ?? query.description,
    charts: titled(charts, texts, "chart_title", isMain),
    tables: titled(tables, texts, "table_title", isMain),
    maps: titled(maps, texts, "map_title", isMain),
  };
}

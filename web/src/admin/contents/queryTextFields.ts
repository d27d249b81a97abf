import { analysisTitle, isQueryName } from "../../analyses/catalogue.ts";
import { defaultQueryTexts } from "../../analyses/texts.ts";

/**
 * The fields of each query's texts (admin-area.md section 3, 'Query texts'): the keys the server
 * accepts for it, in the order staff read them, with a label for each.
 */
export type QueryTextKey = string;

export const QUERY_KEYS: QueryTextKey[] = Object.keys(defaultQueryTexts).filter((key) => key !== "scoring");

export const fieldsOf = (key: QueryTextKey) => Object.keys(defaultQueryTexts[key] ?? {});

/** 'chart_title1' -> 'Chart title 1'; 'market_alignement_text' -> 'Market alignement text'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/_/g, " ")
    .replace(/(\d+)$/, " $1")
    .replace(/\s+/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Long texts get a textarea; titles a single line. */
export const isLongText = (field: string) => field === "description" || field.endsWith("_text");

export function panelTitle(key: QueryTextKey): string {
  // The analysis's own name, which stays when staff rename its screen title.
  return isQueryName(key) ? `${key} · ${analysisTitle(key)}` : key;
}

/** Every query's texts as strings, from the stored settings over the defaults. */
export function textsFrom(
  stored: Record<string, unknown> | undefined,
): Record<string, Record<string, string>> {
  const all: Record<string, Record<string, string>> = {};
  for (const key of Object.keys(defaultQueryTexts)) {
    const saved = (stored?.[key] ?? {}) as Record<string, unknown>;
    all[key] = Object.fromEntries(
      fieldsOf(key).map((field) => {
        const value = saved[field];
        return [field, typeof value === "string" ? value : (defaultQueryTexts[key]?.[field] ?? "")];
      }),
    ) as Record<string, string>;
  }
  return all;
}

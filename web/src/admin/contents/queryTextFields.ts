import { templatePlaceholders } from "../../../../server/engine/insights.ts";
import { analysisTitle, isQueryName } from "../../analyses/catalogue.ts";
import { defaultQueryTexts } from "../../analyses/texts.ts";

/**
 * The fields of each query's texts (admin-area.md section 3, 'Query texts'): the keys the server
 * accepts for it, in the order staff read them, with a label for each.
 */
export type QueryTextKey = string;

export const QUERY_KEYS: QueryTextKey[] = Object.keys(defaultQueryTexts).filter((key) => key !== "scoring");

export const fieldsOf = (key: QueryTextKey) => Object.keys(defaultQueryTexts[key] ?? {});

/** A sentence of the analysis's findings (its template: insights.ts on the server). */
export const isInsight = (field: string) => field.startsWith("insight_");

/**
 * The words a sentence's template may use, from its default (the server refuses any other), and
 * what an empty one does.
 */
export function placeholderHint(key: QueryTextKey, field: string) {
  const names = templatePlaceholders(defaultQueryTexts[key]?.[field] ?? "");
  return `Words: ${names.map((name) => `{${name}}`).join(", ")}. Empty: the sentence is left out.`;
}

/**
 * 'chart_title1' -> 'Chart title 1'; 'market_alignement_text' -> 'Market alignement text';
 * 'insight_non_operative' -> 'Sentence: non operative'.
 */
export function fieldLabel(field: string): string {
  if (isInsight(field)) return `Sentence: ${field.slice("insight_".length).replace(/_/g, " ")}`;
  const words = field
    .replace(/_/g, " ")
    .replace(/(\d+)$/, " $1")
    .replace(/\s+/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Long texts get a textarea; titles a single line. */
export const isLongText = (field: string) =>
  field === "description" || field.endsWith("_text") || isInsight(field);

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

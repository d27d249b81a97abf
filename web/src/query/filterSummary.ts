import type { FilterFieldSpec } from "./filterFields.ts";
import { flatFilters } from "./searchParams.ts";
import type { FilterValues } from "./types.ts";

/**
 * The applied filters in words, one line per filter ("Service lines: Spine, Trauma"), for the
 * PDF export and the screen's filter summary. An empty list means no restriction. Takes the
 * screen's filters or an answer's (whose number filters are under `numbers`: the mailed report's).
 */
export function filterSummary(fields: FilterFieldSpec[], filters: FilterValues): string[] {
  const values = flatFilters(filters);
  return fields.map((field) => {
    const value = values[field.key];
    if (!Array.isArray(value)) return `${field.label}: ${value ?? "-"}`;
    if (value.length === 0) return `${field.label}: all`;
    const labels = new Map(field.options.map((option) => [option.value, option.label]));
    if (field.options.length > 0 && value.length === field.options.length && field.kind !== "tags") {
      return `${field.label}: all`;
    }
    return `${field.label}: ${value.map((item) => labels.get(String(item)) ?? String(item)).join(", ")}`;
  });
}

import type { QueryManifest } from "../api/answers.ts";
import { FILTER_LABELS } from "./filterFields.ts";
import { type SchemaProblem, schemaProblems } from "./jsonSchema.ts";
import type { FilterValues } from "./types.ts";

/**
 * Filters live in the address (`?year=2024&servicelines=["spine","trauma"]`), so a filtered
 * screen can be bookmarked and shared. Only filters that differ from the analysis' defaults are
 * written. The route keeps the known keys in a plain shape; the screen then checks them against
 * the manifest's schema and falls back to the defaults, with a notice, when they do not fit.
 */
export type QuerySearch = Record<string, string | number | string[]>;

const FILTER_KEYS = new Set(Object.keys(FILTER_LABELS));
/**
 * An analysis's own number filters (FilterOptions.numbers) are percentages named `*_pct`
 * (querie11's recapture_pct): kept as numbers; the screen checks them against its schema.
 */
const NUMBER_FILTER_KEY = /^[a-z][a-z0-9_]*_pct$/;

/** The route's validateSearch: known filter keys only; a list may also come as "a,b,c". */
export function validateQuerySearch(raw: Record<string, unknown>): QuerySearch {
  const search: QuerySearch = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    if (NUMBER_FILTER_KEY.test(key)) {
      const number = typeof value === "number" ? value : Number(value);
      search[key] = Number.isFinite(number) && String(value).trim() !== "" ? number : String(value);
      continue;
    }
    if (!FILTER_KEYS.has(key)) continue;
    if (key === "year") {
      const year = typeof value === "number" ? value : Number(value);
      search.year = Number.isFinite(year) ? year : String(value);
    } else if (Array.isArray(value)) {
      search[key] = value.map(String);
    } else if (typeof value === "string") {
      search[key] = value === "" ? [] : value.split(",").map((part) => part.trim());
    } else {
      search[key] = String(value);
    }
  }
  return search;
}

/** Lists in one order, so equal selections compare (and cache) equal. */
export function normaliseFilters(filters: FilterValues): FilterValues {
  return Object.fromEntries(
    Object.entries(filters)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => [key, Array.isArray(value) ? [...value].map(String).sort() : value]),
  );
}

export function sameFilters(a: FilterValues, b: FilterValues): boolean {
  return JSON.stringify(normaliseFilters(a)) === JSON.stringify(normaliseFilters(b));
}

/** The address form of filters: the fields that differ from the defaults. */
export function filtersToSearch(filters: FilterValues, defaults: FilterValues): QuerySearch {
  const search: QuerySearch = {};
  for (const [key, value] of Object.entries(filters)) {
    if (sameFilters({ [key]: value }, { [key]: defaults[key] })) continue;
    search[key] = Array.isArray(value) ? value.map(String) : (value as number);
  }
  return search;
}

/** Why filters do not fit the analysis, or [] when they do (the year must also have data). */
export function filterProblems(
  filters: FilterValues,
  query: QueryManifest,
  availableYears: number[],
): SchemaProblem[] {
  const problems = schemaProblems(query.filters, filters);
  if (problems.length > 0) return problems;
  const year = filters.year;
  if (typeof year === "number" && availableYears.length > 0 && !availableYears.includes(year)) {
    return [{ field: "year", message: `${year} has no data (available: ${availableYears.join(", ")})` }];
  }
  return [];
}

export interface ResolvedFilters {
  filters: FilterValues;
  /** Set when the address held filters that do not fit: the defaults are used instead. */
  problems: SchemaProblem[];
}

/**
 * Filters as the screen holds them: an analysis's own number filters beside the others, where the
 * server's answer (and a saved query) keeps them under `numbers`.
 */
export function flatFilters(filters: FilterValues): FilterValues {
  const { numbers, ...named } = filters;
  return numbers && typeof numbers === "object" && !Array.isArray(numbers)
    ? { ...numbers, ...named }
    : filters;
}

/** The filters a screen runs with: the defaults overlaid by the requested ones, if those fit. */
export function resolveFilters(
  search: FilterValues,
  query: QueryManifest,
  availableYears: number[],
): ResolvedFilters {
  // Filters this analysis does not offer are left out (a saved query stores the full set, with an
  // analysis's own number filters under `numbers`, as the server answers them).
  const offered = new Set(Object.keys(query.filters.properties ?? {}));
  const flat = flatFilters(search);
  const requested = {
    ...query.defaults,
    ...Object.fromEntries(Object.entries(flat).filter(([key]) => offered.has(key))),
  };
  const problems = filterProblems(requested, query, availableYears);
  return problems.length > 0
    ? { filters: normaliseFilters(query.defaults), problems }
    : { filters: normaliseFilters(requested), problems: [] };
}

import { SERVICE_LINE_LABELS } from "./map/serviceLines.ts";
import type { JsonSchema } from "./types.ts";

/**
 * The fields of a filter dialog, derived from the analysis' filter JSON Schema (which fields it
 * offers, their closed lists and minimum counts) and from its last result (the names of the
 * facilities, providers and service lines it can filter on).
 */

export interface FilterOption {
  value: string;
  label: string;
}

interface FieldBase {
  key: string;
  label: string;
}

export type FilterFieldSpec =
  | (FieldBase & { kind: "year"; options: FilterOption[] })
  /** A short closed list: a checkbox group. */
  | (FieldBase & { kind: "checkboxes"; options: FilterOption[]; minItems: number })
  /** A long list of names: a searchable multi-select; nothing selected means all. */
  | (FieldBase & { kind: "multiselect"; options: FilterOption[]; minItems: number })
  /** Free entries checked by a pattern (zip codes, NPIs), with known values suggested. */
  | (FieldBase & { kind: "tags"; options: FilterOption[]; pattern?: string; hint: string })
  /** An analysis's own number filter (querie11's what-if percentages), with its bounds. */
  | (FieldBase & { kind: "number"; options: []; minimum?: number; maximum?: number });

export const FILTER_LABELS: Record<string, string> = {
  year: "Year",
  servicelines: "Service lines",
  service_area: "Service area",
  facility_type: "Facility type",
  facility_zipcodes: "Facility zip codes",
  provider_zipcodes: "Provider zip codes",
  facilities: "Facilities",
  providers: "Providers",
};

const SETTING_LABELS: Record<string, string> = {
  IP: "Inpatient (IP)",
  OP: "Outpatient (OP)",
  ASC: "Ambulatory surgery center (ASC)",
  OFFICE: "Office",
  PSA: "Primary (PSA)",
  SSA: "Secondary (SSA)",
  TSA: "Tertiary (TSA)",
};

const enumLabel = (value: string) => SERVICE_LINE_LABELS[value] ?? SETTING_LABELS[value] ?? value;

/** A long list becomes a multi-select rather than a column of checkboxes. */
const CHECKBOX_LIMIT = 10;

interface NamedRow {
  npi?: unknown;
  name?: unknown;
  zipcode?: unknown;
  value?: unknown;
  label?: unknown;
}

const rowsOf = (results: Record<string, unknown> | undefined, key: string): NamedRow[] => {
  const value = results?.[key];
  return Array.isArray(value) ? (value as NamedRow[]) : [];
};

const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label);

function namedOptions(rows: NamedRow[]): FilterOption[] {
  return rows
    .filter((row) => typeof row.npi === "string")
    .map((row) => ({
      value: String(row.npi),
      label: typeof row.name === "string" ? row.name : String(row.npi),
    }))
    .sort(byLabel);
}

function zipOptions(rows: NamedRow[]): FilterOption[] {
  const zips = [...new Set(rows.map((row) => row.zipcode).filter((zip) => typeof zip === "string"))];
  return (zips as string[]).sort().map((zip) => ({ value: zip, label: zip }));
}

/** Options the result lists (service_list, facilities_name_list, ...) give a field, if any. */
function listedOptions(key: string, results: Record<string, unknown> | undefined): FilterOption[] {
  switch (key) {
    case "servicelines":
      return rowsOf(results, "service_list")
        .filter((row) => typeof row.value === "string")
        .map((row) => ({ value: String(row.value), label: String(row.label ?? row.value) }));
    case "facilities":
      return namedOptions(rowsOf(results, "facilities_name_list"));
    case "providers":
      return namedOptions(rowsOf(results, "providers_name_list"));
    case "facility_zipcodes":
      return zipOptions(rowsOf(results, "facilities_name_list"));
    default:
      return [];
  }
}

/**
 * A filter's label for a person: the shared fields' own, else the schema's title (an analysis's
 * number filter: "Recapture (% of leaked cases)"), never its key unless it has neither.
 */
export function filterLabel(key: string, schema: JsonSchema | undefined): string {
  return FILTER_LABELS[key] ?? schema?.properties?.[key]?.title ?? key;
}

/**
 * What a number input's change leaves in the dialog: a number as it is, nothing for an empty box,
 * and any other text as typed ("50." on the way to 50.5) - kept, so the input never jumps to another
 * number, and refused by the schema with a message if it stays so.
 */
export function numberDraft(raw: number | string): number | string | undefined {
  if (typeof raw === "number") return raw;
  const text = raw.trim();
  if (text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : raw;
}

/** The number schema of a number filter (zod gives `anyOf: [number, its text]`), if it is one. */
function numberBranch(property: JsonSchema): JsonSchema | undefined {
  const isNumber = (schema: JsonSchema) => schema.type === "number" || schema.type === "integer";
  if (isNumber(property)) return property;
  return property.anyOf?.find(isNumber);
}

export function filterFields(
  schema: JsonSchema,
  availableYears: number[],
  results?: Record<string, unknown>,
): FilterFieldSpec[] {
  return Object.entries(schema.properties ?? {}).map(([key, property]): FilterFieldSpec => {
    const label = filterLabel(key, schema);
    if (key === "year") {
      const years = [...availableYears].sort((a, b) => b - a);
      return {
        key,
        label,
        kind: "year",
        options: years.map((year) => ({ value: String(year), label: String(year) })),
      };
    }
    const number = numberBranch(property);
    if (number)
      return { key, label, kind: "number", options: [], minimum: number.minimum, maximum: number.maximum };
    const items = property.items ?? {};
    const minItems = property.minItems ?? 0;
    if (items.enum) {
      const listed = new Map(listedOptions(key, results).map((option) => [option.value, option.label]));
      const options = items.enum
        .map(String)
        .map((value) => ({ value, label: listed.get(value) ?? enumLabel(value) }));
      return options.length > CHECKBOX_LIMIT
        ? { key, label, kind: "multiselect", options, minItems }
        : { key, label, kind: "checkboxes", options, minItems };
    }
    const options = listedOptions(key, results);
    if (options.length > 0 && key !== "facility_zipcodes" && key !== "provider_zipcodes") {
      return { key, label, kind: "multiselect", options, minItems };
    }
    const zip = key.endsWith("zipcodes");
    return {
      key,
      label,
      kind: "tags",
      options,
      pattern: items.pattern,
      hint: zip ? "5-digit zip codes; none means all" : "10-digit NPIs; none means all",
    };
  });
}

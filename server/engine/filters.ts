/**
 * The query filters of customer-area.md section 3 and analyses.md "Filters and the base set".
 * Each plugin picks the fields its screen offers; the fields it does not offer keep their defaults,
 * so the base sets are always computed from a complete, normalised filter object.
 */
import { z } from "zod";
import { YEAR_MESSAGE } from "../organisations/yearField.ts";

export const SERVICE_LINES = [
  "le_joint_replacement",
  "spine",
  "trauma",
  "hand_ue",
  "foot_ankle",
  "sports_medicine",
  "other",
] as const;
export type ServiceLine = (typeof SERVICE_LINES)[number];

/** How screens and exports name the service lines. */
export const SERVICE_LINE_LABELS: Record<ServiceLine, string> = {
  le_joint_replacement: "Joint Replacement (LE)",
  spine: "Spine",
  trauma: "Trauma",
  hand_ue: "Hand & Upper Extremity",
  foot_ankle: "Foot & Ankle",
  sports_medicine: "Sports Medicine",
  other: "Other surgical",
};

/** The full filter set (customer-area.md section 3, "Query filters"). */
export const ALL_FILTER_FIELDS = [
  "year",
  "servicelines",
  "service_area",
  "facility_type",
  "facility_zipcodes",
  "provider_zipcodes",
  "facilities",
  "providers",
] as const;

export const SERVICE_AREA_TYPES = ["PSA", "SSA", "TSA"] as const;
export type ServiceAreaType = (typeof SERVICE_AREA_TYPES)[number];

export const FACILITY_TYPES = ["IP", "OP", "ASC", "OFFICE"] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];

/** Every filter, after defaults and normalisation (lists de-duplicated, in a canonical order). */
export interface Filters {
  year: number;
  servicelines: ServiceLine[];
  service_area: ServiceAreaType[];
  facility_type: FacilityType[];
  facility_zipcodes: string[];
  provider_zipcodes: string[];
  facilities: string[];
  providers: string[];
  /** The analysis's own number filters (FilterOptions.numbers), by key; absent when it has none. */
  numbers?: Record<string, number>;
}
export type FilterField = Exclude<keyof Filters, "numbers">;
export const FILTER_FIELDS: FilterField[] = [...ALL_FILTER_FIELDS];

/** What the organisation gives the filters: its last available year is the default year. */
export interface FilterDefaults {
  year?: number;
}

/**
 * A number an analysis offers as a filter of its own (querie11's what-if percentages): a number, or
 * the text of one (from a query string), from minimum to maximum, default when not sent.
 */
export interface NumberFilter {
  label: string;
  minimum: number;
  maximum: number;
  default: number;
}

export interface FilterOptions {
  fields: FilterField[];
  /** Number filters of the analysis's own, by key (lower_snake, not one of the shared fields). */
  numbers?: Record<string, NumberFilter>;
  /** querie3 compares a mix, which needs at least this many service lines. */
  minServicelines?: number;
}

/** A number or the text of one ("2024" from a query string), 1000-9999. */
const yearSchema = z
  .union(
    [
      z.number().int({ error: YEAR_MESSAGE }).min(1000, YEAR_MESSAGE).max(9999, YEAR_MESSAGE),
      z.string().regex(/^\d{4}$/, YEAR_MESSAGE),
    ],
    { error: YEAR_MESSAGE },
  )
  .pipe(z.coerce.number<string | number>().int().min(1000, YEAR_MESSAGE).max(9999, YEAR_MESSAGE));

/** Keeps the canonical order of a closed list and drops repeats, so equal filters give equal keys. */
const inCanonicalOrder =
  <T extends string>(order: readonly T[]) =>
  (values: T[]) =>
    order.filter((value) => values.includes(value));

const sortedUnique = (values: string[]) => [...new Set(values)].sort();

/** The closed lists' entries: the zod enums both the requests and the OpenAPI document use. */
const serviceLine = z.enum(SERVICE_LINES, { error: `must be one of: ${SERVICE_LINES.join(", ")}` });
const serviceAreaType = z.enum(SERVICE_AREA_TYPES, { error: "must be PSA, SSA or TSA" });
const facilityType = z.enum(FACILITY_TYPES, { error: "must be IP, OP, ASC or OFFICE" });

/** Each filter's rule as a request sends it (no default, no normalising): the one rule for every analysis. */
const zipEntries = z.array(
  z
    .string()
    .trim()
    .regex(/^\d{5}$/, "each entry must be a 5-digit zip code"),
  { error: "must be a list of 5-digit zip codes" },
);
const npiEntries = z.array(
  z
    .string()
    .trim()
    .regex(/^\d{10}$/, "each entry must be a 10-digit NPI"),
  { error: "must be a list of 10-digit NPIs" },
);
const servicelineEntries = (minimum: number) =>
  z
    .array(serviceLine, { error: `must be a list of: ${SERVICE_LINES.join(", ")}` })
    .min(minimum, servicelinesMessage(minimum));
const serviceAreaEntries = z
  .array(serviceAreaType, { error: "must be a list of: PSA, SSA, TSA" })
  .min(1, "must list at least one of PSA, SSA, TSA");
const facilityTypeEntries = z
  .array(facilityType, { error: "must be a list of: IP, OP, ASC, OFFICE" })
  .min(1, "must list at least one of IP, OP, ASC, OFFICE");

function servicelinesMessage(minimum: number) {
  return minimum === 1
    ? "must list at least one service line"
    : `must list at least ${minimum} service lines`;
}

const zipList = zipEntries.default([]).transform(sortedUnique);
const npiList = npiEntries.default([]).transform(sortedUnique);

function servicelinesSchema(minimum: number) {
  // min() is checked on the list as sent (and shows in the JSON Schema); the refine after de-duplication.
  return servicelineEntries(minimum)
    .default([...SERVICE_LINES])
    .transform(inCanonicalOrder(SERVICE_LINES))
    .refine((lines) => lines.length >= minimum, { message: servicelinesMessage(minimum) });
}

const fieldSchemas = (options: FilterOptions, defaults: FilterDefaults) => ({
  year: defaults.year === undefined ? yearSchema : yearSchema.default(defaults.year),
  servicelines: servicelinesSchema(options.minServicelines ?? 1),
  service_area: serviceAreaEntries.default(["PSA"]).transform(inCanonicalOrder(SERVICE_AREA_TYPES)),
  facility_type: facilityTypeEntries.default([...FACILITY_TYPES]).transform(inCanonicalOrder(FACILITY_TYPES)),
  facility_zipcodes: zipList,
  provider_zipcodes: zipList,
  facilities: npiList,
  providers: npiList,
});

/**
 * The shared filters as any request may send them (a run, a saved view, a report subscription),
 * each optional and held to its one rule, whichever analysis it is for: the OpenAPI document's
 * `Filters`. An analysis's own number filters (querie11's recapture_pct, asc_shift_pct) pass here
 * and are held to that analysis's schema (the manifest's `filters`) by parseFilters.
 */
export const requestFilters = z
  .looseObject(
    {
      year: yearSchema.optional(),
      servicelines: servicelineEntries(1).optional(),
      service_area: serviceAreaEntries.optional(),
      facility_type: facilityTypeEntries.optional(),
      facility_zipcodes: zipEntries.optional(),
      provider_zipcodes: zipEntries.optional(),
      facilities: npiEntries.optional(),
      providers: npiEntries.optional(),
    },
    { error: "must be a group of filters (a JSON object)" },
  )
  .meta({
    id: "Filters",
    description:
      "The analyses' filters (analyses.md). Each analysis reads the ones its screen offers (the manifest's `filters` per analysis) and its own number filters; the others, when sent, must still be valid and are left at their defaults.",
  });

/**
 * Built schemas per plugin's options and default year: building one (and zod's first parse, which
 * compiles it) costs far more than a parse, and every analysis request parses its filters.
 */
const builtSchemas = new WeakMap<
  FilterOptions,
  Map<number | undefined, ReturnType<typeof buildFilterSchema>>
>();

function numberSchema({ label, minimum, maximum, default: fallback }: NumberFilter) {
  const message = `must be a number from ${minimum} to ${maximum}`;
  const inRange = z.number({ error: message }).min(minimum, message).max(maximum, message);
  // The number branch carries the bounds, so the manifest's JSON Schema shows them to the screen.
  const numberText = z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, message)
    .pipe(z.coerce.number<string>().pipe(inRange));
  return z.union([inRange, numberText], { error: message }).default(fallback).meta({ title: label });
}

function buildFilterSchema(options: FilterOptions, defaults: FilterDefaults) {
  const all = fieldSchemas(options, defaults);
  const picked: Record<string, z.ZodType> = Object.fromEntries(
    options.fields.map((field) => [field, all[field]]),
  );
  for (const [key, number] of Object.entries(options.numbers ?? {})) picked[key] = numberSchema(number);
  return z.strictObject(picked);
}

/** The zod schema of a plugin's filters, with the organisation's defaults filled in. */
export function filterSchema(options: FilterOptions, defaults: FilterDefaults = {}) {
  let byYear = builtSchemas.get(options);
  if (!byYear) {
    byYear = new Map();
    builtSchemas.set(options, byYear);
  }
  let schema = byYear.get(defaults.year);
  if (!schema) {
    schema = buildFilterSchema(options, defaults);
    byYear.set(defaults.year, schema);
  }
  return schema;
}

/** The complete filter object: the fields the plugin offers as parsed, the others at their defaults. */
export function completeFilters(parsed: Record<string, unknown>, options?: FilterOptions): Filters {
  const year = parsed.year;
  if (typeof year !== "number") throw new Error("filters without a year reached the engine");
  const numberKeys = Object.keys(options?.numbers ?? {});
  return {
    ...(numberKeys.length > 0
      ? { numbers: Object.fromEntries(numberKeys.map((key) => [key, parsed[key] as number])) }
      : {}),
    year,
    servicelines: (parsed.servicelines as ServiceLine[] | undefined) ?? [...SERVICE_LINES],
    service_area: (parsed.service_area as ServiceAreaType[] | undefined) ?? ["PSA"],
    facility_type: (parsed.facility_type as FacilityType[] | undefined) ?? [...FACILITY_TYPES],
    facility_zipcodes: (parsed.facility_zipcodes as string[] | undefined) ?? [],
    provider_zipcodes: (parsed.provider_zipcodes as string[] | undefined) ?? [],
    facilities: (parsed.facilities as string[] | undefined) ?? [],
    providers: (parsed.providers as string[] | undefined) ?? [],
  };
}

/** A stable text of the filters (keys in FILTER_FIELDS order): part of the cache key. */
export const filtersKey = (filters: Filters) =>
  JSON.stringify([
    ...FILTER_FIELDS.map((field) => [field, filters[field]]),
    ...(filters.numbers ? [["numbers", filters.numbers]] : []),
  ]);

/**
 * A complete filter object (a saved view, an answer's `filters`) holds the number filters under
 * `numbers`; a request names them at the top level. Both are read, the top level first.
 */
function withNumbersFlat(options: FilterOptions, raw: Record<string, unknown>) {
  const { numbers, ...rest } = raw;
  if (!options.numbers || !numbers || typeof numbers !== "object" || Array.isArray(numbers)) return raw;
  return { ...numbers, ...rest };
}

/**
 * Parses a request's filters for a plugin. Known filters the plugin does not offer are held to the
 * same rule as where they are offered (requestFilters: a bad service_area is refused by every
 * analysis), then dropped: a saved view or a generic client may send the whole filter object.
 * Unknown keys are refused.
 */
export function parseFilters(
  options: FilterOptions,
  defaults: FilterDefaults,
  raw: unknown,
): { success: true; data: Filters } | { success: false; error: z.ZodError } {
  const isObject = raw !== null && typeof raw === "object" && !Array.isArray(raw);
  const entries = isObject ? Object.entries(withNumbersFlat(options, raw as Record<string, unknown>)) : [];
  const notOffered = (key: string) =>
    FILTER_FIELDS.includes(key as FilterField) && !options.fields.includes(key as FilterField);
  const input = isObject ? Object.fromEntries(entries.filter(([key]) => !notOffered(key))) : raw;
  const parsed = filterSchema(options, defaults).safeParse(input ?? {});
  const unused = requestFilters.safeParse(Object.fromEntries(entries.filter(([key]) => notOffered(key))));
  const issues = [...(parsed.error?.issues ?? []), ...(unused.error?.issues ?? [])];
  if (issues.length > 0) return { success: false, error: new z.ZodError(issues) };
  return { success: true, data: completeFilters(parsed.data as Record<string, unknown>, options) };
}

/** A plugin's filters with nothing chosen: its defaults (year null when the organisation has none). */
export function defaultFilters(options: FilterOptions, defaults: FilterDefaults) {
  const parsed = filterSchema(options, { year: defaults.year ?? 1000 }).parse({}) as Record<string, unknown>;
  return { ...parsed, year: defaults.year ?? null };
}

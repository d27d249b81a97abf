/**
 * Seeded random organisation-years and filter sets for the property tests of prepared answers
 * (plugin.ts `prepared`): the kernel over the bound rows is the oracle, the prepared answer must
 * give the same result for every filter set. Small on purpose: few zips, facilities and providers,
 * so random filters keep some rows and drop others, with nulls where the contract allows them.
 */
import { categories } from "../../reference/codes/categories.ts";
import { FACILITY_TYPES, SERVICE_AREA_TYPES, SERVICE_LINES } from "../filters.ts";
import type { Plugin } from "../plugin.ts";
import { GOLDEN_YEAR, type GoldenData, marketCase, practiceLine } from "./golden.ts";

/** mulberry32: a small seeded generator, the same sequence for the same seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <Value>(values: readonly Value[]) => values[int(values.length)]!;
  /** A subset, each value kept with probability `keep`; never empty when `nonEmpty`. */
  const subset = <Value>(values: readonly Value[], keep = 0.5, nonEmpty = true) => {
    const chosen = values.filter(() => next() < keep);
    return chosen.length === 0 && nonEmpty ? [pick(values)] : chosen;
  };
  return { next, int, pick, subset };
}
export type Random = ReturnType<typeof seededRandom>;

const ZIPS = ["10001", "10002", "10003", "10025", "10301", "11201", "90210", "07030"];
const FACILITIES = [
  { npi: "9000000001", zip: "10001", name: "Own Hospital" },
  { npi: "9000000002", zip: "10025", name: "Own ASC" },
  { npi: "9000000003", zip: "11201", name: "Rival Medical Center" },
  { npi: "9000000004", zip: "10301", name: "Élan Surgery" },
];
const LOCATIONS = [
  { name: "Midtown Clinic", zip: "10002" },
  { name: "Uptown Clinic", zip: "10025" },
];
const RENDERING = ["8000000001", "8000000002", "8000000003", "8000000004", "8000000005", "8000000006"];
const REFERRING = ["7000000001", "7000000002", "8000000002"];

/** An organisation-year: a market of `cases` cases over a service area of six zips, and practice lines. */
export function randomOrganisationYear(random: Random, cases = 160, lines = 140): GoldenData {
  const { int, pick, next } = random;
  const market = Array.from({ length: cases }, () => {
    const facility = pick(FACILITIES);
    const rendering = pick(RENDERING);
    const referring = next() < 0.3 ? null : pick(REFERRING);
    const paid = next() < 0.4 ? 0 : 1000 + int(9) * 250;
    return marketCase({
      service_line: pick(SERVICE_LINES),
      setting: next() < 0.1 ? null : pick(FACILITY_TYPES),
      patient_zip: pick(ZIPS),
      facility_npi: facility.npi,
      facility_name: facility.name,
      facility_zip: facility.zip,
      rendering_npi: rendering,
      rendering_name: `Dr ${rendering.slice(-1)}`,
      referring_npi: referring,
      referring_name: referring && `Referrer ${referring.slice(-1)}`,
      cases: 1 + int(3),
      paid_amount: paid,
    });
  });
  const practice = Array.from({ length: lines }, (_, index) => {
    const category = next() < 0.08 ? null : pick(categories);
    const ownFacility = next() < 0.5;
    return practiceLine({
      claim_id: `R${int(lines / 2)}`,
      line: index + 1,
      category,
      patient_zip: next() < 0.05 ? null : pick(ZIPS),
      rendering_npi: next() < 0.05 ? null : pick(RENDERING),
      referring_npi: next() < 0.3 ? null : pick(REFERRING),
      facility_npi: ownFacility ? pick(FACILITIES.slice(0, 2)).npi : null,
      location: ownFacility ? null : next() < 0.8 ? pick(LOCATIONS).name : null,
      source: next() < 0.3 ? "facility" : "professional",
      setting: next() < 0.1 ? null : pick(FACILITY_TYPES),
      units: 1 + int(3),
      paid_amount: int(4) * 100,
    });
  });
  return {
    market,
    practice,
    providers: RENDERING.slice(0, 3).map((npi, index) => ({
      npi,
      full_name: ["Ann Own", "Bo Two", "Zoë Three"][index]!,
    })),
    facilities: [
      ...FACILITIES.slice(0, 2).map((facility) => ({
        ...facility,
        kind: "facility" as const,
        facility_name: facility.name,
      })),
      ...LOCATIONS.map((location) => ({
        npi: FACILITIES[0]!.npi,
        kind: "location" as const,
        name: location.name,
        facility_name: FACILITIES[0]!.name,
        zip: location.zip,
      })),
    ],
    serviceArea: ZIPS.slice(0, 6).map((zipcode, index) => ({
      zipcode,
      type: SERVICE_AREA_TYPES[index % 3]!,
    })),
    availableYears: [GOLDEN_YEAR],
  };
}

/** A filter set of the analysis's fields: each field left to its default or chosen at random. */
export function randomFilters(random: Random, plugin: Plugin): Record<string, unknown> {
  const { next, subset } = random;
  const fields = new Set(plugin.filters.fields);
  const filters: Record<string, unknown> = {};
  const sometimes = (field: string, value: () => unknown, chance = 0.5) => {
    if (fields.has(field as never) && next() < chance) filters[field] = value();
  };
  // At least the lines the analysis requires (querie3's mix needs 3): more drawn while too few.
  const minimum = plugin.filters.minServicelines ?? 1;
  sometimes(
    "servicelines",
    () => {
      let lines = subset(SERVICE_LINES, 0.5);
      while (lines.length < minimum) lines = [...new Set([...lines, ...subset(SERVICE_LINES, 0.5)])];
      return lines;
    },
    0.7,
  );
  sometimes("service_area", () => subset(SERVICE_AREA_TYPES, 0.6), 0.6);
  sometimes("facility_type", () => subset(FACILITY_TYPES, 0.6), 0.5);
  sometimes("facility_zipcodes", () => subset(ZIPS, 0.4), 0.3);
  sometimes("provider_zipcodes", () => subset(ZIPS, 0.4), 0.3);
  sometimes(
    "facilities",
    () =>
      subset(
        FACILITIES.map((facility) => facility.npi),
        0.5,
      ),
    0.3,
  );
  sometimes("providers", () => subset(RENDERING, 0.5), 0.3);
  return filters;
}

/** How many filter sets a property test tries: PREPARED_PROPERTY_SETS (1,000 for a thorough run), else `fallback`. */
export const propertySets = (fallback = 60) => Number(process.env.PREPARED_PROPERTY_SETS ?? fallback);

/**
 * The stored market profile: one object per category section (keyed by the titles of admin-area.md
 * section 2), a Total surgical section, and a Non specific section. null means "not available"
 * (no previous year, no demographics file) and shows as an orange N/A tag in the detail modal.
 */
import { z } from "zod";
import { categories } from "../../server/reference/codes/categories.ts";
import { CATEGORY_SECTIONS, type SectionTitle } from "../service_capabilities/sections.ts";

const byAreaType = z.strictObject({ PSA: z.number(), SSA: z.number(), TSA: z.number() });

const marketFigures = {
  /** Σ cases of the market rows whose patient lives in the service area (PSA, SSA and TSA). */
  market_volume: z.number().nonnegative(),
  market_volume_by_area: byAreaType,
  /** The customer's cases among them (its providers or facilities). */
  customer_cases: z.number().nonnegative(),
  /** customer_cases / market_volume x 100 (0 when the market has none). */
  market_share: z.number(),
  /** The practice file's own volume (cases for surgical categories, services for the others). */
  practice_volume: z.number().nonnegative(),
  previous_market_volume: z.number().nullable(),
  /** Percent change of the market volume against the previous year. */
  market_growth: z.number().nullable(),
  previous_customer_cases: z.number().nullable(),
  customer_growth: z.number().nullable(),
  previous_market_share: z.number().nullable(),
  /** market_share - previous_market_share, in points. */
  market_share_change: z.number().nullable(),
};

export const categoryProfile = z.strictObject({ category: z.enum(categories), ...marketFigures });
export type CategoryProfile = z.infer<typeof categoryProfile>;

export const totalSurgicalProfile = z.strictObject({
  ...marketFigures,
  /** Percent of the market's surgical cases with a setting performed in an ASC. */
  market_asc_share: z.number(),
  /** The same for the customer's cases. */
  customer_asc_share: z.number(),
});
export type TotalSurgicalProfile = z.infer<typeof totalSurgicalProfile>;

export const nonSpecificProfile = z.strictObject({
  year: z.number().int(),
  /** The year growth is measured against, or null when the organisation has none before. */
  previous_year: z.number().int().nullable(),
  service_area_zips: byAreaType,
  /** Σ population of the service-area zips (demographics of the year); null without the file. */
  population: z.number().nullable(),
  population_65_plus: z.number().nullable(),
  share_aged_65_plus: z.number().nullable(),
  projected_population_5y: z.number().nullable(),
  projected_population_growth_5y: z.number().nullable(),
  /** How many service-area zips the demographics file covers. */
  demographics_zips_covered: z.number().int().nullable(),
  competitor_facilities: z.number().int().nonnegative(),
  competitor_surgeons: z.number().int().nonnegative(),
  customer_surgeons: z.number().int().nonnegative(),
  largest_competitor_facility: z.string().nullable(),
  largest_competitor_facility_cases: z.number().nonnegative(),
  /** Surgical cases referred by the customer's providers, and the percent it performed itself. */
  referred_by_customer_cases: z.number().nonnegative(),
  referral_retention: z.number(),
  /** Percent of the service area's surgical cases treated at a facility inside the service area. */
  in_area_care: z.number(),
  notes: z.array(z.string()),
});
export type NonSpecificProfile = z.infer<typeof nonSpecificProfile>;

export const TOTAL_SURGICAL = "Total surgical";
export const NON_SPECIFIC = "Non specific";

export const marketProfileResult = z.strictObject({
  ...(Object.fromEntries(CATEGORY_SECTIONS.map(({ section }) => [section, categoryProfile])) as Record<
    SectionTitle,
    typeof categoryProfile
  >),
  [TOTAL_SURGICAL]: totalSurgicalProfile,
  [NON_SPECIFIC]: nonSpecificProfile,
});
export type MarketProfile = z.infer<typeof marketProfileResult>;

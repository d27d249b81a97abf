/**
 * Tests only: a hand-written market profile. Every section starts at 0 (no market, no growth) and
 * a test sets what its arithmetic needs.
 */
import type {
  CategoryProfile,
  MarketProfile,
  NonSpecificProfile,
  TotalSurgicalProfile,
} from "../market_profile/result.ts";
import { CATEGORY_SECTIONS, type SectionTitle } from "../service_capabilities/sections.ts";

const emptyFigures = {
  market_volume: 0,
  market_volume_by_area: { PSA: 0, SSA: 0, TSA: 0 },
  customer_cases: 0,
  market_share: 0,
  practice_volume: 0,
  previous_market_volume: null,
  market_growth: null,
  previous_customer_cases: null,
  customer_growth: null,
  previous_market_share: null,
  market_share_change: null,
};

const emptyNonSpecific: NonSpecificProfile = {
  year: 2024,
  previous_year: null,
  service_area_zips: { PSA: 1, SSA: 0, TSA: 0 },
  population: null,
  population_65_plus: null,
  share_aged_65_plus: null,
  projected_population_5y: null,
  projected_population_growth_5y: null,
  demographics_zips_covered: null,
  competitor_facilities: 0,
  competitor_surgeons: 0,
  customer_surgeons: 0,
  largest_competitor_facility: null,
  largest_competitor_facility_cases: 0,
  referred_by_customer_cases: 0,
  referral_retention: 0,
  in_area_care: 0,
  notes: [],
};

export function marketProfileOf(values: {
  sections?: Partial<Record<SectionTitle, Partial<CategoryProfile>>>;
  total?: Partial<TotalSurgicalProfile>;
  nonSpecific?: Partial<NonSpecificProfile>;
}): MarketProfile {
  return {
    ...Object.fromEntries(
      CATEGORY_SECTIONS.map(({ category, section }) => [
        section,
        { category, ...emptyFigures, ...values.sections?.[section] },
      ]),
    ),
    "Total surgical": { ...emptyFigures, market_asc_share: 0, customer_asc_share: 0, ...values.total },
    "Non specific": { ...emptyNonSpecific, ...values.nonSpecific },
  } as MarketProfile;
}

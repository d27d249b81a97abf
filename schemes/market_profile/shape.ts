/**
 * Pure shaping of the market profile: rows of market.sql, practice_volume.sql, competition.sql and
 * demographics.sql become the category sections, Total surgical and Non specific. No I/O.
 */
import { percentChange, share } from "../../server/engine/shares.ts";
import { CATEGORY_SECTIONS, round2 } from "../service_capabilities/sections.ts";
import {
  type CategoryProfile,
  type MarketProfile,
  NON_SPECIFIC,
  type NonSpecificProfile,
  TOTAL_SURGICAL,
  type TotalSurgicalProfile,
} from "./result.ts";

export interface MarketRow {
  period: "current" | "previous";
  category: string | null;
  is_surgical: boolean | null;
  area_type: string;
  market_volume: number;
  customer_cases: number;
  market_with_setting: number;
  market_asc: number;
  customer_with_setting: number;
  customer_asc: number;
}

export interface CompetitionRow {
  competitor_facilities: number;
  competitor_surgeons: number;
  customer_surgeons: number;
  largest_competitor_facility: string | null;
  largest_competitor_facility_cases: number;
  referred_by_customer_cases: number;
  referred_retained_cases: number;
  area_cases: number;
  treated_in_area_cases: number;
}

export interface DemographicsRow {
  zips_covered: number;
  zips: number;
  population: number;
  population_65_plus: number;
  projected_population_5y: number | null;
}

export interface MarketProfileInputs {
  year: number;
  /** Set only when the previous year's market is bound and holds cases of the service area. */
  previousYear: number | null;
  market: MarketRow[];
  practiceVolume: Array<{ category: string; volume: number }>;
  competition: CompetitionRow;
  demographics: DemographicsRow | null;
  serviceArea: Array<{ zipcode: string; type: string }>;
  notes: string[];
}

const total = (rows: MarketRow[], pick: (row: MarketRow) => number) =>
  rows.reduce((sum, row) => sum + pick(row), 0);

/** The market figures of a set of rows (one category, or every surgical one). */
function figures(rows: MarketRow[], practiceVolume: number, withPrevious: boolean) {
  const current = rows.filter((row) => row.period === "current");
  const previous = rows.filter((row) => row.period === "previous");
  const marketVolume = total(current, (row) => row.market_volume);
  const customerCases = total(current, (row) => row.customer_cases);
  const areaVolume = (type: string) =>
    total(
      current.filter((row) => row.area_type === type),
      (row) => row.market_volume,
    );
  const marketShare = share(customerCases, marketVolume);
  const previousMarket = total(previous, (row) => row.market_volume);
  const previousCustomer = total(previous, (row) => row.customer_cases);
  const previousShare = share(previousCustomer, previousMarket);
  return {
    market_volume: marketVolume,
    market_volume_by_area: { PSA: areaVolume("PSA"), SSA: areaVolume("SSA"), TSA: areaVolume("TSA") },
    customer_cases: customerCases,
    market_share: round2(marketShare),
    practice_volume: practiceVolume,
    previous_market_volume: withPrevious ? previousMarket : null,
    market_growth: withPrevious ? round2(percentChange(previousMarket, marketVolume)) : null,
    previous_customer_cases: withPrevious ? previousCustomer : null,
    customer_growth: withPrevious ? round2(percentChange(previousCustomer, customerCases)) : null,
    previous_market_share: withPrevious ? round2(previousShare) : null,
    market_share_change: withPrevious ? round2(marketShare - previousShare) : null,
  };
}

function nonSpecific(inputs: MarketProfileInputs): NonSpecificProfile {
  const { competition, demographics } = inputs;
  const zipsOf = (type: string) => inputs.serviceArea.filter((zip) => zip.type === type).length;
  const projected = demographics?.projected_population_5y ?? null;
  return {
    year: inputs.year,
    previous_year: inputs.previousYear,
    service_area_zips: { PSA: zipsOf("PSA"), SSA: zipsOf("SSA"), TSA: zipsOf("TSA") },
    population: demographics ? demographics.population : null,
    population_65_plus: demographics ? demographics.population_65_plus : null,
    share_aged_65_plus: demographics
      ? round2(share(demographics.population_65_plus, demographics.population))
      : null,
    projected_population_5y: projected,
    projected_population_growth_5y:
      demographics && projected !== null ? round2(percentChange(demographics.population, projected)) : null,
    demographics_zips_covered: demographics ? demographics.zips_covered : null,
    competitor_facilities: competition.competitor_facilities,
    competitor_surgeons: competition.competitor_surgeons,
    customer_surgeons: competition.customer_surgeons,
    largest_competitor_facility: competition.largest_competitor_facility,
    largest_competitor_facility_cases: competition.largest_competitor_facility_cases,
    referred_by_customer_cases: competition.referred_by_customer_cases,
    referral_retention: round2(
      share(competition.referred_retained_cases, competition.referred_by_customer_cases),
    ),
    in_area_care: round2(share(competition.treated_in_area_cases, competition.area_cases)),
    notes: inputs.notes,
  };
}

export function buildMarketProfile(inputs: MarketProfileInputs): MarketProfile {
  const withPrevious = inputs.previousYear !== null;
  const practice = (category: string) =>
    inputs.practiceVolume.find((row) => row.category === category)?.volume ?? 0;
  const sections = Object.fromEntries(
    CATEGORY_SECTIONS.map(({ category, section }): [string, CategoryProfile] => [
      section,
      {
        category,
        ...figures(
          inputs.market.filter((row) => row.category === category),
          practice(category),
          withPrevious,
        ),
      },
    ]),
  );
  const surgicalRows = inputs.market.filter((row) => row.is_surgical);
  const current = surgicalRows.filter((row) => row.period === "current");
  const totalSurgical: TotalSurgicalProfile = {
    ...figures(
      surgicalRows,
      CATEGORY_SECTIONS.filter((section) => section.surgical).reduce(
        (sum, section) => sum + practice(section.category),
        0,
      ),
      withPrevious,
    ),
    market_asc_share: round2(
      share(
        total(current, (row) => row.market_asc),
        total(current, (row) => row.market_with_setting),
      ),
    ),
    customer_asc_share: round2(
      share(
        total(current, (row) => row.customer_asc),
        total(current, (row) => row.customer_with_setting),
      ),
    ),
  };
  return {
    ...sections,
    [TOTAL_SURGICAL]: totalSurgical,
    [NON_SPECIFIC]: nonSpecific(inputs),
  } as MarketProfile;
}

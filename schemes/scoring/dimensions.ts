/**
 * The five dimensions computed from the market profile, the service capabilities and the
 * questionnaire answers, as FORMULAS (formulas.ts) states them. Pure: no I/O.
 */

import { type Answers, countPractices } from "../macro_capabilities/practices.ts";
import type { MacroCapabilities } from "../macro_capabilities/result.ts";
import type { MarketProfile } from "../market_profile/result.ts";
import type { ServiceCapabilities } from "../service_capabilities/result.ts";
import { CATEGORY_SECTIONS, round1, round2, SURGICAL_SECTIONS } from "../service_capabilities/sections.ts";
import { DIMENSIONS, type Dimension, WEIGHTS } from "./formulas.ts";

export interface ScoringInputs {
  marketProfile: MarketProfile;
  serviceCapabilities: ServiceCapabilities;
  macroCapabilities: MacroCapabilities;
  answers: Answers;
}

type Inputs = Record<string, number | string | null | string[] | Record<string, number>>;

export interface DimensionScore {
  score: number;
  inputs: Inputs;
}

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));
const scale = (fraction: number) => round1(20 * clamp01(fraction));
const ratioOr = (part: number, whole: number, whenZero: number) => (whole === 0 ? whenZero : part / whole);

export function marketAlignement({ marketProfile }: ScoringInputs): DimensionScore {
  const total = marketProfile["Total surgical"];
  const customerMix: Record<string, number> = {};
  const marketMix: Record<string, number> = {};
  let distance = 0;
  for (const { section, category } of SURGICAL_SECTIONS) {
    const line = marketProfile[section];
    const customer = ratioOr(line.customer_cases, total.customer_cases, 0);
    const market = ratioOr(line.market_volume, total.market_volume, 0);
    customerMix[category] = round2(customer * 100);
    marketMix[category] = round2(market * 100);
    distance += Math.abs(customer - market);
  }
  const mixSimilarity = total.customer_cases === 0 ? 0 : 1 - distance / 2;
  const ascAlignment =
    total.market_asc_share === 0 ? 1 : Math.min(1, total.customer_asc_share / total.market_asc_share);
  return {
    score: scale(0.6 * mixSimilarity + 0.4 * ascAlignment),
    inputs: {
      customer_mix: customerMix,
      market_mix: marketMix,
      mix_similarity: round2(mixSimilarity),
      customer_asc_share: total.customer_asc_share,
      market_asc_share: total.market_asc_share,
      asc_alignment: round2(ascAlignment),
    },
  };
}

export function centricity({ answers }: ScoringInputs): DimensionScore {
  const practices = countPractices(answers, "centricity");
  return {
    score: scale(practices.in_place / practices.total),
    inputs: {
      practices_in_place: practices.in_place,
      practices_total: practices.total,
      practices: practices.fields,
    },
  };
}

export function competitiveComparison({ marketProfile }: ScoringInputs): DimensionScore {
  const total = marketProfile["Total surgical"];
  const nonSpecific = marketProfile["Non specific"];
  const leaderRatio = Math.min(
    1,
    ratioOr(total.customer_cases, nonSpecific.largest_competitor_facility_cases, 1),
  );
  const lines = SURGICAL_SECTIONS.map(({ section }) => marketProfile[section]).filter(
    (line) => line.market_volume > 0,
  );
  const breadth =
    total.market_share === 0 || lines.length === 0
      ? 0
      : lines.reduce((sum, line) => sum + Math.min(1, line.market_share / total.market_share), 0) /
        lines.length;
  return {
    score: scale(0.5 * leaderRatio + 0.5 * breadth),
    inputs: {
      customer_cases: total.customer_cases,
      largest_competitor_facility: nonSpecific.largest_competitor_facility,
      largest_competitor_facility_cases: nonSpecific.largest_competitor_facility_cases,
      leader_ratio: round2(leaderRatio),
      market_share: total.market_share,
      lines_with_market_volume: lines.length,
      share_breadth: round2(breadth),
    },
  };
}

export function partnerships({ marketProfile, answers }: ScoringInputs): DimensionScore {
  const practices = countPractices(answers, "partnerships");
  const retention = marketProfile["Non specific"].referral_retention;
  return {
    score: scale(0.5 * (practices.in_place / practices.total) + 0.5 * (retention / 100)),
    inputs: {
      practices_in_place: practices.in_place,
      practices_total: practices.total,
      practices: practices.fields,
      referred_by_customer_cases: marketProfile["Non specific"].referred_by_customer_cases,
      referral_retention: retention,
    },
  };
}

export function serviceMixAndStrength({
  marketProfile,
  serviceCapabilities,
  macroCapabilities,
}: ScoringInputs): DimensionScore {
  const performed = macroCapabilities.Rollup.categories_performed;
  const deep = SURGICAL_SECTIONS.filter(
    ({ section }) => serviceCapabilities[section].providers_performing >= 2,
  ).length;
  const inAreaCare = marketProfile["Non specific"].in_area_care;
  return {
    score: scale(
      0.4 * (performed / CATEGORY_SECTIONS.length) +
        0.3 * (deep / SURGICAL_SECTIONS.length) +
        0.3 * (inAreaCare / 100),
    ),
    inputs: {
      categories_performed: performed,
      categories_total: CATEGORY_SECTIONS.length,
      deep_surgical_lines: deep,
      surgical_lines_total: SURGICAL_SECTIONS.length,
      in_area_care: inAreaCare,
    },
  };
}

const COMPUTE: Record<Dimension, (inputs: ScoringInputs) => DimensionScore> = {
  market_alignement: marketAlignement,
  centricity,
  competitive_comparison: competitiveComparison,
  partnerships,
  service_mix_and_strength: serviceMixAndStrength,
};

export function scoreAll(inputs: ScoringInputs) {
  const dimensions = Object.fromEntries(
    DIMENSIONS.map((dimension) => [dimension, COMPUTE[dimension](inputs)]),
  ) as Record<Dimension, DimensionScore>;
  // The weighted sum of the scores as shown, so the total can be checked from the screen.
  const total = round1(
    DIMENSIONS.reduce((sum, dimension) => sum + (WEIGHTS[dimension] / 100) * dimensions[dimension].score, 0),
  );
  return { dimensions, total };
}

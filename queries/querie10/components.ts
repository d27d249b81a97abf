import { percentChange, share } from "../../server/engine/index.ts";

export const COMPONENTS = ["volume", "market_share", "asc_shift", "provider_depth", "referral_base"] as const;
export type Component = (typeof COMPONENTS)[number];

/** One year's figures of a line. */
export interface LineYear {
  market_cases: number;
  customer_cases: number;
  customer_asc_cases: number;
  providers: number;
  referrers: number;
}

export const EMPTY_YEAR: LineYear = {
  market_cases: 0,
  customer_cases: 0,
  customer_asc_cases: 0,
  providers: 0,
  referrers: 0,
};

/** The value of each component in one year (shares in %, counts as counts). */
export function componentValues(year: LineYear): Record<Component, number> {
  return {
    volume: year.customer_cases,
    market_share: share(year.customer_cases, year.market_cases),
    // The share of the practice's own cases of the line performed in an ASC.
    asc_shift: share(year.customer_asc_cases, year.customer_cases),
    provider_depth: year.providers,
    referral_base: year.referrers,
  };
}

/**
 * The change of each component: counts as a percentage change, shares in points (analyses.md).
 * A change from 0 is 0, by the same rule as a share whose denominator is 0.
 */
export function componentChanges(reference: LineYear, current: LineYear): Record<Component, number> {
  const before = componentValues(reference);
  const after = componentValues(current);
  return {
    volume: percentChange(before.volume, after.volume),
    market_share: after.market_share - before.market_share,
    asc_shift: after.asc_shift - before.asc_shift,
    provider_depth: percentChange(before.provider_depth, after.provider_depth),
    referral_base: percentChange(before.referral_base, after.referral_base),
  };
}

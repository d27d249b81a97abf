/** querie1's result from pairs.sql's rows, as the kernel reads them and the prepared answer adds them up. */
import type { FilterLists } from "../../server/engine/filterLists.ts";
import { share } from "../../server/engine/index.ts";
import { marketShares, type Pair } from "./marketShare.ts";
import { PRACTICE_LABEL, TOP_IN_CHART } from "./view.ts";

export function marketShareResult(pairs: Pair[], lists: FilterLists) {
  const { facilities, providers, total: marketTotal, customer: customerClaims } = marketShares(pairs);
  const practiceShare = share(customerClaims, marketTotal);
  return {
    ...lists,
    // The practice's own bar beside the competitor facilities' (the chart draws this list).
    practice_and_competitor_facilities: [
      { name: PRACTICE_LABEL, side: "Practice", claims: customerClaims, market_share: practiceShare },
      ...facilities.slice(0, TOP_IN_CHART).map((facility) => ({
        name: facility.name,
        side: "Competitor",
        claims: facility.claims,
        market_share: share(facility.claims, marketTotal),
      })),
    ],
    competitor_market_share_facilities: facilities.map((facility) => ({
      npi: facility.npi,
      name: facility.name,
      claims: facility.claims,
      market_share: share(facility.claims, marketTotal),
      zipcode: facility.zipcode,
      providers: facility.providers,
    })),
    competitor_market_share_providers: providers.map((provider) => ({
      npi: provider.npi,
      name: provider.name,
      claims: provider.claims,
      market_share: share(provider.claims, marketTotal),
      zipcode: provider.zipcode,
      facilities: provider.facilities,
    })),
    customer_market_share: { claims: customerClaims, market_share: practiceShare },
    market_total: marketTotal,
  };
}

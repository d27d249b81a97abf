import { definePlugin, share } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { marketShareFilters } from "./filters.ts";
import { marketShareInsights } from "./insights.ts";
import { marketShares, pairRow } from "./marketShare.ts";
import { marketShareView, PRACTICE_LABEL, TOP_IN_CHART } from "./view.ts";

export default definePlugin({
  id: "querie1",
  ...catalogue,
  description:
    "Surgical market share of the competitor facilities and providers in the service area, against the practice's own share.",
  version: 2,
  dir: import.meta.dir,
  filters: marketShareFilters,
  view: marketShareView,
  async kernel({ sql, filterLists }) {
    // One statement: M by facility, rendering provider and side; the lists are grouped here.
    const {
      facilities,
      providers,
      total: marketTotal,
      customer: customerClaims,
    } = marketShares(await sql.rows("pairs.sql", pairRow));
    const practiceShare = share(customerClaims, marketTotal);
    return {
      ...(await filterLists()),
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
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => marketShareInsights(answer),
});

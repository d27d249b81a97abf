import { z } from "zod";
import { definePlugin, share, sqlNumber, sqlText, sqlTextList } from "../../server/engine/index.ts";
import { marketShareFilters } from "./filters.ts";
import { marketShareView } from "./view.ts";

const totalRow = z.object({ total: sqlNumber, customer: sqlNumber });
const facilityRow = z.object({
  npi: sqlText,
  name: sqlText,
  zipcode: sqlText,
  claims: sqlNumber,
  providers: sqlTextList,
});
const providerRow = z.object({
  npi: sqlText,
  name: sqlText,
  zipcode: sqlText,
  claims: sqlNumber,
  facilities: sqlTextList,
});

export default definePlugin({
  id: "querie1",
  title: "Sx Market Share",
  theme: "Competitive Comparison",
  description:
    "Surgical market share of the competitor facilities and providers in the service area, against the practice's own share.",
  version: 1,
  dir: import.meta.dir,
  filters: marketShareFilters,
  view: marketShareView,
  async kernel({ sql, filterLists }) {
    const [totals] = await sql.rows("market_total.sql", totalRow);
    const marketTotal = totals?.total ?? 0;
    const facilities = await sql.rows("competitor_facilities.sql", facilityRow);
    const providers = await sql.rows("competitor_providers.sql", providerRow);
    const customerClaims = totals?.customer ?? 0;
    return {
      ...(await filterLists()),
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
      customer_market_share: { claims: customerClaims, market_share: share(customerClaims, marketTotal) },
      market_total: marketTotal,
    };
  },
});

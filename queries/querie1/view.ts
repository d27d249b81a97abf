import type { ViewDescriptor } from "../../server/engine/index.ts";

const TOP_IN_CHART = 15;

const shareBar = (source: string, title: string) => ({
  $schema: "https://vega.github.io/schema/vega-lite/v6.json",
  title,
  data: { name: source },
  transform: [
    { window: [{ op: "row_number", as: "rank" }], sort: [{ field: "claims", order: "descending" }] },
    { filter: `datum.rank <= ${TOP_IN_CHART}` },
  ],
  mark: { type: "bar", tooltip: true },
  encoding: {
    y: { field: "name", type: "nominal", sort: "-x", title: null },
    x: { field: "market_share", type: "quantitative", title: "Market share (%)" },
    tooltip: [
      { field: "name", type: "nominal" },
      { field: "claims", type: "quantitative", format: ",.0f" },
      { field: "market_share", type: "quantitative", format: ".2f", title: "Market share (%)" },
    ],
  },
});

export const marketShareView: ViewDescriptor = {
  layout: "standard",
  charts: [
    {
      id: "facilities",
      title: "Competitor facilities",
      spec: shareBar("competitor_market_share_facilities", "Market share of competitor facilities"),
    },
    {
      id: "providers",
      title: "Competitor providers",
      spec: shareBar("competitor_market_share_providers", "Market share of competitor providers"),
    },
  ],
  tables: [
    {
      id: "facilities",
      title: "Competitor facilities",
      rowsKey: "competitor_market_share_facilities",
      columns: [
        { key: "name", label: "Facility", format: "text" },
        { key: "zipcode", label: "Zip code", format: "text" },
        { key: "claims", label: "Claims", format: "integer" },
        { key: "market_share", label: "Market share", format: "percent", missing: 0 },
        { key: "providers", label: "Providers", format: "list" },
      ],
      sort: { key: "claims", direction: "desc" },
      sortable: true,
    },
    {
      id: "providers",
      title: "Competitor providers",
      rowsKey: "competitor_market_share_providers",
      columns: [
        { key: "name", label: "Provider", format: "text" },
        { key: "zipcode", label: "Zip code", format: "text" },
        { key: "claims", label: "Claims", format: "integer" },
        { key: "market_share", label: "Market share", format: "percent", missing: 0 },
        { key: "facilities", label: "Facilities", format: "list" },
      ],
      sort: { key: "claims", direction: "desc" },
      sortable: true,
    },
  ],
  maps: [],
};

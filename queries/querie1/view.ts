import { column, rankedBy, type TableDescriptor, type ViewDescriptor } from "../../server/engine/index.ts";

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

/** A competitor ranking: facilities with their providers, or providers with their facilities. */
const competitorTable = (
  side: "facilities" | "providers",
  title: string,
  nameLabel: string,
  partnersKey: "providers" | "facilities",
  partnersLabel: string,
): TableDescriptor => ({
  id: side,
  title,
  rowsKey: `competitor_market_share_${side}`,
  columns: [
    column.text("name", nameLabel),
    column.text("zipcode", "Zip code"),
    column.integer("claims", "Claims"),
    column.percent("market_share", "Market share"),
    column.list(partnersKey, partnersLabel),
  ],
  ...rankedBy("claims"),
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
    competitorTable("facilities", "Competitor facilities", "Facility", "providers", "Providers"),
    competitorTable("providers", "Competitor providers", "Provider", "facilities", "Facilities"),
  ],
  maps: [],
};

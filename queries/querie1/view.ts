import { column, rankedBy, type TableDescriptor, type ViewDescriptor } from "../../server/engine/index.ts";

/** Bars per chart: the largest competitors (the practice's own bar is drawn beside them). */
export const TOP_IN_CHART = 15;
/** The practice's bar in the facilities chart. */
export const PRACTICE_LABEL = "Your practice";

/**
 * The practice's share beside its competitor facilities' (practice_and_competitor_facilities: the
 * practice first, then the largest competitors), the practice's bar in its own colour.
 */
const practiceBesideCompetitors = {
  $schema: "https://vega.github.io/schema/vega-lite/v6.json",
  title: "Market share of the practice and competitor facilities",
  data: { name: "practice_and_competitor_facilities" },
  mark: { type: "bar", tooltip: true },
  encoding: {
    y: { field: "name", type: "nominal", sort: "-x", title: null },
    x: { field: "market_share", type: "quantitative", title: "Market share (%)" },
    color: {
      field: "side",
      type: "nominal",
      title: null,
      scale: { domain: ["Practice", "Competitor"], range: ["#e8590c", "#4c6ef5"] },
    },
    tooltip: [
      { field: "name", type: "nominal" },
      { field: "claims", type: "quantitative", format: ",.0f" },
      { field: "market_share", type: "quantitative", format: ".2f", title: "Market share (%)" },
    ],
  },
};

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
      title: "The practice and competitor facilities",
      spec: practiceBesideCompetitors,
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

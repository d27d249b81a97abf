import { column, rankedBy, type TableDescriptor, type ViewDescriptor } from "../../server/engine/index.ts";

const pie = (source: string, title: string) => ({
  $schema: "https://vega.github.io/schema/vega-lite/v6.json",
  title,
  data: { name: source },
  mark: { type: "arc", tooltip: true },
  encoding: {
    theta: { field: "cases", type: "quantitative", stack: true },
    // Slices largest first, clockwise; 20 colours so the top 30 providers rarely share one.
    order: { field: "cases", type: "quantitative", sort: "descending" },
    color: {
      field: "name",
      type: "nominal",
      title: null,
      sort: { field: "cases", order: "descending" },
      scale: { scheme: "tableau20" },
    },
    tooltip: [
      { field: "name", type: "nominal" },
      { field: "cases", type: "quantitative", format: ",.0f" },
      { field: "percentage", type: "quantitative", format: ".2f", title: "Share (%)" },
    ],
  },
});

const sliceTable = (id: string, title: string, rowsKey: string, nameLabel: string): TableDescriptor => ({
  id,
  title,
  rowsKey,
  columns: [
    column.text("name", nameLabel),
    column.integer("cases", "Cases"),
    column.percent("percentage", "Share"),
  ],
  ...rankedBy("cases"),
});

export const partnershipView: ViewDescriptor = {
  layout: "standard",
  // A click on the OTHER slice (npi null) opens the *_other breakdown, with a Back button.
  charts: [
    {
      id: "facilities",
      title: "Facilities of the practice's providers",
      spec: pie("facilities_pie", "By facility"),
    },
    {
      id: "facilities_other",
      title: "OTHER facilities",
      spec: pie("facilities_other", "OTHER facilities"),
      breakdownOf: { chart: "facilities", field: "npi", equals: null },
    },
    {
      id: "providers",
      title: "Providers at the practice's facilities",
      spec: pie("providers_pie", "By provider"),
    },
    {
      id: "providers_other",
      title: "OTHER providers",
      spec: pie("providers_other", "OTHER providers"),
      breakdownOf: { chart: "providers", field: "npi", equals: null },
    },
  ],
  tables: [
    sliceTable("facilities", "Facilities of the practice's providers", "facilities_pie", "Facility"),
    sliceTable("facilities_other", "OTHER facilities", "facilities_other", "Facility"),
    sliceTable("providers", "Providers at the practice's facilities", "providers_pie", "Provider"),
    sliceTable("providers_other", "OTHER providers", "providers_other", "Provider"),
  ],
  maps: [],
};

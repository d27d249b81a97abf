import { column, type ViewDescriptor } from "../../server/engine/index.ts";

const pie = (source: string, title: string, extra: Record<string, unknown> = {}) => ({
  $schema: "https://vega.github.io/schema/vega-lite/v6.json",
  title,
  data: { name: source },
  ...extra,
  mark: { type: "arc", tooltip: true },
  encoding: {
    theta: { field: "revenue", type: "quantitative", stack: true },
    // Slices largest first, clockwise, and the legend in the same order.
    order: { field: "revenue", type: "quantitative", sort: "descending" },
    color: { field: "name", type: "nominal", title: null, sort: { field: "revenue", order: "descending" } },
    tooltip: [
      { field: "name", type: "nominal" },
      { field: "revenue", type: "quantitative", format: "$,.2f" },
      { field: "percentage", type: "quantitative", format: ".2f", title: "%" },
    ],
  },
});

export const revenueView: ViewDescriptor = {
  layout: "shared-6-10",
  // The detail pie draws the `services` of the group clicked in the group pie (the first by default).
  charts: [
    { id: "groups", title: "Revenue by group", spec: pie("financial_impact_table", "Revenue by group") },
    {
      id: "services",
      title: "Revenue by service of the group",
      spec: pie("financial_impact_services", "Services", {
        // The screen sets `group` to the slice clicked in the group pie.
        params: [{ name: "group", value: "Surgery" }],
        transform: [{ filter: "datum.group === group" }],
      }),
      selectedBy: { chart: "groups", field: "name", param: "group" },
    },
  ],
  tables: [
    {
      id: "revenue",
      title: "Revenue by service",
      rowsKey: "financial_impact_table",
      childrenKey: "services",
      columns: [
        column.text("name", "Service / Subservice"),
        column.currency("revenue", "Revenue"),
        column.percent("percentage", "Percentage"),
      ],
      sortable: true,
    },
  ],
  maps: [],
};

import { column, type ViewDescriptor } from "../../server/engine/index.ts";

export const leakageView: ViewDescriptor = {
  layout: "shared-6-10",
  charts: [
    {
      id: "leakage",
      title: "Leakage by service",
      spec: {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        data: { name: "leakage_table" },
        mark: { type: "bar", tooltip: true },
        encoding: {
          y: { field: "service", type: "nominal", title: null },
          x: { field: "percentage", type: "quantitative", title: "Leakage (%)", scale: { domain: [0, 100] } },
          tooltip: [
            { field: "service", type: "nominal" },
            { field: "cases_leeked", type: "quantitative", title: "Cases leaked", format: ",.0f" },
            { field: "total", type: "quantitative", title: "Total cases", format: ",.0f" },
            { field: "percentage", type: "quantitative", format: ".2f", title: "Leakage (%)" },
          ],
        },
      },
    },
  ],
  tables: [
    {
      id: "leakage",
      title: "Leakage",
      rowsKey: "leakage_table",
      columns: [
        column.text("service", "Service"),
        column.integer("cases_leeked", "Cases leaked"),
        column.integer("total", "Total cases"),
        column.percent("percentage", "Leakage"),
      ],
    },
    {
      id: "leakage_provider",
      title: "Leakage by competitor",
      rowsKey: "leakage_provider_table",
      childrenKey: "competitors",
      columns: [column.text("name", "Service / Competitor"), column.integer("volume", "Cases", "N/A")],
    },
  ],
  maps: [],
};

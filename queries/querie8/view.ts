import type { ViewDescriptor } from "../../server/engine/index.ts";

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
        { key: "service", label: "Service", format: "text" },
        { key: "cases_leeked", label: "Cases leaked", format: "integer" },
        { key: "total", label: "Total cases", format: "integer" },
        { key: "percentage", label: "Leakage", format: "percent", missing: 0 },
      ],
    },
    {
      id: "leakage_provider",
      title: "Leakage by competitor",
      rowsKey: "leakage_provider_table",
      childrenKey: "competitors",
      columns: [
        { key: "name", label: "Service / Competitor", format: "text" },
        { key: "volume", label: "Cases", format: "integer", missing: "N/A" },
      ],
    },
  ],
  maps: [],
};

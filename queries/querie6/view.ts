import type { ViewDescriptor } from "../../server/engine/index.ts";

const percentColumn = (key: string, label: string) => ({
  key,
  label,
  format: "percent" as const,
  missing: 0,
});

export const siteOfCareView: ViewDescriptor = {
  layout: "shared-6-10",
  charts: [
    {
      id: "site_of_care",
      title: "Site of care by service",
      spec: {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        data: { name: "overall_surgical_market_site_of_care_datasets" },
        transform: [{ calculate: "datum.side === 'customer' ? 'Practice' : 'Market'", as: "who" }],
        mark: { type: "bar", tooltip: true },
        encoding: {
          y: { field: "service", type: "nominal", title: null },
          yOffset: { field: "who" },
          x: {
            field: "market_share",
            type: "quantitative",
            stack: "zero",
            title: "%",
            scale: { domain: [0, 100] },
          },
          color: { field: "setting", type: "nominal", sort: ["IP", "OP", "ASC", "OFFICE"], title: "Setting" },
          tooltip: [
            { field: "service", type: "nominal" },
            { field: "who", type: "nominal", title: "Side" },
            { field: "setting", type: "nominal" },
            { field: "market_share", type: "quantitative", format: ".2f", title: "%" },
          ],
        },
      },
    },
  ],
  tables: [
    {
      id: "site_of_care",
      title: "Site of care",
      rowsKey: "site_of_care_table",
      columns: [
        { key: "service", label: "Service", format: "text" },
        percentColumn("market_ip", "Market IP"),
        percentColumn("market_op", "Market OP"),
        percentColumn("market_asc", "Market ASC"),
        percentColumn("market_office", "Market Office"),
        percentColumn("practice_ip", "Practice IP"),
        percentColumn("practice_op", "Practice OP"),
        percentColumn("practice_asc", "Practice ASC"),
        percentColumn("practice_office", "Practice Office"),
      ],
    },
  ],
  maps: [],
};

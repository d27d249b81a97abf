import { column, type ViewDescriptor } from "../../server/engine/index.ts";

export const subspecialtyMixView: ViewDescriptor = {
  layout: "standard",
  charts: [
    {
      id: "mix",
      title: "Practice mix against market mix",
      spec: {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        data: { name: "subspecialty_mix" },
        transform: [
          { fold: ["customer_mix", "market_mix"], as: ["side", "mix"] },
          { calculate: "datum.side === 'customer_mix' ? 'Practice' : 'Market'", as: "side" },
        ],
        mark: { type: "bar", tooltip: true },
        encoding: {
          x: { field: "service", type: "nominal", title: null },
          xOffset: { field: "side" },
          y: {
            field: "mix",
            type: "quantitative",
            title: "Share of surgical cases (%)",
            scale: { domain: [0, 100] },
          },
          color: { field: "side", type: "nominal", title: null },
          tooltip: [
            { field: "service", type: "nominal" },
            { field: "side", type: "nominal" },
            { field: "mix", type: "quantitative", format: ".2f", title: "Mix (%)" },
          ],
        },
      },
    },
  ],
  tables: [
    {
      id: "mix",
      title: "Subspecialty mix",
      rowsKey: "subspecialty_mix",
      columns: [
        column.text("service", "Service"),
        column.integer("customer_cases", "Practice cases"),
        column.percent("customer_mix", "Practice mix"),
        column.integer("market_cases", "Market cases"),
        column.percent("market_mix", "Market mix"),
        column.number("differential", "Differential (points)"),
      ],
      highlights: [
        { key: "differential", above: 10, color: "orange" },
        { key: "differential", below: -10, color: "yellow" },
      ],
      sortable: true,
    },
  ],
  maps: [],
};

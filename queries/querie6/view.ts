import { column, type ViewDescriptor } from "../../server/engine/index.ts";

export const siteOfCareView: ViewDescriptor = {
  layout: "shared-6-10",
  charts: [
    {
      id: "site_of_care",
      title: "Site of care by service",
      spec: {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        data: { name: "overall_surgical_market_site_of_care_datasets" },
        // One bar per service and side ("Spine · Market", "Spine · Practice"), stacked IP, OP, ASC, Office.
        transform: [
          { calculate: "datum.side === 'customer' ? 'Practice' : 'Market'", as: "who" },
          { calculate: "datum.service + ' · ' + datum.who", as: "bar" },
          { calculate: "indexof(['IP', 'OP', 'ASC', 'OFFICE'], datum.setting)", as: "setting_order" },
        ],
        mark: { type: "bar", tooltip: true },
        encoding: {
          y: { field: "bar", type: "nominal", title: null },
          order: { field: "setting_order", type: "quantitative" },
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
        column.text("service", "Service"),
        column.percent("market_ip", "Market IP"),
        column.percent("market_op", "Market OP"),
        column.percent("market_asc", "Market ASC"),
        column.percent("market_office", "Market Office"),
        column.percent("practice_ip", "Practice IP"),
        column.percent("practice_op", "Practice OP"),
        column.percent("practice_asc", "Practice ASC"),
        column.percent("practice_office", "Practice Office"),
      ],
    },
  ],
  maps: [],
};

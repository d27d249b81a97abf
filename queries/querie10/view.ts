import {
  column,
  SERVICE_LINE_LABELS,
  SERVICE_LINES,
  type ViewDescriptor,
} from "../../server/engine/index.ts";

/** customer-area.md section 9: the maturity chart uses six colours (one per line; `other` is excluded). */
export const MATURITY_COLORS = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02"];

const MATURITY_LINES = SERVICE_LINES.filter((line) => line !== "other").map(
  (line) => SERVICE_LINE_LABELS[line],
);

export const maturityView: ViewDescriptor = {
  layout: "shared-6-10",
  charts: [
    {
      id: "maturity",
      title: "Service maturity",
      // With a single year every change is 0: the note says a second year is needed instead.
      note: "trend_note",
      spec: {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        data: { name: "maturity_total" },
        mark: { type: "bar", tooltip: true },
        encoding: {
          y: { field: "service", type: "nominal", title: null },
          x: { field: "maturity", type: "quantitative", title: "Maturity increase (%)" },
          // A fixed domain keeps each line's colour when the filters leave some lines out.
          color: {
            field: "service",
            type: "nominal",
            legend: null,
            scale: { domain: MATURITY_LINES, range: MATURITY_COLORS },
          },
          tooltip: [
            { field: "service", type: "nominal" },
            { field: "maturity", type: "quantitative", format: ".2f", title: "Maturity increase (%)" },
          ],
        },
      },
    },
  ],
  tables: [
    {
      id: "maturity",
      title: "Service maturity",
      rowsKey: "maturity_table",
      childrenKey: "components",
      note: "trend_note",
      columns: [
        column.text("name", "Service / Component"),
        column.percent("maturity", "Maturity increase (%)"),
      ],
    },
    {
      id: "maturity_values",
      title: "This year's values",
      rowsKey: "maturity_values",
      columns: [
        column.text("service", "Service"),
        column.integer("volume", "Your cases"),
        column.percent("market_share", "Market share (%)"),
        column.percent("asc_shift", "Cases in an ASC (%)"),
        column.integer("provider_depth", "Providers"),
        column.integer("referral_base", "Outside referrers"),
      ],
    },
  ],
  maps: [],
};

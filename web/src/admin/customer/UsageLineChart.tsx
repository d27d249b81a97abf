import { VegaEmbed } from "react-vega";
import type { QueryUsagePoint } from "../../api/answers.ts";
import { CSP_SAFE_VEGA } from "../../query/cspSafeVega.ts";

/** Twelve distinct colours, one per analysis (admin-area.md section 9: palette of 12 colours). */
export const USAGE_PALETTE = [
  "#166f95",
  "#e8833a",
  "#3f9b5b",
  "#c8443b",
  "#8d6cc0",
  "#8c564b",
  "#d66fb7",
  "#7f7f7f",
  "#b5b33a",
  "#2bb3c0",
  "#f2c14e",
  "#5a6fd6",
];

/** The Vega-Lite line chart of QueriesUsageChart, in its own module so that Vega loads lazily. */
export default function UsageLineChart({ usage }: { usage: QueryUsagePoint[] }) {
  return (
    <VegaEmbed
      role="img"
      aria-label="Queries usage chart"
      // The page's CSP forbids eval: Vega's expressions go through its interpreter.
      options={{ actions: false, renderer: "svg", ...CSP_SAFE_VEGA }}
      spec={{
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        width: "container",
        height: 220,
        data: { values: usage },
        mark: { type: "line", point: true },
        encoding: {
          x: { field: "date", type: "temporal", title: "Date" },
          y: { field: "count", type: "quantitative", title: "Number of queries" },
          color: { field: "querie", type: "nominal", title: "Analysis", scale: { range: USAGE_PALETTE } },
        },
      }}
      style={{ width: "100%" }}
    />
  );
}

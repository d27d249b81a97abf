import { describe, expect, test } from "bun:test";
import { chartColumns, chartKind, chartSummary } from "./chartText.ts";
import type { ChartDescriptor } from "./types.ts";

const bar = {
  id: "facilities",
  title: "Facilities",
  spec: {
    data: { name: "rows" },
    mark: { type: "bar", tooltip: true },
    encoding: {
      y: { field: "name", type: "nominal", title: "Facility" },
      x: { field: "market_share", type: "quantitative", title: "Market share (%)" },
    },
  },
} as unknown as ChartDescriptor;

describe("a chart's text alternative", () => {
  test("names the kind, counts the items and reads the three largest", () => {
    const rows = [
      { name: "A", market_share: 1.5 },
      { name: "B", market_share: 12.25 },
      { name: "C", market_share: 7 },
      { name: "D", market_share: 3 },
    ];
    expect(chartKind(bar)).toBe("Bar chart");
    expect(chartSummary(bar, rows, "Facilities table")).toBe(
      'Bar chart. 4 items. Largest Market share (%): B (12.25), C (7), D (3). Its values are in the table "Facilities table".',
    );
  });

  test("reads the tooltip's fields first, each once", () => {
    const pie = {
      ...bar,
      spec: {
        mark: "arc",
        encoding: {
          theta: { field: "revenue", type: "quantitative" },
          tooltip: [
            { field: "name", type: "nominal" },
            { field: "revenue", type: "quantitative", title: "Revenue" },
            { field: "name", type: "nominal" },
          ],
        },
      },
    } as unknown as ChartDescriptor;
    expect(chartKind(pie)).toBe("Pie chart");
    expect(chartColumns(pie)).toEqual([
      { field: "name", title: "name", quantitative: false },
      { field: "revenue", title: "Revenue", quantitative: true },
    ]);
  });

  test("a chart filtering its own rows is not counted; without a table its values follow", () => {
    const drill = { ...bar, spec: { ...bar.spec, transform: [{ filter: "datum.group === group" }] } };
    expect(chartSummary(drill as ChartDescriptor, [{ name: "A", market_share: 1 }])).toBe(
      "Bar chart. Its values follow in a table.",
    );
  });
});

import { describe, expect, test } from "bun:test";
import { exportTable } from "../../server/engine/export/tableRows.ts";
import { formatValue } from "../../server/engine/format.ts";
import { drawnWaterfall, stepKind, waterfall, waterfallFloor } from "./growth.ts";
import { growthView, MARKET_PRICE, WATERFALL_LABEL } from "./view.ts";

/** Issue 32: how the screen shows Growth Opportunities (figures unchanged, their display fixed). */
const table = (id: string) => growthView.tables.find((entry) => entry.id === id)!;
const cellsOf = (id: string, rows: Record<string, unknown>[]) =>
  exportTable({ rows }, { ...table(id), rowsKey: "rows" }).rows.map((row) =>
    row.values.map((value, index) => {
      const column = table(id).columns[index]!;
      return formatValue(column.format, value, column.missing);
    }),
  );

describe("querie11's view", () => {
  test("a step of amount 0 is neither an increase nor a decrease", () => {
    expect(stepKind(0)).toBe("no change");
    expect(stepKind(10)).toBe("increase");
    expect(stepKind(-10)).toBe("decrease");
    const steps = waterfall(100, [{ step: "site_shift", label: "Site shift to ASC", amount: 0 }]);
    expect(steps.map((step) => step.kind)).toEqual(["total", "no change", "total"]);
  });

  test("the waterfall's totals are drawn from a round floor, so the changes are not slivers", () => {
    // Today $5.0M, +$50K, no change, +$100K: lowest $5.0M, span $150K, floor 5.0M - 2 x 150K = $4.7M.
    const steps = waterfall(5_000_000, [
      { step: "recapture", label: "Recapture", amount: 50_000 },
      { step: "site_shift", label: "Site shift to ASC", amount: 0 },
      { step: "demand", label: "Five-year demand", amount: 100_000 },
    ]);
    expect(waterfallFloor(steps)).toBe(4_700_000);
    expect(drawnWaterfall(steps).map((step) => [step.step, step.bar_start, step.start, step.end])).toEqual([
      ["today", 4_700_000, 0, 5_000_000],
      ["recapture", 5_000_000, 5_000_000, 5_050_000],
      ["site_shift", 5_050_000, 5_050_000, 5_050_000],
      ["demand", 5_050_000, 5_050_000, 5_150_000],
      ["five_years", 4_700_000, 0, 5_150_000],
    ]);
    // Nothing changes, or the changes are as large as the totals: bars from 0.
    expect(waterfallFloor(waterfall(100, [{ step: "x", label: "x", amount: 0 }]))).toBe(0);
    expect(waterfallFloor(waterfall(100, [{ step: "x", label: "x", amount: 80 }]))).toBe(0);
    const spec = growthView.charts[0]!.spec as { encoding: { x: Record<string, unknown> } };
    expect(spec.encoding.x).toMatchObject({ field: "bar_start", scale: { zero: false } });
    expect(spec.encoding.x.axis).toMatchObject({ labelExpr: WATERFALL_LABEL, labelOverlap: "greedy" });
  });

  test("cases: one decimal where recapture makes them fractional, whole elsewhere", () => {
    const whatIf = cellsOf("growth_what_if", [
      { scenario: "Today", cases: 9, revenue: 100 },
      { scenario: "After recapture", cases: 17.25, revenue: 200 },
    ]);
    expect(whatIf.map((row) => row[1])).toEqual(["9.0", "17.3"]);
    const line = { service: "Spine", recaptured_cases: 0.5, shifted_cases: 2, shift_priced: true };
    expect(cellsOf("growth_what_if_lines", [line])[0]!.slice(0, 2)).toEqual(["Spine", "0.5"]);
    const demand = cellsOf("growth_demand_lines", [
      { service: "Spine", market_cases: 121, demand_population_5y: 123.456, customer_5y_trend: null },
    ])[0]!;
    expect(demand[2]).toBe("123");
    expect(demand.at(-1)).toBe("N/A");
  });

  test("every table and chart with dollars states its price basis and links to the practice's own revenue", () => {
    const withDollars = [
      ...growthView.tables.filter((entry) => entry.columns.some((c) => c.format === "currency")),
      ...growthView.charts,
    ];
    expect(withDollars.length).toBe(7);
    for (const item of withDollars) expect([item.id, item.basis]).toEqual([item.id, MARKET_PRICE]);
    expect(MARKET_PRICE.text).toContain("the market's average paid per case");
    expect(MARKET_PRICE.link?.analysis).toBe("querie7");
    // Tables without dollars (demand) carry none.
    expect(table("growth_demand").basis).toBeUndefined();
  });

  test("a site shift the market cannot price says so, not $0; a line without a price says 'no price'", () => {
    const rows = [
      { service: "Trauma", shift_revenue: 0, shift_priced: false },
      { service: "Spine", shift_revenue: 1000, shift_priced: true },
      { service: "Hand", shift_revenue: null, shift_priced: false },
    ];
    const column = table("growth_what_if_lines").columns.findIndex((entry) => entry.key === "shift_revenue");
    expect(cellsOf("growth_what_if_lines", rows).map((row) => row[column])).toEqual([
      "not priced",
      "$1,000.00",
      "no price",
    ]);
  });
});

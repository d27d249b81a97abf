import { column, type PriceBasis, rankedBy, type ViewDescriptor } from "../../server/engine/index.ts";

/** Five-year population growth of a zip, in percent: below 0, 0-2, 2-5, 5-10, 10 or more. */
export const GROWTH_THRESHOLDS = [0, 2, 5, 10] as const;
export const GROWTH_COLORS = ["#d7301f", "#fee8c8", "#c2e699", "#78c679", "#238443"];

/** An axis label in abbreviated dollars: $4.8M, $950K, $1.2B (d3's "G" read as billions). */
export const WATERFALL_LABEL = "replace(replace(format(datum.value, '$.3~s'), 'G', 'B'), 'k', 'K')";

/** What a revenue cell shows when the line has no price (never 0). */
const NO_PRICE = "no price";
/** A site shift the market cannot price (no outpatient or ASC paid amount for the line). */
const NOT_PRICED = { key: "shift_priced", text: "not priced" };

/**
 * Said under every chart and table with dollars (README, "Average paid per case"): they are cases
 * priced at the market's average paid, one currency for today, leakage and recapture, and not the
 * practice's own payments, which Revenue by Service (querie7) adds up.
 */
export const MARKET_PRICE: PriceBasis = {
  // Said under every chart and table with dollars (issue 32), so said short.
  text: "Priced at the market's average paid per case of each service line (your own average where the market has none: see 'Price from'), not what your practice was paid.",
  link: { analysis: "querie7", label: "Your own revenue: Revenue by Service" },
};

export const growthView: ViewDescriptor = {
  layout: "standard",
  charts: [
    {
      id: "growth_waterfall",
      title: "Revenue today and in five years",
      basis: MARKET_PRICE,
      // Without any price its bars are zeros that mean "no price": the result's note instead.
      note: "price_note",
      noteKind: "no-price",
      spec: {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        data: { name: "growth_waterfall" },
        mark: { type: "bar", tooltip: true },
        encoding: {
          // Horizontal bars: the step names stay readable at phone width.
          y: { field: "label", type: "nominal", title: null, sort: { field: "order" } },
          // Totals are drawn from the axis floor (growth.ts, waterfallFloor), not from 0: the
          // changes are bars, not slivers. Few ticks, abbreviated dollars ($4.8M, $950K), and a
          // label that would touch its neighbour is left out.
          x: {
            field: "bar_start",
            type: "quantitative",
            title: "Revenue",
            scale: { zero: false },
            axis: {
              // About one tick per 120 px: 4 on a phone's card, 10 at most on a wide screen.
              tickCount: { expr: "clamp(floor(width / 120), 2, 10)" },
              labelExpr: WATERFALL_LABEL,
              labelOverlap: "greedy",
              labelSeparation: 12,
            },
          },
          x2: { field: "end" },
          color: {
            field: "kind",
            type: "nominal",
            title: null,
            // Below the chart: on a phone a legend at the side leaves the bars a third of the card.
            legend: { orient: "bottom", direction: "horizontal", columns: 2 },
            scale: {
              domain: ["total", "increase", "decrease", "no change"],
              range: ["#1f5f99", "#2f9e44", "#c92a2a", "#868e96"],
            },
          },
          tooltip: [
            { field: "label", type: "nominal", title: "Step" },
            { field: "amount", type: "quantitative", title: "Amount", format: "$,.2f" },
            { field: "end", type: "quantitative", title: "Running total", format: "$,.2f" },
          ],
        },
      },
    },
  ],
  tables: [
    {
      id: "growth_what_if",
      basis: MARKET_PRICE,
      note: "price_note",
      noteKind: "no-price",
      title: "What-if: recapture and site shift",
      rowsKey: "growth_what_if",
      columns: [
        column.text("scenario", "Scenario"),
        // Recaptured cases are a percentage of the leaked ones: fractional by construction.
        column.decimal("cases", "Cases"),
        column.currency("revenue", "Revenue"),
      ],
    },
    {
      id: "growth_lines",
      basis: MARKET_PRICE,
      title: "Revenue, leakage and outmigration by service line",
      rowsKey: "growth_table",
      columns: [
        column.text("service", "Service"),
        column.currency("average_paid", "Average paid per case", NO_PRICE),
        column.text("price_source", "Price from", "none"),
        column.integer("customer_cases", "Your cases"),
        column.currency("revenue_today", "Revenue today", NO_PRICE),
        column.integer("cases_leeked", "Cases leaked"),
        column.currency("leaked_revenue", "Leaked revenue", NO_PRICE),
        column.integer("outmigrated_cases", "Cases outmigrated"),
        column.currency("outmigrated_revenue", "Outmigrated revenue", NO_PRICE),
      ],
    },
    {
      id: "growth_what_if_lines",
      basis: MARKET_PRICE,
      title: "What-if by service line",
      rowsKey: "growth_table",
      columns: [
        column.text("service", "Service"),
        column.decimal("recaptured_cases", "Cases recaptured"),
        column.currency("recaptured_revenue", "Recaptured revenue", NO_PRICE),
        column.decimal("shifted_cases", "Cases shifted to ASC"),
        // A line the market has no outpatient or ASC price for: "not priced", never $0.
        { ...column.currency("shift_revenue", "Site-shift revenue", NO_PRICE), whenFalse: NOT_PRICED },
        column.currency("demand_revenue", "Five-year demand revenue", NO_PRICE),
      ],
    },
    {
      id: "growth_demand_lines",
      title: "Demand in five years by service line",
      rowsKey: "growth_table",
      columns: [
        column.text("service", "Service"),
        column.integer("market_cases", "Market cases"),
        column.integer("demand_population_5y", "Demand in 5 years (population)"),
        column.integer("zips_without_projection", "Zips without a projection"),
        column.percent("trend_rate", "Yearly trend", "N/A"),
        column.text("trend_note", "Trend note"),
        column.integer("demand_trend_5y", "Demand in 5 years (trend)", "N/A"),
        column.integer("customer_5y_population", "Your cases in 5 years (population)"),
        column.integer("customer_5y_trend", "Your cases in 5 years (trend)", "N/A"),
      ],
    },
    {
      id: "growth_demand",
      title: "Demand in five years by service area type",
      rowsKey: "growth_demand",
      columns: [
        column.text("service", "Service"),
        column.text("area_type", "Area"),
        column.integer("market_cases", "Market cases"),
        column.integer("customer_cases", "Your cases"),
        column.percent("share", "Your share"),
        column.integer("demand_population_5y", "Demand in 5 years (population)"),
        column.integer("zips_without_projection", "Zips without a projection"),
        column.percent("trend_rate", "Yearly trend", "N/A"),
        column.integer("demand_trend_5y", "Demand in 5 years (trend)", "N/A"),
        column.integer("customer_5y_population", "Your cases in 5 years (population)"),
        column.integer("customer_5y_trend", "Your cases in 5 years (trend)", "N/A"),
      ],
    },
    {
      id: "leaked_revenue_providers",
      basis: MARKET_PRICE,
      title: "Competitor providers receiving most leaked dollars",
      rowsKey: "leaked_revenue_providers",
      ...rankedBy("revenue"),
      columns: [
        column.text("name", "Provider"),
        column.integer("cases", "Cases leaked"),
        column.currency("revenue", "Leaked revenue", NO_PRICE),
      ],
    },
    {
      id: "outmigrated_revenue_facilities",
      basis: MARKET_PRICE,
      title: "Destination facilities receiving most outmigrated dollars",
      rowsKey: "outmigrated_revenue_facilities",
      ...rankedBy("revenue"),
      columns: [
        column.text("name", "Facility"),
        column.integer("cases", "Cases outmigrated"),
        column.currency("revenue", "Outmigrated revenue", NO_PRICE),
      ],
    },
    {
      // README, "Outmigrated" (chosen): the customer's own cases performed outside the service area
      // are in revenue today already; the others' are what the area loses to other providers.
      id: "outmigration_split",
      title: "Outmigrated dollars: your own cases and other providers'",
      rowsKey: "growth_table",
      basis: MARKET_PRICE,
      columns: [
        column.text("service", "Service"),
        column.integer("outmigrated_own_cases", "Your cases outside"),
        column.currency("outmigrated_own_revenue", "Your cases' revenue (in revenue today)", NO_PRICE),
        column.integer("outmigrated_other_cases", "Others' cases outside"),
        column.currency("outmigrated_other_revenue", "Others' revenue", NO_PRICE),
        column.currency("outmigrated_revenue", "Outmigrated revenue", NO_PRICE),
      ],
    },
  ],
  maps: [
    {
      id: "population_growth",
      title: "Five-year population growth by zip code",
      center: "psa",
      zoom: { initial: 5, minimum: 5, focused: 9 },
      grayscale: true,
      layers: [
        {
          id: "psa",
          title: "Primary service area",
          kind: "polygons",
          source: "psa_polygon",
          shape: "single",
          label: "PSA",
        },
        {
          id: "zips",
          title: "Population growth in five years",
          kind: "polygons",
          source: "population_growth",
          shape: "object",
          polygonField: "polygon",
          color: { field: "growth", thresholds: [...GROWTH_THRESHOLDS], colors: GROWTH_COLORS },
          approximationField: "polygon.approximation",
        },
      ],
    },
  ],
};

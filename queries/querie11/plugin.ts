import { z } from "zod";
import { drawnServiceAreaPolygons, type MapPolygon, mapPolygon } from "../../server/engine/geo.ts";
import {
  band,
  definePlugin,
  SERVICE_LINE_LABELS,
  type ServiceLine,
  share,
  sqlNumber,
  sqlText,
} from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { growthFilters } from "./filters.ts";
import {
  dollars,
  drawnWaterfall,
  HORIZON_YEARS,
  type LinePrice,
  linePrice,
  type PriceRow,
  populationDemand,
  populationFactor,
  shiftRevenue,
  sumPriced,
  trendDemand,
  waterfall,
  type ZipDemandRow,
} from "./growth.ts";
import { growthInsights } from "./insights.ts";
import { narrowSlices, narrowZips, organisationYearSlices, type SliceRow } from "./slices.ts";
import { texts } from "./texts.ts";
import { GROWTH_THRESHOLDS, growthView } from "./view.ts";

const practicePriceRow = z.object({ service_line: sqlText, paid: sqlNumber, cases: sqlNumber });

/** The market's paid amounts per line and setting, from M's slices (rows without one left out). */
function marketPrices(today: readonly SliceRow[]): PriceRow[] {
  const byLineSetting = new Map<string, PriceRow>();
  for (const row of today) {
    if (row.paid_cases === 0) continue;
    const key = `${row.service_line}|${row.setting}`;
    const entry = byLineSetting.get(key) ?? {
      source: "market" as const,
      service_line: row.service_line,
      setting: row.setting,
      paid: 0,
      cases: 0,
    };
    entry.paid += row.paid;
    entry.cases += row.paid_cases;
    byLineSetting.set(key, entry);
  }
  return [...byLineSetting.values()];
}

const casesOf = (rows: readonly { cases: number }[]) => rows.reduce((sum, row) => sum + row.cases, 0);

/** The market's and the customer's cases of a slice of M, and its reference-year cases. */
function sliceFigures(today: readonly SliceRow[], reference: readonly SliceRow[], years: number) {
  const market = casesOf(today);
  const customer = casesOf(today.filter((row) => row.is_customer));
  return { market, customer, trend: trendDemand(market, casesOf(reference), years) };
}

/** The customer's cases in five years at today's share of the market. */
const atTodaysShare = (customer: number, market: number, demand: number | null) =>
  demand === null ? null : market === 0 ? 0 : (demand * customer) / market;

/** The receivers of leaked (or outmigrated) cases, by name, with their dollars at each line's price. */
function topReceivers(
  rows: readonly SliceRow[],
  nameOf: (row: SliceRow) => string | null,
  prices: ReadonlyMap<string, LinePrice>,
) {
  const receivers = new Map<string, { name: string; cases: number; revenue: number | null }>();
  for (const row of rows) {
    const name = nameOf(row) ?? "Unknown";
    const entry = receivers.get(name) ?? { name, cases: 0, revenue: null };
    entry.cases += row.cases;
    const amount = dollars(row.cases, prices.get(row.service_line)?.average_paid ?? null);
    if (amount !== null) entry.revenue = (entry.revenue ?? 0) + amount;
    receivers.set(name, entry);
  }
  return [...receivers.values()]
    .sort(
      (a, b) =>
        (b.revenue ?? -Infinity) - (a.revenue ?? -Infinity) ||
        b.cases - a.cases ||
        a.name.localeCompare(b.name),
    )
    .slice(0, 10);
}

interface ZipGrowth {
  zipcode: string;
  population: number | null;
  projected_population_5y: number | null;
  /** (projected - population) / population × 100; null without a projection. */
  growth: number | null;
  band: number | null;
  polygon: MapPolygon | null;
}

export default definePlugin({
  id: "querie11",
  ...catalogue,
  texts,
  description:
    "Leakage and outmigration in dollars, demand in five years by population change and by trend, and what recapturing leaked cases or moving outpatient cases to the ASC is worth.",
  version: 1,
  dir: import.meta.dir,
  filters: growthFilters,
  view: growthView,
  // The slices and the service area's drawn polygons depend on the organisation-year only: made
  // ahead of the first run.
  async prepare({ sql, inputs }) {
    await organisationYearSlices(sql, inputs.kept);
    await drawnServiceAreaPolygons(inputs.dimensions.serviceArea, inputs.zipPolygon, inputs.kept);
  },
  async kernel({ sql, filters, inputs }) {
    const lines = filters.servicelines;
    const areaTypes = filters.service_area;
    const recapture = (filters.numbers?.recapture_pct ?? 25) / 100;
    const ascShift = (filters.numbers?.asc_shift_pct ?? 0) / 100;
    const years = inputs.year - inputs.referenceYear;

    const kept = await organisationYearSlices(sql, inputs.kept);
    const slices = narrowSlices(kept.slices, lines, areaTypes);
    const zips = narrowZips(kept.zips, lines, areaTypes);
    const today = slices.filter((row) => row.period === "today");
    const priceRows = marketPrices(today);
    // The practice's own prices are read only for a line the market has no paid amount for.
    const unpriced = lines.filter((line) => linePrice(priceRows, line).average_paid === null);
    if (unpriced.length > 0)
      for (const row of await sql.rows("practice_prices.sql", practicePriceRow))
        priceRows.push({ source: "practice", setting: null, ...row });
    const prices = new Map(lines.map((line) => [line, linePrice(priceRows, line)]));

    const reference = slices.filter((row) => row.period === "reference");
    const ofLine = <Row extends { service_line: string | null }>(rows: readonly Row[], line: string) =>
      rows.filter((row) => row.service_line === line);
    const ofType = <Row extends { area_types: string[] }>(rows: readonly Row[], type: string) =>
      rows.filter((row) => row.area_types.includes(type));

    const growthTable = lines.map((line) => {
      const price = prices.get(line)!;
      const lineToday = ofLine(today, line);
      const figures = sliceFigures(lineToday, ofLine(reference, line), years);
      const population = populationDemand(ofLine(zips, line));
      const leaked = casesOf(lineToday.filter((row) => row.leaked));
      const outmigrated = casesOf(lineToday.filter((row) => row.outside));
      // Split (README, "chosen"): the customer's own cases at a facility outside the service area
      // (already in revenue today) and the others' (competitors': what the area loses to others).
      const outmigratedOwn = casesOf(lineToday.filter((row) => row.outside && row.is_customer));
      const outmigratedOther = outmigrated - outmigratedOwn;
      const outpatient = casesOf(lineToday.filter((row) => row.is_customer && row.setting === "OP"));
      const recaptured = leaked * recapture;
      const shifted = outpatient * ascShift;
      const shift = shiftRevenue(shifted, price.bySetting);
      const customerPopulation = atTodaysShare(figures.customer, figures.market, population.demand) ?? 0;
      const customerTrend = atTodaysShare(figures.customer, figures.market, figures.trend.demand);
      return {
        service_line: line,
        service: SERVICE_LINE_LABELS[line],
        average_paid: price.average_paid,
        price_source: price.price_source,
        market_cases: figures.market,
        customer_cases: figures.customer,
        share: share(figures.customer, figures.market),
        revenue_today: dollars(figures.customer, price.average_paid),
        cases_leeked: leaked,
        leaked_revenue: dollars(leaked, price.average_paid),
        outmigrated_cases: outmigrated,
        outmigrated_revenue: dollars(outmigrated, price.average_paid),
        outmigrated_own_cases: outmigratedOwn,
        outmigrated_own_revenue: dollars(outmigratedOwn, price.average_paid),
        outmigrated_other_cases: outmigratedOther,
        outmigrated_other_revenue: dollars(outmigratedOther, price.average_paid),
        recaptured_cases: recaptured,
        recaptured_revenue: dollars(recaptured, price.average_paid),
        outpatient_cases: outpatient,
        shifted_cases: shifted,
        shift_revenue: price.average_paid === null ? null : shift.revenue,
        shift_priced: shift.priced,
        demand_population_5y: population.demand,
        zips_without_projection: population.zips_without_projection,
        trend_rate: figures.trend.trend_rate,
        trend_rate_unclipped: figures.trend.trend_rate_unclipped,
        trend_clipped: figures.trend.trend_clipped,
        trend_note: trendNote(figures.trend, years, laterYear(inputs)),
        demand_trend_5y: figures.trend.demand,
        customer_5y_population: customerPopulation,
        customer_5y_trend: customerTrend,
        demand_revenue: dollars(customerPopulation - figures.customer, price.average_paid),
        demand_revenue_trend:
          customerTrend === null ? null : dollars(customerTrend - figures.customer, price.average_paid),
      };
    });

    const growthDemand = lines.flatMap((line) =>
      areaTypes.map((type) => {
        const figures = sliceFigures(
          ofType(ofLine(today, line), type),
          ofType(ofLine(reference, line), type),
          years,
        );
        const population = populationDemand(ofType(ofLine(zips, line), type));
        return {
          service_line: line,
          service: SERVICE_LINE_LABELS[line as ServiceLine],
          area_type: type,
          market_cases: figures.market,
          customer_cases: figures.customer,
          share: share(figures.customer, figures.market),
          demand_population_5y: population.demand,
          zips_without_projection: population.zips_without_projection,
          trend_rate: figures.trend.trend_rate,
          trend_clipped: figures.trend.trend_clipped,
          demand_trend_5y: figures.trend.demand,
          customer_5y_population: atTodaysShare(figures.customer, figures.market, population.demand) ?? 0,
          customer_5y_trend: atTodaysShare(figures.customer, figures.market, figures.trend.demand),
        };
      }),
    );

    const total = (pick: (row: (typeof growthTable)[number]) => number | null) =>
      sumPriced(growthTable.map(pick));
    const casesToday = total((row) => row.customer_cases);
    const revenueToday = total((row) => row.revenue_today);
    const recapturedCases = total((row) => row.recaptured_cases);
    const recapturedRevenue = total((row) => row.recaptured_revenue);
    const shiftRevenueTotal = total((row) => row.shift_revenue);
    const demandRevenue = total((row) => row.demand_revenue);
    const growthTotals = {
      leaked_revenue: total((row) => row.leaked_revenue),
      outmigrated_revenue: total((row) => row.outmigrated_revenue),
      outmigrated_own_revenue: total((row) => row.outmigrated_own_revenue),
      outmigrated_other_revenue: total((row) => row.outmigrated_other_revenue),
      revenue_today: revenueToday,
      recaptured_revenue: recapturedRevenue,
      shift_revenue: shiftRevenueTotal,
      demand_revenue: demandRevenue,
      revenue_five_years: revenueToday + recapturedRevenue + shiftRevenueTotal + demandRevenue,
      lines_without_price: growthTable
        .filter((row) => row.average_paid === null)
        .map((row) => row.service_line),
      zips_without_projection: populationDemand(zips.filter((row) => row.service_line !== null))
        .zips_without_projection,
      clipped_trend_lines: growthTable.filter((row) => row.trend_clipped).map((row) => row.service_line),
      trend_years: years,
      horizon_years: HORIZON_YEARS,
    };

    const area = await drawnServiceAreaPolygons(
      inputs.dimensions.serviceArea,
      inputs.zipPolygon,
      inputs.kept,
    );
    return {
      growth_totals: growthTotals,
      // No chosen line has a price: the waterfall and the what-if would be zeros that mean "no
      // price", so the screen says that in their place (view.ts, noteKind "no-price").
      price_note:
        lines.length > 0 && growthTotals.lines_without_price.length === lines.length
          ? `${lines.length === 1 ? "This service line has no" : "None of these service lines has a"} paid amount in the market or in your data: there are no dollars to show. Cases are in the tables below.`
          : null,
      growth_waterfall: drawnWaterfall(
        waterfall(revenueToday, [
          { step: "recapture", label: "Recapture", amount: recapturedRevenue },
          { step: "site_shift", label: "Site shift to ASC", amount: shiftRevenueTotal },
          { step: "demand", label: "Five-year demand", amount: demandRevenue },
        ]),
      ).map((step, order) => ({ ...step, order })),
      growth_what_if: [
        { scenario: "Today", cases: casesToday, revenue: revenueToday },
        {
          scenario: "After recapture",
          cases: casesToday + recapturedCases,
          revenue: revenueToday + recapturedRevenue,
        },
        {
          scenario: "After the ASC shift",
          cases: casesToday + recapturedCases,
          revenue: revenueToday + recapturedRevenue + shiftRevenueTotal,
        },
        { scenario: "Difference", cases: recapturedCases, revenue: recapturedRevenue + shiftRevenueTotal },
      ],
      growth_table: growthTable,
      growth_demand: growthDemand,
      leaked_revenue_providers: topReceivers(
        today.filter((row) => row.leaked),
        (row) => row.provider,
        prices,
      ),
      outmigrated_revenue_facilities: topReceivers(
        today.filter((row) => row.outside),
        (row) => row.facility,
        prices,
      ),
      population_growth: populationGrowth(zips, inputs.zipPolygon),
      psa_polygon: area.psa_polygon,
    };
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => growthInsights(answer),
});

/** A year with data after the selected one, if the run knows of one (inputs.availableYears). */
export const laterYear = (inputs: { year: number; availableYears?: number[] }) =>
  inputs.availableYears?.find((year) => year > inputs.year);

/**
 * Why a line has no trend, or that it was clipped. The selected year being the reference (oldest)
 * year is not "one market year" when a later year exists: the trend is measured from it.
 */
export function trendNote(
  trend: { trend_rate: number | null; trend_clipped: boolean },
  years: number,
  later?: number,
) {
  if (years <= 0)
    return later === undefined
      ? "one market year: no trend"
      : `the reference (oldest) year: no trend; choose ${later} to see one`;
  if (trend.trend_rate === null) return "no cases in the reference year";
  return trend.trend_clipped ? "clipped to ±15% a year" : "";
}

/** Each zip of the chosen area types once: its population, projection and growth in percent. */
function populationGrowth(
  zips: readonly ZipDemandRow[],
  zipPolygon: (zip: string) => Parameters<typeof mapPolygon>[0],
): Record<string, ZipGrowth> {
  const byZip: Record<string, ZipGrowth> = {};
  for (const row of zips) {
    if (byZip[row.zipcode]) continue;
    const growth =
      populationFactor(row) === null
        ? null
        : ((row.projected_population_5y! - row.population!) / row.population!) * 100;
    byZip[row.zipcode] = {
      zipcode: row.zipcode,
      population: row.population,
      projected_population_5y: row.projected_population_5y,
      growth,
      band: growth === null ? null : band(growth, GROWTH_THRESHOLDS),
      polygon: mapPolygon(zipPolygon(row.zipcode)),
    };
  }
  return byZip;
}

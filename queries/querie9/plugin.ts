import { drawnServiceAreaPolygons, type MapPolygon, mapPolygon } from "../../server/engine/geo.ts";
import { band, definePlugin, SERVICE_LINE_LABELS, share } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { outmigrationFilters } from "./filters.ts";
import { outmigrationFlows } from "./flows.ts";
import type { FlowTable } from "./flowTable.ts";
import { outmigrationInsights } from "./insights.ts";
import { texts } from "./texts.ts";
import { OUTMIGRATION_THRESHOLDS, outmigrationView } from "./view.ts";

const DESTINATIONS = ["PSA", "SSA", "TSA", "OUTSIDE"] as const;
type Destination = (typeof DESTINATIONS)[number];

type Provider = { name: string; cases: number };

export interface ZipOutmigration {
  zipcode: string;
  percentage: number;
  band: number;
  cases: number;
  outside_cases: number;
  polygon: MapPolygon | null;
  services: Record<string, number>;
  providers: Provider[];
}

/** Element 0: destination (and total) -> each chosen line -> cases; and each line's outmigration %. */
function destinationSummary(flows: FlowTable, lines: string[], chosen: readonly boolean[]) {
  const zeros = () => Object.fromEntries(lines.map((line) => [line, 0])) as Record<string, number>;
  const summary = {
    total: zeros(),
    PSA: zeros(),
    SSA: zeros(),
    TSA: zeros(),
    OUTSIDE: zeros(),
    percentage: {} as Record<string, number>,
  };
  for (let zip = 0; zip < flows.zips.length; zip++)
    flows.cells(zip, (line, area, cases, code) => {
      if (!chosen[code]) return;
      summary.total[line]! += cases;
      summary[area ?? "OUTSIDE"][line]! += cases;
    });
  for (const line of lines) summary.percentage[line] = share(summary.OUTSIDE[line]!, summary.total[line]!);
  return summary;
}

/**
 * Element 1's entry of one patient zip of S (it has cases of the chosen lines): its outmigration
 * %, band, cases, OUTSIDE cases per line and the providers receiving them.
 */
function zipOutmigration(
  flows: FlowTable,
  zip: number,
  lines: string[],
  chosen: readonly boolean[],
  polygon: MapPolygon | null,
): ZipOutmigration {
  const services = Object.fromEntries(lines.map((line) => [line, 0])) as Record<string, number>;
  let cases = 0;
  let outside = 0;
  flows.cells(zip, (line, area, count, code) => {
    if (!chosen[code]) return;
    cases += count;
    if (area !== null) return;
    outside += count;
    services[line]! += count;
  });
  const percentage = share(outside, cases);
  return {
    zipcode: flows.zips[zip]!,
    percentage,
    band: band(percentage, OUTMIGRATION_THRESHOLDS),
    cases,
    outside_cases: outside,
    polygon,
    services,
    providers: flows.outsideProviders(zip, chosen),
  };
}

export default definePlugin({
  id: "querie9",
  ...catalogue,
  texts,
  description:
    "Where the service area's patients have surgery: inside the primary, secondary or tertiary area, or outside it, by service line and by zip code.",
  version: 1,
  dir: import.meta.dir,
  filters: outmigrationFilters,
  view: outmigrationView,
  // The flows and the service area's polygons depend on the organisation-year's data only: the
  // data pipeline makes them ahead of the first run (kept as files beside its derived files).
  async prepare({ sql, inputs }) {
    await outmigrationFlows(sql, inputs.kept);
    await drawnServiceAreaPolygons(inputs.dimensions.serviceArea, inputs.zipPolygon, inputs.kept);
  },
  async kernel({ sql, filters, inputs }) {
    const lines = filters.servicelines;
    const flows = await outmigrationFlows(sql, inputs.kept);
    const chosen = flows.chosenCodes(new Set<string>(lines));

    const summary = destinationSummary(flows, lines, chosen);
    // Element 1: per patient zip of S (a zip with cases of the chosen lines), in zip code order.
    const byZip: Record<string, ZipOutmigration> = {};
    flows.zips.forEach((zipcode, zip) => {
      if (flows.hasChosen(zip, chosen))
        byZip[zipcode] = zipOutmigration(flows, zip, lines, chosen, mapPolygon(inputs.zipPolygon(zipcode)));
    });

    const areas = await drawnServiceAreaPolygons(
      inputs.dimensions.serviceArea,
      inputs.zipPolygon,
      inputs.kept,
    );
    const overLines = (destination: Destination | "total") =>
      lines.reduce((sum, line) => sum + summary[destination][line]!, 0);
    const row = (service: string, pick: (destination: Destination | "total") => number) => ({
      service,
      PSA: pick("PSA"),
      SSA: pick("SSA"),
      TSA: pick("TSA"),
      OUTSIDE: pick("OUTSIDE"),
      total: pick("total"),
      percentage: share(pick("OUTSIDE"), pick("total")),
    });
    return {
      outmigration_filtred: [summary, byZip] as [typeof summary, typeof byZip],
      ...areas,
      outmigration_table: [
        ...lines.map((line) => row(SERVICE_LINE_LABELS[line], (destination) => summary[destination][line]!)),
        row("All services", overLines),
      ],
      // Legend bounds: case counts at 1%, 5%, 30% and 55% of the outmigrated cases.
      outmigration_legend: OUTMIGRATION_THRESHOLDS.map((threshold) => ({
        percentage: threshold,
        cases: (overLines("OUTSIDE") * threshold) / 100,
      })),
    };
  },
  // Element 1 is keyed by zip codes, which are array indices to JSC: JSON.stringify of the whole
  // answer took its slow path (271 kB at 1m: 3.2 ms against 1.2). Each zip's entry is written apart.
  encode({ outmigration_filtred: [summary, byZip], ...rest }) {
    const zips = Object.keys(byZip).map((zip) => `${JSON.stringify(zip)}:${JSON.stringify(byZip[zip])}`);
    const others = JSON.stringify(rest);
    const filtred = `"outmigration_filtred":[${JSON.stringify(summary)},{${zips.join(",")}}]`;
    return others === "{}" ? `{${filtred}}` : `{${filtred},${others.slice(1)}`;
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => outmigrationInsights(answer),
});

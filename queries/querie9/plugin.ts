import { z } from "zod";
import { cachedServiceAreaPolygons, type MapPolygon, mapPolygon } from "../../server/engine/geo.ts";
import {
  band,
  definePlugin,
  SERVICE_LINE_LABELS,
  share,
  sqlNumber,
  sqlText,
} from "../../server/engine/index.ts";
import { outmigrationFilters } from "./filters.ts";
import { OUTMIGRATION_THRESHOLDS, outmigrationView } from "./view.ts";

const DESTINATIONS = ["PSA", "SSA", "TSA", "OUTSIDE"] as const;
type Destination = (typeof DESTINATIONS)[number];

const flowRow = z.object({
  patient_zip: sqlText,
  service_line: sqlText,
  destination: z.enum(DESTINATIONS),
  provider: sqlText,
  cases: sqlNumber,
});
type Flow = z.infer<typeof flowRow>;

export interface ZipOutmigration {
  zipcode: string;
  percentage: number;
  band: number;
  cases: number;
  outside_cases: number;
  polygon: MapPolygon | null;
  services: Record<string, number>;
  providers: Array<{ name: string; cases: number }>;
}

const total = (flows: Flow[]) => flows.reduce((sum, flow) => sum + flow.cases, 0);

/** Cases per provider, largest first (ties by name). */
function providersOf(flows: Flow[]) {
  const byProvider = new Map<string, number>();
  for (const flow of flows) byProvider.set(flow.provider, (byProvider.get(flow.provider) ?? 0) + flow.cases);
  return [...byProvider]
    .sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB))
    .map(([name, cases]) => ({ name, cases }));
}

export default definePlugin({
  id: "querie9",
  title: "Outmigration",
  theme: "Service Strength",
  description:
    "Where the service area's patients have surgery: inside the primary, secondary or tertiary area, or outside it, by service line and by zip code.",
  version: 1,
  dir: import.meta.dir,
  filters: outmigrationFilters,
  view: outmigrationView,
  async kernel({ sql, filters, inputs }) {
    const flows = await sql.rows("outmigration.sql", flowRow);
    const lines = filters.servicelines;

    // Element 0: per destination (and in total), each service line -> cases; and the line's %.
    // One pass over the flows, adding in their order (the same sums as filtering per cell).
    const cells = new Map<string, number>();
    const add = (key: string, cases: number) => cells.set(key, (cells.get(key) ?? 0) + cases);
    for (const flow of flows) {
      add(`total|${flow.service_line}`, flow.cases);
      add(`${flow.destination}|${flow.service_line}`, flow.cases);
    }
    const byDestination = (destination: Destination | "total") =>
      Object.fromEntries(lines.map((line) => [line, cells.get(`${destination}|${line}`) ?? 0]));
    const summary = {
      total: byDestination("total"),
      PSA: byDestination("PSA"),
      SSA: byDestination("SSA"),
      TSA: byDestination("TSA"),
      OUTSIDE: byDestination("OUTSIDE"),
      percentage: {} as Record<string, number>,
    };
    for (const line of lines) summary.percentage[line] = share(summary.OUTSIDE[line]!, summary.total[line]!);

    // Element 1: per patient zip of S.
    const flowsOfZip = new Map<string, Flow[]>();
    for (const flow of flows) {
      const ofZip = flowsOfZip.get(flow.patient_zip);
      if (ofZip) ofZip.push(flow);
      else flowsOfZip.set(flow.patient_zip, [flow]);
    }
    const zips = [...flowsOfZip.keys()].sort();
    const byZip: Record<string, ZipOutmigration> = {};
    for (const zip of zips) {
      const ofZip = flowsOfZip.get(zip)!;
      const outside = ofZip.filter((flow) => flow.destination === "OUTSIDE");
      const percentage = share(total(outside), total(ofZip));
      byZip[zip] = {
        zipcode: zip,
        percentage,
        band: band(percentage, OUTMIGRATION_THRESHOLDS),
        cases: total(ofZip),
        outside_cases: total(outside),
        polygon: mapPolygon(inputs.zipPolygon(zip)),
        services: Object.fromEntries(
          lines.map((line) => [line, total(outside.filter((flow) => flow.service_line === line))]),
        ),
        providers: providersOf(outside),
      };
    }

    const areas = cachedServiceAreaPolygons(inputs.dimensions.serviceArea, inputs.zipPolygon);
    // An area drawn from any fallback circle is itself an approximation.
    const approximate = (type: string) =>
      inputs.dimensions.serviceArea.some(
        (zip) => zip.type === type && inputs.zipPolygon(zip.zipcode)?.properties.approximate === true,
      );
    const allCases = total(flows);
    const outsideCases = total(flows.filter((flow) => flow.destination === "OUTSIDE"));
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
      psa_polygon: mapPolygon(areas.psa_polygon, approximate("PSA")),
      ssa_polygon: mapPolygon(areas.ssa_polygon, approximate("SSA")),
      tsa_polygon: mapPolygon(areas.tsa_polygon, approximate("TSA")),
      outmigration_table: [
        ...lines.map((line) => row(SERVICE_LINE_LABELS[line], (destination) => summary[destination][line]!)),
        row("All services", (destination) =>
          destination === "total"
            ? allCases
            : total(flows.filter((flow) => flow.destination === destination)),
        ),
      ],
      // Legend bounds: case counts at 1%, 5%, 30% and 55% of the outmigrated cases.
      outmigration_legend: OUTMIGRATION_THRESHOLDS.map((threshold) => ({
        percentage: threshold,
        cases: (outsideCases * threshold) / 100,
      })),
    };
  },
});

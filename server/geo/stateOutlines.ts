/**
 * US state outlines from `us-atlas` (Census cartographic boundaries, 1:10m), converted from
 * TopoJSON to GeoJSON once. Used to clip synthetic zip polygons to the state they belong to.
 */
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import states from "us-atlas/states-10m.json";

export type StateOutline = Feature<Polygon | MultiPolygon, { name: string }>;

/** Postal code -> state FIPS code (the id us-atlas gives each state). */
// biome-ignore format: a lookup table reads best as a block
const FIPS_BY_POSTAL: Record<string, string> = {
  AL: "01", AK: "02", AZ: "04", AR: "05", CA: "06", CO: "08", CT: "09", DE: "10", DC: "11", FL: "12",
  GA: "13", HI: "15", ID: "16", IL: "17", IN: "18", IA: "19", KS: "20", KY: "21", LA: "22", ME: "23",
  MD: "24", MA: "25", MI: "26", MN: "27", MS: "28", MO: "29", MT: "30", NE: "31", NV: "32", NH: "33",
  NJ: "34", NM: "35", NY: "36", NC: "37", ND: "38", OH: "39", OK: "40", OR: "41", PA: "42", RI: "44",
  SC: "45", SD: "46", TN: "47", TX: "48", UT: "49", VT: "50", VA: "51", WA: "53", WV: "54", WI: "55",
  WY: "56", PR: "72",
};

let outlines: Map<string, StateOutline> | undefined;

function outlinesByFips(): Map<string, StateOutline> {
  if (!outlines) {
    const collection = feature(states, states.objects.states) as FeatureCollection<Polygon | MultiPolygon>;
    outlines = new Map(collection.features.map((state) => [String(state.id), state as StateOutline]));
  }
  return outlines;
}

/** The outline of a state by postal code ("IN"), or undefined for an unknown code. */
export function stateOutline(postal: string): StateOutline | undefined {
  const fips = FIPS_BY_POSTAL[postal.toUpperCase()];
  return fips ? outlinesByFips().get(fips) : undefined;
}

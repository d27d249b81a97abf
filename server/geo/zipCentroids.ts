/**
 * Zip code centroids with city and state for the whole country, from the `zipcodes` package
 * (data-contract.md section 6: "the project ships zip centroids for the whole country").
 * The table is built once, on first use, because it holds ~42,000 rows.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ZipCodeRecord as PackageRecord } from "zipcodes";
import { distanceKm } from "./distance.ts";

const require = createRequire(import.meta.url);
const LITERAL_START = "exports.codes = ";

/**
 * The package's records as JSON from its file, or undefined when the file is not laid out as in
 * zipcodes 8. Its module is one 5 MB object literal, evaluated in 0.7-0.9 s when imported: at every
 * process's start (server, CLI, each test worker), used or not. The literal is JSON on the file's
 * first line, parsed as such on first use in about 0.2 s.
 */
export function recordsFromPackageFile(): Record<string, PackageRecord> | undefined {
  try {
    const text = readFileSync(require.resolve("zipcodes/lib/codes.js"), "utf8");
    const line = text.slice(0, text.indexOf("\n")).trimEnd();
    if (line.startsWith(LITERAL_START) && line.endsWith(";"))
      return JSON.parse(line.slice(LITERAL_START.length, -1));
  } catch {
    // Another layout: the caller falls back to the module.
  }
  return undefined;
}

const packageRecords = () =>
  recordsFromPackageFile() ?? (require("zipcodes") as { codes: Record<string, PackageRecord> }).codes;

export interface ZipCentroid {
  zipcode: string;
  city: string;
  state: string;
  lat: number;
  lon: number;
}

let table: Map<string, ZipCentroid> | undefined;

function centroidTable(): Map<string, ZipCentroid> {
  if (!table) {
    table = new Map();
    for (const record of Object.values(packageRecords())) {
      // The package also carries Canadian postal codes; the product is US-only.
      if (record.country !== "US" || !/^\d{5}$/.test(record.zip)) continue;
      table.set(record.zip, {
        zipcode: record.zip,
        city: record.city,
        state: record.state,
        lat: record.latitude,
        lon: record.longitude,
      });
    }
  }
  return table;
}

/** The centroid of a 5-digit zip (a ZIP+4 is cut to 5), or undefined when the zip is unknown. */
export function zipCentroid(zip: string): ZipCentroid | undefined {
  return centroidTable().get(zip.trim().slice(0, 5));
}

export function allZipCentroids(): Iterable<ZipCentroid> {
  return centroidTable().values();
}

/** Zips whose centroid lies within `radiusKm` of a point, optionally of one state, nearest first. */
export function zipsWithinKm(lat: number, lon: number, radiusKm: number, state?: string): ZipCentroid[] {
  const found: Array<{ zip: ZipCentroid; km: number }> = [];
  for (const zip of centroidTable().values()) {
    if (state && zip.state !== state) continue;
    const km = distanceKm(lat, lon, zip.lat, zip.lon);
    if (km <= radiusKm) found.push({ zip, km });
  }
  found.sort((a, b) => a.km - b.km || a.zip.zipcode.localeCompare(b.zip.zipcode));
  return found.map((entry) => entry.zip);
}

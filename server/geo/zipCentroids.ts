/**
 * Zip code centroids with city and state for the whole country, from the `zipcodes` package
 * (data-contract.md section 6: "the project ships zip centroids for the whole country").
 * The table is built once, on first use, because it holds ~42,000 rows.
 */
import * as zipcodes from "zipcodes";
import { distanceKm } from "./distance.ts";

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
    for (const record of Object.values(zipcodes.codes)) {
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

/**
 * Cities ('City, ST') and their zips from the shipped zip reference (zipCentroids.ts): the locale
 * autocomplete, the zips of a city, and the check that a zip belongs to a city (customer-area.md
 * section 5: "zip depends on the city"). The reference gives each zip one city (its USPS default
 * name), so a zip belongs to exactly one 'City, ST'.
 */
import { allZipCentroids, type ZipCentroid, zipCentroid } from "./zipCentroids.ts";

/** At most this many suggestions per autocomplete answer. */
export const SUGGESTION_LIMIT = 20;

export const cityLabel = (zip: Pick<ZipCentroid, "city" | "state">) => `${zip.city}, ${zip.state}`;

const normalise = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, " ")
    .replace(/\s*,\s*/g, ", ")
    .toLowerCase();

interface CityIndex {
  /** Every 'City, ST' once, sorted case-insensitively, with its lower-case key. */
  cities: Array<{ key: string; label: string }>;
  /** Zips of each city by its lower-case key, ascending. */
  zipsByCity: Map<string, string[]>;
}

let index: CityIndex | undefined;

function cityIndex(): CityIndex {
  if (!index) {
    const zipsByCity = new Map<string, string[]>();
    const labels = new Map<string, string>();
    for (const zip of allZipCentroids()) {
      const label = cityLabel(zip);
      const key = label.toLowerCase();
      labels.set(key, label);
      const zips = zipsByCity.get(key);
      if (zips) zips.push(zip.zipcode);
      else zipsByCity.set(key, [zip.zipcode]);
    }
    for (const zips of zipsByCity.values()) zips.sort();
    const cities = [...labels].map(([key, label]) => ({ key, label })).sort((a, b) => compare(a.key, b.key));
    index = { cities, zipsByCity };
  }
  return index;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** 'City, ST' labels starting with the query (case-insensitive), sorted, at most `limit`. */
export function citiesStartingWith(query: string, limit = SUGGESTION_LIMIT): string[] {
  const prefix = normalise(query);
  if (prefix === "") return [];
  const found: string[] = [];
  for (const city of cityIndex().cities) {
    if (city.key.startsWith(prefix)) found.push(city.label);
    if (found.length >= limit) break;
  }
  return found;
}

/** The reference's own spelling of a 'City, ST' given in any case, or undefined when it is unknown. */
export function knownCity(cityState: string): string | undefined {
  const key = normalise(cityState);
  const zips = cityIndex().zipsByCity.get(key);
  const first = zips?.[0];
  return first ? cityLabel(zipCentroid(first)!) : undefined;
}

/** Zips of a 'City, ST' starting with the prefix (all of them for an empty prefix), sorted, at most `limit`. */
export function zipsOfCity(cityState: string, prefix = "", limit = SUGGESTION_LIMIT): string[] {
  const zips = cityIndex().zipsByCity.get(normalise(cityState)) ?? [];
  const start = prefix.trim();
  return zips.filter((zip) => zip.startsWith(start)).slice(0, limit);
}

/** The zip is a real zip of that city (the check-location call; the profile forms' rule). */
export function zipBelongsToCity(zipcode: string, cityState: string): boolean {
  const zip = zipCentroid(zipcode.trim());
  return (
    zip !== undefined && /^\d{5}$/.test(zipcode.trim()) && normalise(cityLabel(zip)) === normalise(cityState)
  );
}

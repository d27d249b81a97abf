import { boundedCache } from "../../server/caches/bounded.ts";
import { mapPolygon, placeCoordinates, zipCentroidInside } from "../../server/engine/geo.ts";
import type { OrgFacility } from "../../server/engine/inputs.ts";
import type { EngineSettings } from "../../server/engine/settings.ts";

/** Facility and location markers: profile coordinates, else the zip centroid (marked approximate). */
export function markers(facilities: OrgFacility[]) {
  const placed = facilities.flatMap((place) => {
    const at = placeCoordinates(place.lat, place.lon, place.zip);
    return at ? [{ place, at }] : [];
  });
  return {
    facilities_marker: placed
      .filter(({ place }) => place.kind === "facility")
      .map(({ place, at }) => ({ npi: place.npi, name: place.name, zip: place.zip, ...at })),
    locations_marker: placed
      .filter(({ place }) => place.kind === "location")
      .map(({ place, at }) => ({
        facility_npi: place.npi,
        facility_name: place.facility_name,
        name: place.name,
        zip: place.zip,
        ...at,
      })),
    placed,
  };
}

/**
 * The 15-minute drive polygon of each facility and location, from the configured isochrone service
 * (server/geo/isochrone); without one, or when it fails, a circle of the distance covered at the
 * configured average speed, marked as an approximation (then with its speed and radius).
 */
export async function drivePolygons(placed: ReturnType<typeof markers>["placed"], settings: EngineSettings) {
  return Promise.all(
    placed.map(async ({ place, at }) => {
      const area = await settings.driveAreas.around(
        at.lat,
        at.lon,
        settings.driveMinutes,
        settings.driveSpeedKmh,
      );
      return {
        npi: place.npi,
        name: place.name,
        kind: place.kind,
        minutes: settings.driveMinutes,
        source: area.source,
        speed_kmh: area.approximation ? settings.driveSpeedKmh : null,
        radius_km: area.approximation ? (settings.driveSpeedKmh * settings.driveMinutes) / 60 : null,
        approximation: area.approximation,
        feature: area.feature,
        polygon: mapPolygon(area.feature, area.approximation)!,
      };
    }),
  );
}

/**
 * Sets of drive polygons remembered, least recently used out: one per organisation's facilities and
 * drive settings, so room for a few hundred tenants; each holds a boolean per zip asked (kilobytes).
 */
export const DRIVE_INSIDE_ENTRIES = 500;
/**
 * Whether a zip's centroid lies in any drive polygon, remembered per set of polygons (keyed by their
 * coordinates): the point-in-polygon tests of a few hundred zips cost more than the rest of the
 * kernel's arithmetic, and the polygons change only with the profile or the drive settings.
 */
const insideMemo = boundedCache<Map<string, boolean>>({ name: "driveInside", max: DRIVE_INSIDE_ENTRIES });

/**
 * Each drive polygon's coordinates as text, the memo's key, per geometry: the drive areas are kept
 * (driveAreas.ts), so a geometry comes again in every answer (writing the text was 0.14 ms of
 * querie5's 1m answer). Held as long as the geometry is.
 */
const coordinateTexts = new WeakMap<object, string>();

function coordinateText(geometry: { coordinates: unknown }) {
  let text = coordinateTexts.get(geometry);
  if (text === undefined) {
    text = JSON.stringify(geometry.coordinates);
    coordinateTexts.set(geometry, text);
  }
  return text;
}

export function insideDriveAreasOf(drives: Awaited<ReturnType<typeof drivePolygons>>) {
  const key = `[${drives.map((drive) => coordinateText(drive.feature.geometry)).join(",")}]`;
  let known = insideMemo.get(key);
  if (!known) {
    known = new Map();
    insideMemo.set(key, known);
  }
  const features = drives.map((drive) => drive.feature);
  const memo = known;
  return (zip: string) => {
    let inside = memo.get(zip);
    if (inside === undefined) {
      inside = zipCentroidInside(zip, features);
      memo.set(zip, inside);
    }
    return inside;
  };
}

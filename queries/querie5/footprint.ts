/**
 * querie5's result from its three row sets (patient zips, non-operative and surgical volumes), as
 * the kernel reads them with SQL and the prepared answer adds them up (prepared.ts).
 */
import { mapPolygon } from "../../server/engine/geo.ts";
import { band, type KernelContext, share, sum } from "../../server/engine/index.ts";
import { drivePolygons, insideDriveAreasOf, markers } from "./places.ts";
import { VOLUME_WEIGHT_THRESHOLDS } from "./view.ts";

export interface ZipVolume {
  zipcode: string;
  volume: number;
}
export interface NonOperativeVolume {
  location: string;
  npi: string | null;
  provider: string;
  category: string;
  volume: number;
}
export interface SurgicalVolume {
  location: string;
  service_line: string;
  provider: string;
  volume: number;
}

/** Rows grouped by a key, with their total volume and volume per category (largest first). */
function volumesBy<Row extends { volume: number; category: string }>(
  rows: Row[],
  keyOf: (row: Row) => string,
) {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const members = groups.get(keyOf(row));
    if (members) members.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return [...groups]
    .map(([key, members]) => {
      const categories: Record<string, number> = {};
      for (const member of members)
        categories[member.category] = (categories[member.category] ?? 0) + member.volume;
      return { key, first: members[0]!, volume: sum(members.map((member) => member.volume)), categories };
    })
    .sort((a, b) => b.volume - a.volume || byText(a.key, b.key));
}

/** localeCompare's order (the default locale's collation), made once rather than per comparison. */
const byText = new Intl.Collator().compare;

/** The surgical volumes summed per location and service line, in the order each pair first comes. */
function byLocationAndLine(surgical: SurgicalVolume[]) {
  const groups = new Map<string, { location: string; service_line: string; volume: number }>();
  for (const row of surgical) {
    const key = `${row.location}\0${row.service_line}`;
    const group = groups.get(key);
    if (group) group.volume += row.volume;
    else groups.set(key, { location: row.location, service_line: row.service_line, volume: row.volume });
  }
  return [...groups.values()];
}

export async function footprintResult({
  inputs,
  settings,
  zips,
  nonOperative,
  surgical,
}: Pick<KernelContext, "inputs" | "settings"> & {
  zips: ZipVolume[];
  nonOperative: NonOperativeVolume[];
  surgical: SurgicalVolume[];
}) {
  const { facilities_marker, locations_marker, placed } = markers(inputs.dimensions.facilities);
  const drives = await drivePolygons(placed, settings);
  const insideDriveAreas = insideDriveAreasOf(drives);
  const total = sum(zips.map((zip) => zip.volume));
  const inside = sum(zips.filter((zip) => insideDriveAreas(zip.zipcode)).map((zip) => zip.volume));
  const surgicalByLocation = new Map<string, number>();
  for (const row of surgical)
    surgicalByLocation.set(row.location, (surgicalByLocation.get(row.location) ?? 0) + row.volume);

  return {
    facilities_marker,
    locations_marker,
    volume_by_zipcode: zips.map((zip) => {
      const weight = share(zip.volume, total);
      return {
        zipcode: zip.zipcode,
        volume: zip.volume,
        weight,
        band: band(weight, VOLUME_WEIGHT_THRESHOLDS),
        area_polygon: mapPolygon(inputs.zipPolygon(zip.zipcode)),
      };
    }),
    facilities_driving_polygon: drives.map(({ feature: _feature, ...drive }) => drive),
    volume_table: { inside, outside: total - inside, total },
    volume_table_rows: [
      { area: "Inside the 15-minute drive areas", volume: inside },
      { area: "Outside", volume: total - inside },
      { area: "Total", volume: total },
    ],
    non_op_msk_by_location: volumesBy(nonOperative, (row) => row.location).map((group) => ({
      location: group.key,
      volume: group.volume,
      categories: group.categories,
    })),
    non_op_msk_by_provider: volumesBy(nonOperative, (row) => row.npi ?? row.provider).map((group) => ({
      npi: group.first.npi,
      name: group.first.provider,
      volume: group.volume,
      categories: group.categories,
    })),
    volume_by_location: [...surgicalByLocation]
      .sort(([a, x], [b, y]) => y - x || byText(a, b))
      .map(([location, volume]) => ({ location, volume })),
    volume_by_location_by_service: byLocationAndLine(surgical).sort(
      (a, b) => byText(a.location, b.location) || b.volume - a.volume,
    ),
    overall_surgical_providers_by_location_volume: surgical
      .map((row) => ({
        location: row.location,
        provider: row.provider,
        service_line: row.service_line,
        volume: row.volume,
      }))
      .sort(
        (a, b) => byText(a.location, b.location) || b.volume - a.volume || byText(a.provider, b.provider),
      ),
  };
}

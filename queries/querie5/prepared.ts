/**
 * querie5 from its prepared table (prepared_volumes.sql): the organisation-year's practice volumes
 * made once per data version; a request keeps the rows its filters keep (practice_volumes' rule)
 * and adds them up as the kernel's three statements do, in their order.
 */
import { z } from "zod";
import { preparedAnswer, sqlNumber, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";
import { inPracticeVolumes } from "../../server/engine/preparedFilters.ts";
import { compareText } from "../../server/engine/textOrder.ts";
import {
  footprintResult,
  type NonOperativeVolume,
  type SurgicalVolume,
  type ZipVolume,
} from "./footprint.ts";

const volumeRow = z.object({
  is_surgical: z.boolean(),
  service_line: sqlTextOrNull,
  category: sqlTextOrNull,
  setting: sqlTextOrNull,
  facility_zip: sqlTextOrNull,
  facility_npi: sqlTextOrNull,
  rendering_npi: sqlTextOrNull,
  provider_zip: sqlTextOrNull,
  patient_zip: sqlTextOrNull,
  location: sqlText,
  provider: sqlText,
  volume: sqlNumber,
});

/** Rows summed per key, the first row of each key standing for it. */
function summed<Row extends { volume: number }>(rows: Iterable<Row>, keyOf: (row: Row) => string) {
  const groups = new Map<string, Row>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.volume += row.volume;
    else groups.set(key, { ...row });
  }
  return [...groups.values()];
}

export const footprintPrepared = preparedAnswer({
  tables: { volumes: { sql: "prepared_volumes.sql", row: volumeRow } },
  answer({ filters, tables, inputs, settings }) {
    const kept = tables.volumes.filter(inPracticeVolumes(filters));
    // volume_by_zip.sql: by patient zip, largest first.
    const zips: ZipVolume[] = summed(
      kept.flatMap((row) =>
        row.patient_zip === null ? [] : [{ zipcode: row.patient_zip, volume: row.volume }],
      ),
      (row) => row.zipcode,
    ).sort((a, b) => b.volume - a.volume || compareText(a.zipcode, b.zipcode));
    // non_operative.sql: by location, provider and category (a line has one when it is counted).
    const nonOperative: NonOperativeVolume[] = summed(
      kept.flatMap((row) =>
        row.is_surgical || row.category === null
          ? []
          : [
              {
                location: row.location,
                npi: row.rendering_npi,
                provider: row.provider,
                category: row.category,
                volume: row.volume,
              },
            ],
      ),
      (row) => JSON.stringify([row.location, row.npi, row.provider, row.category]),
    ).sort(
      (a, b) =>
        compareText(a.location, b.location) ||
        compareText(a.npi, b.npi) ||
        compareText(a.provider, b.provider) ||
        compareText(a.category, b.category),
    );
    // surgical_by_location.sql: by location, service line and provider.
    const surgical: SurgicalVolume[] = summed(
      kept.flatMap((row) =>
        row.is_surgical && row.service_line !== null
          ? [
              {
                location: row.location,
                service_line: row.service_line,
                provider: row.provider,
                volume: row.volume,
              },
            ]
          : [],
      ),
      (row) => JSON.stringify([row.location, row.service_line, row.provider]),
    ).sort(
      (a, b) =>
        compareText(a.location, b.location) ||
        compareText(a.service_line, b.service_line) ||
        compareText(a.provider, b.provider),
    );
    return footprintResult({ inputs, settings, zips, nonOperative, surgical });
  },
});

/**
 * querie5 from its prepared table (prepared_volumes.sql): the organisation-year's practice volumes
 * made once per data version; a request keeps the rows its filters keep (practice_volumes' rule)
 * and adds them up as the kernel's three statements do, in their order.
 */
import { z } from "zod";
import type { ColumnTable } from "../../server/engine/columnTable.ts";
import { preparedAnswer, sqlNumber, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";
import { inPracticeVolumes } from "../../server/engine/preparedFilters.ts";
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
  zip_rank: sqlNumber,
  provider_rank: sqlNumber,
  line_rank: sqlNumber,
});
type VolumeRow = z.infer<typeof volumeRow>;

/**
 * Volumes added up per rank of a statement's groups; a group is listed when a kept row has it. The
 * lists grow to the highest rank kept (a few hundred groups), not to the table's rows (12k at 1m).
 */
function groupsByRank(table: ColumnTable<VolumeRow>) {
  const volumes: number[] = [];
  /** The index of each group's first row. */
  const first: number[] = [];
  return {
    add(rank: number, row: Readonly<VolumeRow>, index: number) {
      if (first[rank] === undefined) {
        first[rank] = index;
        volumes[rank] = row.volume;
      } else volumes[rank]! += row.volume;
    },
    /** The groups kept, in rank order, each as `make` shapes its first row and its volume. */
    list<Group>(
      make: (row: Readonly<VolumeRow>, volume: number) => Group,
    ): Array<Group & { volume: number }> {
      const groups: Array<Group & { volume: number }> = [];
      for (let rank = 0; rank < first.length; rank++) {
        const index = first[rank];
        if (index !== undefined)
          groups.push({ ...make(table.at(index), volumes[rank]!), volume: volumes[rank]! });
      }
      return groups;
    },
  };
}

export const footprintPrepared = preparedAnswer({
  tables: { volumes: { sql: "prepared_volumes.sql", row: volumeRow } },
  answer({ filters, tables, inputs, settings }) {
    const table = tables.volumes;
    const byZip = groupsByRank(table);
    const byProvider = groupsByRank(table);
    const byLine = groupsByRank(table);
    table.eachRow((row, index) => {
      if (row.patient_zip !== null) byZip.add(row.zip_rank, row, index);
      if (!row.is_surgical && row.category !== null) byProvider.add(row.provider_rank, row, index);
      else if (row.is_surgical && row.service_line !== null) byLine.add(row.line_rank, row, index);
    }, inPracticeVolumes(filters)(table));
    // volume_by_zip.sql: largest first, ties in zip order (the rank's).
    const zips: ZipVolume[] = byZip
      .list((row) => ({ zipcode: row.patient_zip! }))
      .sort((a, b) => b.volume - a.volume);
    // non_operative.sql and surgical_by_location.sql: in rank order.
    const nonOperative: NonOperativeVolume[] = byProvider.list((row) => ({
      location: row.location,
      npi: row.rendering_npi,
      provider: row.provider,
      category: row.category!,
    }));
    const surgical: SurgicalVolume[] = byLine.list((row) => ({
      location: row.location,
      service_line: row.service_line!,
      provider: row.provider,
    }));
    return footprintResult({ inputs, settings, zips, nonOperative, surgical });
  },
});

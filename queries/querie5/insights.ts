/**
 * querie5 in words: how much of the practice's volume lives inside its drive areas, its largest
 * patient zip, and where its surgical and non-operative volumes are performed (README.md,
 * "Insights").
 */
import {
  counted,
  countWords,
  type InsightsWriter,
  percentWords,
  sentence,
} from "../../server/engine/index.ts";

/** What the sentences read of the answer. */
export interface FootprintAnswer {
  volume_table: { inside: number; outside: number; total: number };
  facilities_driving_polygon: { minutes: number }[];
  volume_by_zipcode: { zipcode: string; volume: number; weight: number }[];
  volume_by_location: { location: string; volume: number }[];
  non_op_msk_by_location: { location: string; volume: number }[];
}

export const footprintInsights: InsightsWriter<FootprintAnswer> = ({ results }) => {
  const total = counted(results.volume_table.total);
  // The largest zip; on a tie the first in zip order, as the table lists them.
  const zipIndex = results.volume_by_zipcode.reduce(
    (best, zip, index) =>
      best === -1 || zip.volume > results.volume_by_zipcode[best]!.volume ? index : best,
    -1,
  );
  const zip = results.volume_by_zipcode[zipIndex];
  const surgical = results.volume_by_location[0];
  const nonOperative = results.non_op_msk_by_location[0];
  return [
    // Without a drive area (no facility placed) every patient is "outside": nothing to say.
    sentence(
      "insight_drive",
      {
        total: ["results.volume_table.total", total],
        inside: ["results.volume_table.inside", results.volume_table.inside],
        outside: ["results.volume_table.outside", results.volume_table.outside],
        minutes: [
          "results.facilities_driving_polygon.0.minutes",
          results.facilities_driving_polygon[0]?.minutes,
        ],
      },
      ({ total, inside, outside, minutes }) => ({
        total: countWords(total),
        inside: countWords(inside),
        minutes: countWords(minutes),
        outside: countWords(outside),
      }),
    ),
    sentence(
      "insight_zip",
      {
        weight: [`results.volume_by_zipcode.${zipIndex}.weight`, zip?.weight],
        volume: [`results.volume_by_zipcode.${zipIndex}.volume`, counted(zip?.volume)],
      },
      ({ weight, volume }) => ({
        zip: zip!.zipcode,
        share: percentWords(weight),
        volume: countWords(volume),
      }),
    ),
    sentence(
      "insight_surgical",
      { volume: ["results.volume_by_location.0.volume", counted(surgical?.volume)] },
      ({ volume }) => ({ location: surgical!.location, volume: countWords(volume) }),
    ),
    sentence(
      "insight_non_operative",
      { volume: ["results.non_op_msk_by_location.0.volume", counted(nonOperative?.volume)] },
      ({ volume }) => ({ location: nonOperative!.location, volume: countWords(volume) }),
    ),
  ];
};

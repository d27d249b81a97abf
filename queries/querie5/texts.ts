import type { AnalysisTexts } from "../../server/engine/catalogue.ts";
import { catalogue } from "./catalogue.ts";

/**
 * The screen's texts a fresh installation starts with; staff edit them in Manage contents, Query
 * texts. Numbered titles go to the screen's charts, tables and maps in order. Plain data, collected
 * by the server's registry and by the back office's Query texts.
 */
export const texts = {
  title: catalogue.title,
  description:
    "Your patients by zip code around your locations, and the share living within a 15-minute drive.",
  map_title: "Patient volume by zip code",
  table_title: "Volume inside and outside the drive-time areas",
  insight_drive:
    "Of your practice's volume of {total}, {inside} comes from patients living inside your locations' {minutes}-minute drive areas and {outside} from outside them.",
  insight_zip: "Your largest patient zip code is {zip}: {share} of the volume ({volume}).",
  insight_surgical: "{location} performed the most surgical cases: {volume}.",
  insight_non_operative: "{location} led the non-operative volume: {volume}.",
} satisfies AnalysisTexts;

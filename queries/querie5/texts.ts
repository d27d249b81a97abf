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
} satisfies AnalysisTexts;

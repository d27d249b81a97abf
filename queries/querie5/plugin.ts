import { z } from "zod";
import { definePlugin, sqlNumber, sqlText, sqlTextOrNull } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { footprintFilters } from "./filters.ts";
import { footprintResult } from "./footprint.ts";
import { footprintInsights } from "./insights.ts";
import { footprintPrepared } from "./prepared.ts";
import { texts } from "./texts.ts";
import { footprintView } from "./view.ts";

const zipRow = z.object({ zipcode: sqlText, volume: sqlNumber });
const nonOperativeRow = z.object({
  location: sqlText,
  npi: sqlTextOrNull,
  provider: sqlText,
  category: sqlText,
  volume: sqlNumber,
});
const surgicalRow = z.object({
  location: sqlText,
  service_line: sqlText,
  provider: sqlText,
  volume: sqlNumber,
});

export default definePlugin({
  id: "querie5",
  ...catalogue,
  texts,
  description:
    "Where the practice's patients live against its locations' 15-minute drive areas, and its non-operative volumes by location and provider.",
  version: 1,
  dir: import.meta.dir,
  filters: footprintFilters,
  view: footprintView,
  prepared: footprintPrepared,
  async kernel({ sql, inputs, settings }) {
    const zips = await sql.rows("volume_by_zip.sql", zipRow);
    const nonOperative = await sql.rows("non_operative.sql", nonOperativeRow);
    const surgical = await sql.rows("surgical_by_location.sql", surgicalRow);
    return footprintResult({ inputs, settings, zips, nonOperative, surgical });
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => footprintInsights(answer),
});

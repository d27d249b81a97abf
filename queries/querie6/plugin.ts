import { z } from "zod";
import { definePlugin, FACILITY_TYPES, sqlNumber, sqlText } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { siteOfCareFilters } from "./filters.ts";
import { siteOfCareInsights } from "./insights.ts";
import { siteOfCarePrepared } from "./prepared.ts";
import { siteOfCareResult } from "./siteOfCare.ts";
import { texts } from "./texts.ts";
import { siteOfCareView } from "./view.ts";

const socRow = z.object({
  service_line: sqlText,
  setting: z.enum(FACILITY_TYPES),
  is_customer: z.boolean(),
  cases: sqlNumber,
});

export default definePlugin({
  id: "querie6",
  ...catalogue,
  texts,
  description:
    "How each surgical service splits between inpatient, outpatient, ASC and office settings, for the practice and for its competitors.",
  version: 1,
  dir: import.meta.dir,
  filters: siteOfCareFilters,
  view: siteOfCareView,
  prepared: siteOfCarePrepared,
  async kernel({ sql, filters }) {
    return siteOfCareResult(await sql.rows("site_of_care.sql", socRow), filters.servicelines);
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => siteOfCareInsights(answer),
});

import { z } from "zod";
import { definePlugin, sqlNumber, sqlTextOrNull } from "../../server/engine/index.ts";
import { catalogue } from "./catalogue.ts";
import { revenueFilters } from "./filters.ts";
import { revenueInsights } from "./insights.ts";
import { revenuePrepared } from "./prepared.ts";
import { revenueResult } from "./revenueResult.ts";
import { texts } from "./texts.ts";
import { revenueView } from "./view.ts";

const revenueRow = z.object({ category: sqlTextOrNull, revenue: sqlNumber });

export default definePlugin({
  id: "querie7",
  ...catalogue,
  texts,
  description: "The practice's revenue (paid amounts) by group of services and by service.",
  version: 1,
  dir: import.meta.dir,
  filters: revenueFilters,
  view: revenueView,
  prepared: revenuePrepared,
  async kernel({ sql }) {
    return revenueResult(await sql.rows("revenue.sql", revenueRow));
  },
  // After the kernel, which gives the result its type; the function checks it reads what exists.
  insights: (answer) => revenueInsights(answer),
});

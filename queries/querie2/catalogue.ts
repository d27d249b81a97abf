import type { AnalysisCatalogue } from "../../server/engine/catalogue.ts";

/**
 * The analysis in the navigation: its title and theme group. Plain data, read by plugin.ts, the
 * server's registry and the web app's menus (bundled into the first paint: keep it this small).
 */
export const catalogue = {
  title: "Referral Targets",
  theme: "Partnership Strength",
} as const satisfies AnalysisCatalogue;

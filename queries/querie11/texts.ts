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
    "What leakage and outmigration cost in dollars, how demand in your service area changes in five years by population and by trend, and what recapturing leaked cases or moving outpatient cases to the ASC is worth.",
  chart_title: "Revenue today and in five years",
  table_title1: "What-if: recapture and site shift",
  table_title2: "Revenue, leakage and outmigration by service line",
  table_title3: "What-if by service line",
  table_title4: "Demand in five years by service line",
  table_title5: "Demand in five years by service area type",
  table_title6: "Competitor providers receiving most leaked dollars",
  table_title7: "Destination facilities receiving most outmigrated dollars",
  table_title8: "Outmigrated dollars: your own cases and other providers'",
  map_title: "Five-year population growth by zip code",
  insight_leakage_recapture:
    "Cases your providers referred out cost about {leaked} a year at the market's average paid{left_out}; a {recapture}% recapture is worth {recaptured} a year.",
  insight_leakage:
    "Cases your providers referred out cost about {leaked} a year at the market's average paid{left_out}.",
  insight_outmigrated_own:
    "Care performed outside the service area was worth about {outmigrated} at the market's average paid, {own} of it your own cases (counted in your revenue today too); {name} took the most ({revenue}, {cases} cases).",
  insight_outmigrated:
    "Care performed outside the service area was worth about {outmigrated} at the market's average paid; {name} took the most ({revenue}, {cases} cases).",
  insight_revenue:
    "At the market's average paid your {cases} cases are worth {today} a year; with the recapture, the ASC shift and the population's demand, {later} in {years} years.",
  insight_trend: "The {service} market {moved} since {since}{clipped}.",
} satisfies AnalysisTexts;

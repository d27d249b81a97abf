/**
 * The analyses and the four theme groups that organise them (customer spec, section 1). Adding an
 * analysis is one line of ANALYSES (its folder under queries/ is the rest: docs/plugins.md).
 */

const ANALYSES = [
  { id: "querie1", title: "Sx Market Share", group: "competitive-comparison" },
  { id: "querie2", title: "Referral Targets", group: "partnership-strength" },
  { id: "querie3", title: "Subspecialty Mix", group: "market-alignment" },
  { id: "querie4", title: "Facility Partnerships", group: "partnership-strength" },
  { id: "querie5", title: "Location Footprint", group: "market-alignment" },
  { id: "querie6", title: "Site of Care", group: "market-alignment" },
  { id: "querie7", title: "Revenue by Service", group: "service-strength" },
  { id: "querie8", title: "Leakage", group: "partnership-strength" },
  { id: "querie9", title: "Outmigration", group: "service-strength" },
  { id: "querie10", title: "Service Maturity", group: "service-strength" },
  { id: "querie11", title: "Growth Opportunities", group: "service-strength" },
] as const;

export type QueryName = (typeof ANALYSES)[number]["id"];

export const QUERY_NAMES: readonly QueryName[] = ANALYSES.map((analysis) => analysis.id);

export function isQueryName(value: string): value is QueryName {
  return (QUERY_NAMES as readonly string[]).includes(value);
}

export const ANALYSIS_TITLES = Object.fromEntries(
  ANALYSES.map((analysis) => [analysis.id, analysis.title]),
) as Record<QueryName, string>;

export interface ThemeGroup {
  id: "competitive-comparison" | "partnership-strength" | "market-alignment" | "service-strength";
  label: string;
  queries: readonly QueryName[];
}

const groupOf = (id: ThemeGroup["id"], label: string): ThemeGroup => ({
  id,
  label,
  queries: ANALYSES.filter((analysis) => analysis.group === id).map((analysis) => analysis.id),
});

export const THEME_GROUPS: readonly ThemeGroup[] = [
  groupOf("competitive-comparison", "Competitive Comparison"),
  groupOf("partnership-strength", "Partnership Strength"),
  groupOf("market-alignment", "Market Alignment"),
  groupOf("service-strength", "Service Strength"),
];

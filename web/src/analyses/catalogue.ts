/** The ten fixed analyses and the four theme groups that organise them (customer spec, section 1). */

export const QUERY_NAMES = [
  "querie1",
  "querie2",
  "querie3",
  "querie4",
  "querie5",
  "querie6",
  "querie7",
  "querie8",
  "querie9",
  "querie10",
] as const;

export type QueryName = (typeof QUERY_NAMES)[number];

export function isQueryName(value: string): value is QueryName {
  return (QUERY_NAMES as readonly string[]).includes(value);
}

export const ANALYSIS_TITLES: Record<QueryName, string> = {
  querie1: "Sx Market Share",
  querie2: "Referral Targets",
  querie3: "Subspecialty Mix",
  querie4: "Facility Partnerships",
  querie5: "Location Footprint",
  querie6: "Site of Care",
  querie7: "Revenue by Service",
  querie8: "Leakage",
  querie9: "Outmigration",
  querie10: "Service Maturity",
};

export interface ThemeGroup {
  id: "competitive-comparison" | "partnership-strength" | "market-alignment" | "service-strength";
  label: string;
  queries: readonly QueryName[];
}

export const THEME_GROUPS: readonly ThemeGroup[] = [
  { id: "competitive-comparison", label: "Competitive Comparison", queries: ["querie1"] },
  { id: "partnership-strength", label: "Partnership Strength", queries: ["querie2", "querie4", "querie8"] },
  { id: "market-alignment", label: "Market Alignment", queries: ["querie3", "querie5", "querie6"] },
  { id: "service-strength", label: "Service Strength", queries: ["querie7", "querie9", "querie10"] },
];

/**
 * Site of care (section 5), as data: a line takes the setting of the lowest-ranked rule whose
 * conditions all hold (an absent condition holds for every line). Bill types are compared after
 * normalisation to 3 digits (a leading 0 of a 4-digit type dropped), so "083x" is prefix "83".
 */
export const settings = ["IP", "OP", "ASC", "OFFICE"] as const;
export type Setting = (typeof settings)[number];

export interface SettingRule {
  rank: number;
  lineKind: "institutional" | "professional";
  hasDrg?: boolean;
  /** First two digits of the 3-digit bill type (type of facility + bill classification). */
  billTypePrefix?: string;
  /** First three digits of the 4-digit revenue code. */
  revenuePrefix?: string;
  placeOfService?: string;
  setting: Setting;
}

export const settingRules: SettingRule[] = [
  { rank: 1, lineKind: "institutional", hasDrg: true, setting: "IP" },
  { rank: 1, lineKind: "institutional", billTypePrefix: "11", setting: "IP" },
  { rank: 1, lineKind: "institutional", billTypePrefix: "12", setting: "IP" },
  { rank: 2, lineKind: "institutional", billTypePrefix: "83", setting: "ASC" },
  { rank: 2, lineKind: "institutional", revenuePrefix: "049", setting: "ASC" },
  { rank: 3, lineKind: "institutional", billTypePrefix: "13", setting: "OP" },
  { rank: 3, lineKind: "institutional", billTypePrefix: "85", setting: "OP" },
  { rank: 4, lineKind: "professional", placeOfService: "21", setting: "IP" },
  { rank: 4, lineKind: "professional", placeOfService: "24", setting: "ASC" },
  { rank: 4, lineKind: "professional", placeOfService: "19", setting: "OP" },
  { rank: 4, lineKind: "professional", placeOfService: "22", setting: "OP" },
  { rank: 4, lineKind: "professional", placeOfService: "23", setting: "OP" },
  { rank: 4, lineKind: "professional", placeOfService: "11", setting: "OFFICE" },
];

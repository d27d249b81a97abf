/**
 * How the zip panel names service lines. Kept beside the map so the web bundle does not pull in the
 * server's filter module; serviceLines.test.ts checks it against server/engine/filters.ts.
 */
export const SERVICE_LINE_LABELS: Record<string, string> = {
  le_joint_replacement: "Joint Replacement (LE)",
  spine: "Spine",
  trauma: "Trauma",
  hand_ue: "Hand & Upper Extremity",
  foot_ankle: "Foot & Ankle",
  sports_medicine: "Sports Medicine",
  other: "Other surgical",
};

export const serviceLineLabel = (code: string) => SERVICE_LINE_LABELS[code] ?? code;

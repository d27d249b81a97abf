import type { Category } from "./categories.ts";

/** The servicelines filter: the surgical categories, with other_surgical named `other`. */
export const serviceLineOfCategory: Partial<Record<Category, string>> = {
  le_joint_replacement: "le_joint_replacement",
  spine: "spine",
  trauma: "trauma",
  hand_ue: "hand_ue",
  foot_ankle: "foot_ankle",
  sports_medicine: "sports_medicine",
  other_surgical: "other",
};

export const serviceLines = Object.values(serviceLineOfCategory) as string[];

import type { Category } from "./categories.ts";

/** MS-DRG ranges (inclusive) that give the category of a line with a DRG and no CPT (section 5). */
export const drgCategoryRanges: { low: number; high: number; category: Category }[] = [
  { low: 469, high: 470, category: "le_joint_replacement" },
  { low: 453, high: 460, category: "spine" },
  { low: 518, high: 520, category: "spine" },
  { low: 480, high: 482, category: "trauma" },
  { low: 492, high: 494, category: "trauma" },
  { low: 507, high: 508, category: "sports_medicine" },
  { low: 510, high: 514, category: "hand_ue" },
  { low: 503, high: 505, category: "foot_ankle" },
  { low: 515, high: 517, category: "other_surgical" },
];

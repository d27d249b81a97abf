import type { Scores } from "../api/answers.ts";

/**
 * The five dimensions of the Strategic Vitality Score, their weights in the total (customer-area.md
 * section 9) and the key of their explanation in the staff-edited scoring texts.
 */
export const SCORE_DIMENSIONS = [
  { key: "market_alignement", label: "Market alignment", weight: 30 },
  { key: "centricity", label: "Customer centricity", weight: 10 },
  { key: "competitive_comparison", label: "Competitive comparison", weight: 10 },
  { key: "partnerships", label: "Partnership strength", weight: 30 },
  { key: "service_mix_and_strength", label: "Service mix and strength", weight: 20 },
] as const;

export type ScoreDimension = (typeof SCORE_DIMENSIONS)[number]["key"];

/** The six scores and their year, as the scoring answer carries them. */
export type { Scores };

/** The scale every score is on. */
export const SCORE_MAX = 20;

export const explanationKey = (dimension: ScoreDimension) => `${dimension}_text` as const;

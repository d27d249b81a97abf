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

export type Scores = Record<ScoreDimension | "total", number> & { year?: number };

/** The scale every score is on. */
export const SCORE_MAX = 20;

export const explanationKey = (dimension: ScoreDimension) => `${dimension}_text` as const;

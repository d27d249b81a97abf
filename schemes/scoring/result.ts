/**
 * The stored scoring: the six scores the customer screen reads (server/routes/schemes/scoring.ts),
 * then the weights, the formula of each dimension in words and the inputs each one used, for the
 * staff's scoring detail modal.
 */
import { z } from "zod";

const score = z.number().min(0).max(20);
const inputValue = z.union([
  z.number(),
  z.string(),
  z.null(),
  z.array(z.string()),
  z.record(z.string(), z.number()),
]);
const perDimension = <T extends z.ZodType>(value: T) =>
  z.strictObject({
    market_alignement: value,
    centricity: value,
    competitive_comparison: value,
    partnerships: value,
    service_mix_and_strength: value,
  });

export const scoringResult = z.strictObject({
  market_alignement: score,
  centricity: score,
  competitive_comparison: score,
  partnerships: score,
  service_mix_and_strength: score,
  total: score,
  /** Percent of the total per dimension. */
  weights: perDimension(z.number()),
  formulas: perDimension(z.string()).extend({ total: z.string() }),
  inputs: perDimension(z.record(z.string(), inputValue)),
});
export type ScoringResult = z.infer<typeof scoringResult>;

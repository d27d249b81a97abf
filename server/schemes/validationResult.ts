/**
 * What every validation scheme's result holds besides its own details: whether the data passed,
 * and for facility/provider validations the verdict per row, kept in the year's own result (the year
 * detail's row styles and notes, rowVerdicts.ts).
 */
import { z } from "zod";

export const ROW_STATES = ["valid", "warning", "error"] as const;
export type RowState = (typeof ROW_STATES)[number];

export const reviewedRow = z.object({
  /** The facility's or provider's row id. */
  id: z.string(),
  npi: z.string(),
  name: z.string(),
  state: z.enum(ROW_STATES),
  /** One sentence per problem, joined; empty when the row is valid. */
  note: z.string(),
});
export type ReviewedRow = z.infer<typeof reviewedRow>;

export const validationOutcome = z.looseObject({
  valid: z.boolean(),
  rows: z.array(reviewedRow).optional(),
});
export type ValidationOutcome = z.infer<typeof validationOutcome>;

/** The worst state wins: one error makes the row an error, else one warning a warning. */
export function stateOf(problems: Array<{ severity: "warning" | "error" }>): RowState {
  if (problems.some((problem) => problem.severity === "error")) return "error";
  if (problems.length > 0) return "warning";
  return "valid";
}

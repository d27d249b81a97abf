/**
 * A year's verdict on each facility or provider row: read from that year's own facility or provider
 * validation (its stored result lists every reviewed row), never from another year's. A row the
 * year's validation did not review - the year never validated, or the row added since - is
 * "not_validated". Pure, so the year detail's answer and the screen (which patches the year's
 * validation live) read rows the same way.
 */

export const ROW_REVIEW_STATES = ["not_validated", "valid", "warning", "error"] as const;
export type RowReviewState = (typeof ROW_REVIEW_STATES)[number];

export interface RowVerdict {
  state: RowReviewState;
  /** The validation's sentence(s) on the row; empty when none. */
  note: string;
}

export const NOT_VALIDATED: RowVerdict = { state: "not_validated", note: "" };

const isVerdictState = (value: unknown): value is RowReviewState =>
  typeof value === "string" && (ROW_REVIEW_STATES as readonly string[]).includes(value);

/**
 * The verdicts by row id of a facility or provider validation's result (the validation's stored
 * `result`, as the year detail carries it under `validations.<type>.note`); empty without one.
 */
export function verdictsOf(result: unknown): Map<string, RowVerdict> {
  const verdicts = new Map<string, RowVerdict>();
  const rows = (result as { rows?: unknown } | null | undefined)?.rows;
  if (!Array.isArray(rows)) return verdicts;
  for (const row of rows as Array<{ id?: unknown; state?: unknown; note?: unknown }>) {
    if (typeof row?.id !== "string" || !isVerdictState(row.state)) continue;
    verdicts.set(row.id, { state: row.state, note: typeof row.note === "string" ? row.note : "" });
  }
  return verdicts;
}

/** Each row with the year's verdict on it (not_validated where the year's validation has none). */
export function withVerdicts<Row extends { id?: string }>(
  rows: Row[],
  result: unknown,
): Array<Row & RowVerdict> {
  const verdicts = verdictsOf(result);
  return rows.map((row) => ({ ...row, ...((row.id && verdicts.get(row.id)) || NOT_VALIDATED) }));
}

/**
 * The facility and provider validations are one review with different details: for each profile
 * row, the identity checks (check digit, registry presence and kind, name), then claims in the
 * practice data and cases in the market data, each failed check one problem. A scheme gives what
 * differs (which rows, which registry kind, how names compare, its sentences); this runs the rest.
 */
import { z } from "zod";
import { sqlNumber, sqlText } from "../engine/sqlRunner.ts";
import type { NppesResult } from "../registry/nppesShape.ts";
import { checkNpi, noteOf, type Problem } from "./identityChecks.ts";
import type { SchemeContext } from "./scheme.ts";
import { reviewedRow, stateOf } from "./validationResult.ts";

const casesRow = z.object({ npi: sqlText, practice_claims: sqlNumber, market_cases: sqlNumber });

export const identityReviewResult = z.object({
  valid: z.boolean(),
  note: z.string(),
  rows: z.array(
    reviewedRow.extend({
      checks: z.object({
        npi_check_digit: z.boolean(),
        in_registry: z.boolean(),
        registry_name: z.string().nullable(),
        name_match: z.boolean().nullable(),
        practice_claims: z.number(),
        market_cases: z.number(),
      }),
    }),
  ),
});
export type IdentityReviewResult = z.infer<typeof identityReviewResult>;

export interface IdentityReview<Row> {
  rows: Row[];
  identify(row: Row): { id: string; npi: string; name: string };
  /** NPI-2 for organisations (facilities), NPI-1 for individuals (providers). */
  registryKind: "NPI-1" | "NPI-2";
  /** The scheme's .sql file answering npi, practice_claims, market_cases per NPI. */
  casesFile: string;
  registryNameOf(entry: NppesResult): string | null;
  /** null when the registry entry cannot be compared. */
  namesMatch(row: Row, entry: NppesResult): boolean | null;
  /** Whether a row without market cases is a problem (therapists have none in surgical data). */
  expectedInMarket(row: Row): boolean;
  messages: { noPracticeClaim: string; noMarketCase: string; emptyProfile: string };
}

export async function reviewIdentities<Row>(
  context: SchemeContext,
  review: IdentityReview<Row>,
): Promise<IdentityReviewResult> {
  const cases = new Map((await context.sql.rows(review.casesFile, casesRow)).map((row) => [row.npi, row]));
  await context.progress(40);
  const rows: IdentityReviewResult["rows"] = [];
  for (const row of review.rows) {
    const { id, npi, name } = review.identify(row);
    const identity = await checkNpi(context.registry, npi, review.registryKind);
    const problems: Problem[] = [...identity.problems];
    const registryName = identity.entry ? review.registryNameOf(identity.entry) : null;
    const nameMatch = identity.entry ? review.namesMatch(row, identity.entry) : null;
    if (nameMatch === false) {
      problems.push({
        severity: "warning",
        message: `The name '${name}' differs from the registry's '${registryName}'.`,
      });
    }
    const practiceClaims = cases.get(npi)?.practice_claims ?? 0;
    const marketCases = cases.get(npi)?.market_cases ?? 0;
    if (practiceClaims === 0)
      problems.push({ severity: "warning", message: review.messages.noPracticeClaim });
    if (marketCases === 0 && review.expectedInMarket(row)) {
      problems.push({ severity: "warning", message: review.messages.noMarketCase });
    }
    rows.push({
      id,
      npi,
      name,
      state: stateOf(problems),
      note: noteOf(problems),
      checks: {
        npi_check_digit: identity.npiValid,
        in_registry: identity.entry !== undefined,
        registry_name: registryName,
        name_match: nameMatch,
        practice_claims: practiceClaims,
        market_cases: marketCases,
      },
    });
  }
  await context.progress(90);
  // Warnings are shown for staff to read; only errors (identity problems) fail the validation.
  return {
    valid: rows.length > 0 && rows.every((row) => row.state !== "error"),
    note: rows.length === 0 ? review.messages.emptyProfile : "",
    rows,
  };
}

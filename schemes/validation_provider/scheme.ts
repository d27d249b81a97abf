import { z } from "zod";
import { sqlNumber, sqlText } from "../../server/engine/sqlRunner.ts";
import { checkNpi, noteOf, type Problem, personNamesMatch } from "../../server/schemes/identityChecks.ts";
import { defineScheme } from "../../server/schemes/scheme.ts";
import { reviewedRow, stateOf } from "../../server/schemes/validationResult.ts";

const casesRow = z.object({ npi: sqlText, practice_claims: sqlNumber, market_cases: sqlNumber });

const providerReview = reviewedRow.extend({
  checks: z.object({
    npi_check_digit: z.boolean(),
    in_registry: z.boolean(),
    registry_name: z.string().nullable(),
    name_match: z.boolean().nullable(),
    practice_claims: z.number(),
    market_cases: z.number(),
  }),
});

export const NO_PROVIDER_NOTE = "The profile has no provider.";

/**
 * The market data holds surgical (IP/OP) cases: only physicians are expected in it. Therapists,
 * chiropractors and advanced practice providers without a case there are not a problem.
 */
const expectedInMarket = (category: string) => category === "" || category === "Physician";

const registryNameOf = (basic: { first_name?: string; last_name?: string }) =>
  [basic.first_name, basic.last_name].filter(Boolean).join(" ") || null;

export default defineScheme({
  id: "validation_provider",
  kind: "validation",
  title: "Provider validation",
  description:
    "Per provider: NPI check digit, found in the provider registry as an individual, name as the registry has it, " +
    "and claims in the practice data and cases in the market data; a note per problem, state valid/warning/error.",
  version: 1,
  dir: import.meta.dir,
  reads: [],
  result: z.object({
    valid: z.boolean(),
    note: z.string(),
    rows: z.array(providerReview),
  }),
  async run(context) {
    const providers = context.profile.providers;
    const cases = new Map(
      (await context.sql.rows("provider_cases.sql", casesRow)).map((row) => [row.npi, row] as const),
    );
    await context.progress(40);
    const rows = [];
    for (const provider of providers) {
      const identity = await checkNpi(context.registry, provider.npi, "NPI-1");
      const problems: Problem[] = [...identity.problems];
      const registryName = identity.entry ? registryNameOf(identity.entry.basic) : null;
      const nameMatch =
        identity.entry?.enumeration_type === "NPI-1"
          ? personNamesMatch(provider, identity.entry.basic)
          : null;
      if (nameMatch === false) {
        problems.push({
          severity: "warning",
          message: `The name '${provider.fullName}' differs from the registry's '${registryName}'.`,
        });
      }
      const practiceClaims = cases.get(provider.npi)?.practice_claims ?? 0;
      const marketCases = cases.get(provider.npi)?.market_cases ?? 0;
      if (practiceClaims === 0) {
        problems.push({
          severity: "warning",
          message: "No claim of the practice data was rendered by this provider.",
        });
      }
      if (marketCases === 0 && expectedInMarket(provider.category)) {
        problems.push({
          severity: "warning",
          message: "The market data has no case rendered by this provider.",
        });
      }
      rows.push({
        id: provider.id,
        npi: provider.npi,
        name: provider.fullName,
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
      note: rows.length === 0 ? NO_PROVIDER_NOTE : "",
      rows,
    };
  },
});

import { z } from "zod";
import { sqlNumber, sqlText } from "../../server/engine/sqlRunner.ts";
import {
  checkNpi,
  noteOf,
  organisationNamesMatch,
  type Problem,
} from "../../server/schemes/identityChecks.ts";
import { defineScheme } from "../../server/schemes/scheme.ts";
import { reviewedRow, stateOf } from "../../server/schemes/validationResult.ts";

const casesRow = z.object({ npi: sqlText, practice_claims: sqlNumber, market_cases: sqlNumber });

const facilityReview = reviewedRow.extend({
  checks: z.object({
    npi_check_digit: z.boolean(),
    in_registry: z.boolean(),
    registry_name: z.string().nullable(),
    name_match: z.boolean().nullable(),
    practice_claims: z.number(),
    market_cases: z.number(),
  }),
});

export const NO_FACILITY_NOTE = "The profile has no facility.";

export default defineScheme({
  id: "validation_facility",
  kind: "validation",
  title: "Facility validation",
  description:
    "Per facility: NPI check digit, found in the provider registry as an organisation, name as the registry has it, " +
    "and claims in the practice data and cases in the market data; a note per problem, state valid/warning/error.",
  version: 1,
  dir: import.meta.dir,
  reads: [],
  result: z.object({
    valid: z.boolean(),
    note: z.string(),
    rows: z.array(facilityReview),
  }),
  async run(context) {
    const facilities = context.profile.facilities;
    const cases = new Map(
      (await context.sql.rows("facility_cases.sql", casesRow)).map((row) => [row.npi, row] as const),
    );
    await context.progress(40);
    const rows = [];
    for (const facility of facilities) {
      const identity = await checkNpi(context.registry, facility.npi, "NPI-2");
      const problems: Problem[] = [...identity.problems];
      const registryName = identity.entry?.basic.organization_name ?? null;
      const nameMatch =
        identity.entry && registryName !== null ? organisationNamesMatch(facility.name, registryName) : null;
      if (nameMatch === false) {
        problems.push({
          severity: "warning",
          message: `The name '${facility.name}' differs from the registry's '${registryName}'.`,
        });
      }
      const practiceClaims = cases.get(facility.npi)?.practice_claims ?? 0;
      const marketCases = cases.get(facility.npi)?.market_cases ?? 0;
      if (practiceClaims === 0) {
        problems.push({ severity: "warning", message: "No claim of the practice data names this facility." });
      }
      if (marketCases === 0) {
        problems.push({ severity: "warning", message: "The market data has no case at this facility." });
      }
      rows.push({
        id: facility.id,
        npi: facility.npi,
        name: facility.name,
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
      note: rows.length === 0 ? NO_FACILITY_NOTE : "",
      rows,
    };
  },
});

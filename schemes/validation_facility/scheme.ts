import { organisationNamesMatch } from "../../server/schemes/identityChecks.ts";
import { identityReviewResult, reviewIdentities } from "../../server/schemes/identityReview.ts";
import { defineScheme } from "../../server/schemes/scheme.ts";

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
  result: identityReviewResult,
  run: (context) =>
    reviewIdentities(context, {
      rows: context.profile.facilities,
      identify: (facility) => ({ id: facility.id, npi: facility.npi, name: facility.name }),
      registryKind: "NPI-2",
      casesFile: "facility_cases.sql",
      registryNameOf: (entry) => entry.basic.organization_name ?? null,
      namesMatch: (facility, entry) => {
        const registered = entry.basic.organization_name ?? null;
        return registered === null ? null : organisationNamesMatch(facility.name, registered);
      },
      expectedInMarket: () => true,
      messages: {
        noPracticeClaim: "No claim of the practice data names this facility.",
        noMarketCase: "The market data has no case at this facility.",
        emptyProfile: NO_FACILITY_NOTE,
      },
    }),
});

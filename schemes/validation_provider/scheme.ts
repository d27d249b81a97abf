import { personNamesMatch } from "../../server/schemes/identityChecks.ts";
import { identityReviewResult, reviewIdentities } from "../../server/schemes/identityReview.ts";
import { defineScheme } from "../../server/schemes/scheme.ts";

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
  result: identityReviewResult,
  run: (context) =>
    reviewIdentities(context, {
      rows: context.profile.providers,
      identify: (provider) => ({ id: provider.id, npi: provider.npi, name: provider.fullName }),
      registryKind: "NPI-1",
      casesFile: "provider_cases.sql",
      registryNameOf: (entry) => registryNameOf(entry.basic),
      namesMatch: (provider, entry) =>
        entry.enumeration_type === "NPI-1" ? personNamesMatch(provider, entry.basic) : null,
      expectedInMarket: (provider) => expectedInMarket(provider.category),
      messages: {
        noPracticeClaim: "No claim of the practice data was rendered by this provider.",
        noMarketCase: "The market data has no case rendered by this provider.",
        emptyProfile: NO_PROVIDER_NOTE,
      },
    }),
});

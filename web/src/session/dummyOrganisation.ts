import { queryOptions } from "@tanstack/react-query";
import { fakeOrganisation } from "../api/profile.ts";

/**
 * The organisation staff open in dummy mode (POST /api/management/admin/fake-org/ {org_id}): the
 * dummy layout loads it before anything else, so an unknown organisation fails there, and its bar
 * reads the organisation's name and state from it.
 */
export const dummyOrganisationQuery = (orgId: string) =>
  queryOptions({
    queryKey: ["session", "dummy-organisation", orgId] as const,
    queryFn: () => fakeOrganisation(orgId),
    staleTime: 60_000,
  });

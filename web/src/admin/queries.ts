import { queryOptions } from "@tanstack/react-query";
import { getOrganization, getOrganizationYear, listCustomers } from "../api/adminOrganisations.ts";

/** React Query keys and loaders of the back office screens; live events patch the same keys. */
export const adminKeys = {
  all: ["admin", "organization"] as const,
  customers: ["admin", "organization", "list"] as const,
  organization: (id: string) => ["admin", "organization", id] as const,
  year: (id: string, year: number) => ["admin", "organization", id, "year", year] as const,
};

export const customersQuery = () => queryOptions({ queryKey: adminKeys.customers, queryFn: listCustomers });

export const organizationQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.organization(id), queryFn: () => getOrganization(id) });

export const organizationYearQuery = (id: string, year: number) =>
  queryOptions({ queryKey: adminKeys.year(id, year), queryFn: () => getOrganizationYear(id, year) });

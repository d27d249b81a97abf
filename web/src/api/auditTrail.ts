import { infiniteQueryOptions } from "@tanstack/react-query";
import type { AuditEvent, AuditListAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";
import type { AuditQuery } from "./requests.ts";

/** An organisation's audit trail (docs/operations.md): the back office's, or the customer admin's own. */
export type { AuditEvent };

/** The trail's filters: the query string's own fields (its paging aside). */
export type AuditFilters = Omit<AuditQuery, "limit" | "cursor">;

/** Where a trail is read: a site admin names the organisation, a customer admin reads its own. */
export const auditTrailBase = (organisationId?: string) =>
  organisationId ? `/api/management/admin/audit/${organisationId}/` : "/api/management/customer/audit/";

const queryString = (filters: AuditFilters, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  for (const [name, value] of Object.entries(filters)) {
    if (value) params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
};

/** The CSV export's address with the same filters (a plain download link: the session cookie goes). */
export const auditExportUrl = (base: string, filters: AuditFilters) =>
  `${base}export/${queryString(filters)}`;

const PAGE = 50;

export const auditTrailQuery = (base: string, filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ["audit-trail", base, filters] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AuditListAnswer>(
        `${base}${queryString(filters, { limit: String(PAGE), ...(pageParam ? { cursor: pageParam } : {}) })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

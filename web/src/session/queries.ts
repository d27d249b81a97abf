import { queryOptions } from "@tanstack/react-query";
import type { AdminDetail, CustomerDetail } from "../api/answers.ts";
import { apiRequest } from "../api/client.ts";
import { isInvalidSession } from "../api/errors.ts";

/**
 * A session check never fails for "not signed in": it answers `{logged: false}`, so the route guard
 * can cache that and redirect. Other failures (server down) still throw.
 */
export type Session<T> = { logged: true; detail: T } | { logged: false };

export const sessionKeys = {
  all: ["session"] as const,
  /** The signed-in customer's own detail, or (dummy mode) the detail of the organisation staff view. */
  customer: (dummyOrgId?: string) => ["session", "customer", dummyOrgId ?? "self"] as const,
  admin: ["session", "admin"] as const,
};

async function checkSession<T>(load: () => Promise<T>): Promise<Session<T>> {
  try {
    return { logged: true, detail: await load() };
  } catch (error) {
    if (isInvalidSession(error)) return { logged: false };
    throw error;
  }
}

/** Kept fresh for a minute: every navigation runs the guard, which must not refetch each time. */
const SESSION_STALE_MS = 60_000;

export const customerSessionQuery = (dummyOrgId?: string) =>
  queryOptions({
    queryKey: sessionKeys.customer(dummyOrgId),
    queryFn: () =>
      checkSession(() => apiRequest<CustomerDetail>("/api/management/customer/detail/", { dummyOrgId })),
    staleTime: SESSION_STALE_MS,
  });

export const adminSessionQuery = () =>
  queryOptions({
    queryKey: sessionKeys.admin,
    queryFn: () => checkSession(() => apiRequest<AdminDetail>("/api/management/admin/detail/")),
    staleTime: SESSION_STALE_MS,
  });

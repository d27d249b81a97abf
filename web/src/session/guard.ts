import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import type { AdminDetail } from "../api/answers.ts";
import { type AdminPath, screenNeeds } from "../layout/adminScreens.ts";
import { mayCall } from "./permissions.ts";
import { adminSessionQuery, customerSessionQuery } from "./queries.ts";

/**
 * Route guards for beforeLoad (spec: route guard). They read the cached session check, fetching it
 * when absent, and redirect to the matching sign-in page when the session is not of the right kind.
 */

export async function requireCustomer(queryClient: QueryClient) {
  const session = await queryClient.ensureQueryData(customerSessionQuery());
  if (!session.logged) throw redirect({ to: "/signin", replace: true });
  return session.detail;
}

export async function requireAdmin(queryClient: QueryClient) {
  const session = await queryClient.ensureQueryData(adminSessionQuery());
  if (!session.logged) throw redirect({ to: "/administration/signin", replace: true });
  return session.detail;
}

/** On /signin: a signed-in customer has nothing to do there. */
export async function leaveSigninIfCustomer(queryClient: QueryClient) {
  const session = await queryClient.ensureQueryData(customerSessionQuery());
  if (session.logged) throw redirect({ to: "/", replace: true });
}

/** On /administration/signin: a signed-in staff member goes to the back office. */
export async function leaveSigninIfAdmin(queryClient: QueryClient) {
  const session = await queryClient.ensureQueryData(adminSessionQuery());
  if (session.logged) throw redirect({ to: "/administration", replace: true });
}

/**
 * A back-office screen the staff member may not use (its call is not in the permissions the server
 * gives it: agents and Advisory board, Contents, Parameters, Mailbox) redirects to the customers.
 */
export function requireScreen(admin: Pick<AdminDetail, "permissions">, screen: AdminPath) {
  const needs = screenNeeds(screen);
  if (needs && !mayCall(admin, needs)) throw redirect({ to: "/administration/customers", replace: true });
}

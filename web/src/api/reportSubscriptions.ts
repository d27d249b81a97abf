import { infiniteQueryOptions } from "@tanstack/react-query";
import type {
  Colleague,
  OrganisationSubscriptionsAnswer,
  OwnSubscriptionsAnswer,
  ReportSubscription,
  SubscriptionAnswer,
  SubscriptionDeletedAnswer,
  SubscriptionsPausedAnswer,
} from "./answers.ts";
import { apiRequest } from "./client.ts";
import { cursorPaging, pagePath } from "./pages.ts";
import type { CreateSubscriptionBody, EditSubscriptionBody } from "./requests.ts";

/** Report subscriptions (server/reports/README.md): the user's own, and staff's read of a customer's. */
export type { Colleague, ReportSubscription };

const BASE = "/api/management/customer/report-subscription/";
const ADMIN = "/api/management/admin/report-subscription/";

export const subscriptionKeys = {
  own: ["report-subscriptions", "own"] as const,
  ofOrganisation: (organisationId: string) =>
    ["report-subscriptions", "organisation", organisationId] as const,
};

/** The user's own, a page at a time (each page also lists the colleagues a report may go to). */
export const ownSubscriptionsQuery = () =>
  infiniteQueryOptions({
    queryKey: subscriptionKeys.own,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<OwnSubscriptionsAnswer>(pagePath(BASE, pageParam), { signal }),
    ...cursorPaging,
  });

export const organisationSubscriptionsQuery = (organisationId: string) =>
  infiniteQueryOptions({
    queryKey: subscriptionKeys.ofOrganisation(organisationId),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<OrganisationSubscriptionsAnswer>(pagePath(`${ADMIN}${organisationId}/`, pageParam), {
        signal,
      }),
    ...cursorPaging,
  });

/** A subscription's report and schedule as the dialog edits them: a create's fields, each filled in. */
export type SubscriptionFields = Required<Omit<CreateSubscriptionBody, "querie" | "saved_query_id">>;

export const createSubscription = (body: CreateSubscriptionBody) =>
  apiRequest<SubscriptionAnswer, CreateSubscriptionBody>(BASE, { method: "POST", body });

export const editSubscription = (id: string, body: EditSubscriptionBody) =>
  apiRequest<SubscriptionAnswer, EditSubscriptionBody>(`${BASE}${id}/`, { method: "PATCH", body });

export const deleteSubscription = (id: string) =>
  apiRequest<SubscriptionDeletedAnswer>(`${BASE}${id}/`, { method: "DELETE" });

export const sendSubscriptionNow = (id: string) =>
  apiRequest<SubscriptionAnswer>(`${BASE}${id}/send-now/`, { method: "POST" });

export const pauseOrganisationSubscriptions = (organisationId: string) =>
  apiRequest<SubscriptionsPausedAnswer>(`${ADMIN}${organisationId}/pause/`, {
    method: "POST",
  });

import { useQuery } from "@tanstack/react-query";
import type { AdminDetail, CustomerDetail } from "../api/answers.ts";
import { useDummyOrgId } from "./dummyContext.ts";
import { adminSessionQuery, customerSessionQuery } from "./queries.ts";

/**
 * The customer detail the current screen works on: the signed-in customer's, or in dummy mode the
 * viewed organisation's. The route guard has already loaded it; undefined only after a sign-out.
 */
export function useCustomerDetail(): CustomerDetail | undefined {
  const dummyOrgId = useDummyOrgId();
  const { data } = useQuery(customerSessionQuery(dummyOrgId));
  return data?.logged ? data.detail : undefined;
}

export function useAdminDetail(): AdminDetail | undefined {
  const { data } = useQuery(adminSessionQuery());
  return data?.logged ? data.detail : undefined;
}

import type { CustomerUser, UserAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";
import type { AddUserBody, ChangeUserBody } from "./requests.ts";

/** The Users table calls (admin-area.md section 7: POST, PATCH /api/management/customer/detail/). */

const USERS = "/api/management/customer/detail/";

export type UserStatus = CustomerUser["status"];

/** A new user as the dialog fills it in; the organisation is the call's. */
export type NewCustomerUser = Omit<AddUserBody["user_data"], "organization_id">;

/** What a PATCH may change; the e-mail is the sign-in address and stays as it is. */
export type CustomerUserChange = ChangeUserBody["user_data"];

/** POST {user_data}: a user of the organisation (staff name the organisation). */
export function addCustomerUser(organizationId: string, user: NewCustomerUser) {
  return apiRequest<UserAnswer, AddUserBody>(USERS, {
    method: "POST",
    body: { user_data: { ...user, organization_id: organizationId } },
  });
}

/** PATCH {user_data}: rename, change status, block or unblock (blocking ends the user's sessions). */
export function updateCustomerUser(change: CustomerUserChange) {
  return apiRequest<UserAnswer, ChangeUserBody>(USERS, {
    method: "PATCH",
    body: { user_data: change },
  });
}

import type { CustomerSigninAnswer, StaffSigninAnswer, StatusDetail } from "./answers.ts";
import { apiRequest } from "./client.ts";
import type { CustomerSigninBody, StaffSigninBody } from "./requests.ts";

/** Asks the server to e-mail a sign-in link (same answer for unknown addresses). */
export function requestSigninLink(email: string) {
  return apiRequest<StatusDetail, CustomerSigninBody>("/api/services/auth/signin/", {
    method: "POST",
    body: { email },
  });
}

/** Exchanges an e-mailed token for a session cookie. */
export function validateSigninToken(token: string) {
  return apiRequest<CustomerSigninAnswer>(`/api/services/auth/signin/${encodeURIComponent(token)}`);
}

export function staffSignin(credentials: StaffSigninBody) {
  return apiRequest<StaffSigninAnswer, StaffSigninBody>("/api/management/admin/signin/", {
    method: "POST",
    body: credentials,
  });
}

/** Revokes the session on the server, which also clears the HttpOnly cookie. */
export function signOut() {
  return apiRequest<StatusDetail>("/api/admin/logout/", { method: "POST" });
}

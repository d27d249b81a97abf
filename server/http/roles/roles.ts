/**
 * The roles a call can require, and who holds each (docs/roles.md). A role names the lowest caller a
 * route accepts; routeRoles.ts gives every route its one role, enforceRoles.ts checks it before any
 * handler runs. Tenancy (which organisation's rows) is the handlers' job on top of this.
 */
import type { Context } from "hono";
import type { Session, StaffAccount } from "../../auth/sessions.ts";
import type { AppEnv } from "../../context.ts";
import { forbidden, type HttpError, invalidToken, staffSession } from "../errors.ts";
import { dummyOrganisationOf } from "../middleware/dummyReadOnly.ts";

export const ROLES = {
  public: "Anyone: no session needed.",
  signedIn:
    "Any signed-in user, customer or staff. A customer reads only its own organisation's rows; staff (agents too) read any.",
  customer:
    "A user of the customer's organisation (admin or assistant); staff through the dummy view (X-Dummy-Org or org_id), where every write but saved queries is refused.",
  customerOrSiteAdmin:
    "A user of the customer's organisation, or a staff site admin naming the organisation (or in the dummy view); agents are refused.",
  customerAdmin: "The organisation's customer admin (is_staff); assistants and staff are refused.",
  customerAdminOrSiteAdmin:
    "The organisation's customer admin for its own organisation, or a staff site admin on its behalf; assistants and agents are refused.",
  staff: "Staff: agents (who read the back office) and site admins.",
  siteAdmin:
    "A staff site admin: every change in the back office. Agents are read-only (admin-area.md section 6).",
} as const;

export type Role = keyof typeof ROLES;

/** The callers a role is about, from the least to the most trusted. */
export type Caller = "anonymous" | "assistant" | "customerAdmin" | "agent" | "siteAdmin";

export function callerOf(session: Session | null | undefined): Caller {
  if (!session) return "anonymous";
  if (session.kind === "client") return session.user.isStaff ? "customerAdmin" : "assistant";
  return staffCaller(session.staff);
}

export const staffCaller = (staff: StaffAccount): Caller =>
  staff.role === "site_admin" ? "siteAdmin" : "agent";

/** Who holds each role. Staff hold `customer` only in the dummy view (roleRefusal checks it). */
export const HOLDERS: Record<Role, readonly Caller[]> = {
  public: ["anonymous", "assistant", "customerAdmin", "agent", "siteAdmin"],
  signedIn: ["assistant", "customerAdmin", "agent", "siteAdmin"],
  customer: ["assistant", "customerAdmin", "agent", "siteAdmin"],
  customerOrSiteAdmin: ["assistant", "customerAdmin", "siteAdmin"],
  customerAdmin: ["customerAdmin"],
  customerAdminOrSiteAdmin: ["customerAdmin", "siteAdmin"],
  staff: ["agent", "siteAdmin"],
  siteAdmin: ["siteAdmin"],
};

/**
 * Why the caller may not make a call of this role, or undefined when it may. Nobody signed in, or a
 * customer session on a staff call, is 401 'Invalid token.' (the web's signal to go to the matching
 * sign-in page); a staff session on a customer's call (outside the dummy view) is 403 `staff_session`
 * (it has not expired); a caller of the right kind but a lower role is 403.
 */
export function roleRefusal(role: Role, c: Context<AppEnv>): HttpError | undefined {
  const session = c.get("session");
  const caller = callerOf(session);
  if (role === "customer" && session?.kind === "admin") {
    return dummyOrganisationOf(c) === undefined ? staffSession() : undefined;
  }
  if (HOLDERS[role].includes(caller)) return undefined;
  // Staff on a customer's own call: the wrong kind of account, not an ended session.
  if (session?.kind === "admin" && role === "customerAdmin") return staffSession();
  if (caller === "assistant" && HOLDERS[role].includes("customerAdmin")) {
    return forbidden("Only the organisation's admin can do this.");
  }
  if (caller === "agent" && HOLDERS[role].includes("siteAdmin")) return forbidden("Agents cannot do this.");
  return invalidToken();
}

/** Whether a caller holds a role outside the dummy view (what the screens offer it). */
export const holds = (caller: Caller, role: Role) => HOLDERS[role].includes(caller);

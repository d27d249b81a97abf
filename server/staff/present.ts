import { asc, eq } from "drizzle-orm";
import type { StaffAccount } from "../auth/sessions.ts";
import type { Db } from "../db/client.ts";
import { staffAccounts } from "../db/schema/index.ts";
import { formDefinitions } from "../forms/index.ts";
import { staffCaller } from "../http/roles/roles.ts";
import { permissionsOf } from "../http/roles/routeRoles.ts";

/** The staff profile the admin area reads (session flags isAgent / isSuperUser derive from it). */
export function staffProfile(staff: StaffAccount) {
  return {
    id: staff.id,
    username: staff.username,
    email: staff.email,
    picture: staff.picture,
    is_admin: staff.role === "site_admin",
    is_agent: staff.role === "agent",
    is_super_user: staff.isSuperUser,
    channel_id: staff.channelId,
  };
}

/** Agents list of the Parameters screen: only site admins see it. */
export async function agentList(db: Db, viewer: StaffAccount) {
  if (viewer.role !== "site_admin") return [];
  const rows = await db
    .select({ username: staffAccounts.username, email: staffAccounts.email })
    .from(staffAccounts)
    .where(eq(staffAccounts.role, "agent"))
    .orderBy(asc(staffAccounts.username));
  return rows;
}

/** The answer of the admin session check and of a successful staff sign-in (without token). */
export async function adminDetail(db: Db, staff: StaffAccount) {
  return {
    status: 200,
    profile: staffProfile(staff),
    kind: "admin" as const,
    logged: true,
    forms: formDefinitions(),
    agents: await agentList(db, staff),
    /** The calls this staff member may make (server/http/roles/routeRoles.ts): the screens follow them. */
    permissions: permissionsOf(staffCaller(staff)),
  };
}

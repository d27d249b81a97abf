import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customerUsers, organisations } from "../db/schema/index.ts";

/** One organisation and its users as the mailbox lists them (admin-area.md section 7: org_users). */
export interface OrganisationUsers {
  id: string;
  name: string;
  users: { id: string; email: string; username: string }[];
}

/**
 * The organisations' users a staff mail may go to, grouped by organisation (by name, users by
 * e-mail). Blocked users are left out: they cannot sign in, and staff blocked them for a reason.
 * Organisations without a user that can receive mail are left out too.
 */
export async function organisationUsers(
  db: Db,
  filter: { organisationIds?: string[] } = {},
): Promise<OrganisationUsers[]> {
  const conditions: SQL[] = [eq(customerUsers.blocked, false)];
  if (filter.organisationIds) {
    if (filter.organisationIds.length === 0) return [];
    conditions.push(inArray(organisations.id, filter.organisationIds));
  }
  const rows = await db
    .select({
      organisationId: organisations.id,
      organisationName: organisations.name,
      id: customerUsers.id,
      email: customerUsers.email,
      username: customerUsers.username,
    })
    .from(customerUsers)
    .innerJoin(organisations, eq(organisations.id, customerUsers.organisationId))
    .where(and(...conditions))
    .orderBy(asc(organisations.name), asc(organisations.id), asc(customerUsers.email));
  const groups = new Map<string, OrganisationUsers>();
  for (const row of rows) {
    let group = groups.get(row.organisationId);
    if (!group) {
      group = { id: row.organisationId, name: row.organisationName, users: [] };
      groups.set(row.organisationId, group);
    }
    group.users.push({ id: row.id, email: row.email, username: row.username });
  }
  return [...groups.values()];
}

/** The mail-able users among these ids (unknown and blocked ones are not answered). */
export async function mailableUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: customerUsers.id,
      email: customerUsers.email,
      organisationId: customerUsers.organisationId,
    })
    .from(customerUsers)
    .where(and(inArray(customerUsers.id, ids), eq(customerUsers.blocked, false)));
}

import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { customerUsers, organisations } from "../db/schema/index.ts";
import { keyset, type PageRequest, pageOf } from "../http/pagination.ts";

/** Users a mailbox page holds when the caller names no `limit`: what the recipients list shows at once. */
export const MAILBOX_PAGE = 100;

/** Organisations by name (then id), users by e-mail (then id): the order the screen lists them in. */
const recipientOrder = keyset([
  { column: organisations.name, type: "text" },
  { column: organisations.id, type: "uuid" },
  { column: customerUsers.email, type: "text" },
  { column: customerUsers.id, type: "uuid" },
]);

/** One organisation and its users as the mailbox lists them (admin-area.md section 7: org_users). */
export interface OrganisationUsers {
  id: string;
  name: string;
  users: { id: string; email: string; username: string }[];
}

type RecipientRow = {
  organisationId: string;
  organisationName: string;
  id: string;
  email: string;
  username: string;
};

function recipientRows(db: Db, filter: { organisationIds?: string[] }, page?: PageRequest) {
  const conditions: (SQL | undefined)[] = [eq(customerUsers.blocked, false)];
  if (filter.organisationIds) conditions.push(inArray(organisations.id, filter.organisationIds));
  conditions.push(recipientOrder.after(page?.cursor));
  const query = db
    .select({
      organisationId: organisations.id,
      organisationName: organisations.name,
      id: customerUsers.id,
      email: customerUsers.email,
      username: customerUsers.username,
      pageKey: recipientOrder.pageKey,
    })
    .from(customerUsers)
    .innerJoin(organisations, eq(organisations.id, customerUsers.organisationId))
    .where(and(...conditions))
    .orderBy(...recipientOrder.orderBy);
  return page ? query.limit(page.limit + 1) : query;
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
  if (filter.organisationIds?.length === 0) return [];
  return groupedByOrganisation(await recipientRows(db, filter));
}

/**
 * One page of them: `limit` users in the same order, grouped. An organisation whose users run on
 * to the next page appears on both (same id): a client merges the groups by id.
 */
export async function organisationUsersPage(
  db: Db,
  filter: { organisationIds?: string[] },
  page: PageRequest,
) {
  const { rows, nextCursor } = pageOf(await recipientRows(db, filter, page), page.limit);
  return { org_users: groupedByOrganisation(rows), next_cursor: nextCursor };
}

function groupedByOrganisation(rows: RecipientRow[]): OrganisationUsers[] {
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

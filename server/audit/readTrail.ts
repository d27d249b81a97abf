/** Reading an organisation's audit trail: filters, newest first, a page at a time (limit + cursor). */
import { and, desc, eq, gte, ilike, isNull, like, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { type AuditEvent, auditEvents } from "../db/schema/index.ts";
import type { AuditEventView } from "../http/answers/audit.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)");

export const MAX_PAGE = 200;

/** The list's query string: the filters, and the page. */
export const auditQuery = z.strictObject({
  /** The first day (UTC) included. */
  from: day.optional(),
  /** The last day (UTC) included. */
  to: day.optional(),
  /** Part of the actor's e-mail or username, its id, or `system`. */
  actor: z.string().trim().max(200, "must be at most 200 characters").optional(),
  /** An action (`user.update`) or its family (`user`). */
  action: z
    .string()
    .max(100, "must be at most 100 characters")
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, "must be an action such as user.update, or its family such as user")
    .optional(),
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_PAGE, `must be at most ${MAX_PAGE}`)
    .optional(),
  /** The previous page's `next_cursor`. */
  cursor: z.coerce
    .number("must be the next_cursor of the previous page")
    .int("must be the next_cursor of the previous page")
    .min(1, "must be the next_cursor of the previous page")
    .optional(),
  /** Ignored: the organisation is the customer's own, or the back office's path (never this). */
  org_id: z.uuid("must be an organisation id (UUID)").optional(),
});
export type AuditFilters = Omit<z.infer<typeof auditQuery>, "limit" | "cursor" | "org_id">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (found) => `\\${found}`)}%`;

/** An organisation's id, or SITE: the site-wide writes (staff accounts and sign-ins, site texts, help centre, market files). */
export const SITE = "site";

function conditions(organisationId: string, filters: AuditFilters): SQL[] {
  const where: SQL[] = [
    organisationId === SITE
      ? isNull(auditEvents.organisationId)
      : eq(auditEvents.organisationId, organisationId),
  ];
  if (filters.from) where.push(gte(auditEvents.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) {
    const next = new Date(`${filters.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    where.push(lt(auditEvents.at, next));
  }
  if (filters.actor) {
    const actor = filters.actor;
    const matches = [ilike(auditEvents.actorName, likeText(actor)), eq(auditEvents.actorRole, actor)];
    if (UUID.test(actor)) matches.push(eq(auditEvents.actorId, actor));
    where.push(or(...matches)!);
  }
  if (filters.action) {
    where.push(or(eq(auditEvents.action, filters.action), like(auditEvents.action, `${filters.action}.%`))!);
  }
  return where;
}

export function auditEventViewOf(row: AuditEvent): AuditEventView {
  return {
    id: row.seq,
    at: row.at.toISOString(),
    organisation_id: row.organisationId,
    actor: { kind: row.actorKind, id: row.actorId, name: row.actorName, role: row.actorRole },
    action: row.action,
    target: { kind: row.targetKind, id: row.targetId },
    before: row.before,
    after: row.after,
  };
}

/** One page, newest first; `nextCursor` reads the page after it (older events). */
export async function auditPage(
  db: Db,
  organisationId: string,
  filters: AuditFilters,
  page: { limit: number; cursor?: number },
) {
  const where = conditions(organisationId, filters);
  if (page.cursor !== undefined) where.push(lt(auditEvents.seq, page.cursor));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.seq))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return {
    events: shown.map(auditEventViewOf),
    nextCursor: more ? String(shown[shown.length - 1]!.seq) : null,
  };
}

/** How many events a CSV export holds at most; a longer trail is exported a date range at a time. */
export const EXPORT_LIMIT = 50_000;

/** Every matching event for the CSV export, newest first, read in pages (bounded by EXPORT_LIMIT). */
export async function auditExportRows(db: Db, organisationId: string, filters: AuditFilters) {
  const all: AuditEventView[] = [];
  let cursor: number | undefined;
  while (all.length < EXPORT_LIMIT) {
    const page = await auditPage(db, organisationId, filters, {
      limit: Math.min(1000, EXPORT_LIMIT - all.length),
      cursor,
    });
    all.push(...page.events);
    if (!page.nextCursor) break;
    cursor = Number(page.nextCursor);
  }
  return all;
}

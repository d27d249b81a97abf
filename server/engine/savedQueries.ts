/**
 * Saved custom queries (customer-area.md sections 3, 4, 5, 6 and 7): a filtered view of an analysis
 * saved by a user under a title, shared with the organisation (accessible) or private, and run later
 * by its id (POST /api/management/queries/{id}, server/engine/routes.ts). Mount with
 * `.route("/management/queries", savedQueriesRoutes)`.
 *
 * Who: any customer user saves for its own organisation; staff save for the organisation they view
 * in dummy mode (or name by organization_id), as the provider ('AHI'); agents cannot save. Only the
 * owner (same e-mail, same kind of account) or a staff super user may share/unshare or delete.
 * Tenancy: a query is reached only within its organisation, and another user's private query is
 * answered as not found. The whole answer shapes are in server/routes/admin/README.md.
 */
import { and, eq, or } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { OrganisationScope, Session } from "../auth/sessions.ts";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/client.ts";
import { customerUsers, savedQueries } from "../db/schema/index.ts";
import { REQUIRED_MESSAGE, textFieldError } from "../forms/formatWords.ts";
import { singleLine } from "../forms/singleLine.ts";
import { savedQueriesAnswer, savedQueryActionAnswer } from "../http/answers/analyses.ts";
import { parseParam, parseWith, readJson, readQuery } from "../http/body.ts";
import { fieldRefusal, forbidden, HttpError, invalidToken, notFound } from "../http/errors.ts";
import { savedViewExample, savedViewsExample } from "../http/examples/analyses.ts";
import { nestsTooDeep, parseJsonField, TOO_DEEP_MESSAGE } from "../http/jsonText.ts";
import { dummyOrganisationOf, dummyOrgQueryField } from "../http/middleware/dummyReadOnly.ts";
import { customerScope, requireStaff } from "../http/middleware/guards.ts";
import { describe } from "../http/openapi/declare.ts";
import { keyset, type PageRequest, pageOf, pageQuery } from "../http/pagination.ts";
import { findOrganisation } from "../organisations/present.ts";
import { filterErrors, filterRefusal } from "./filterRefusal.ts";
import { parseFilters, requestFilters } from "./filters.ts";
import { audienceOf, organisationYearsOf, yearsFor } from "./organisationInputs.ts";
import { pluginRegistry } from "./registry.ts";

/** The provider's own value: the username of queries staff save (a building icon in the menu). */
export const PROVIDER_USERNAME = "AHI";
export const TITLE_MAX = 21;

type SavedQueryRow = typeof savedQueries.$inferSelect;

const organisationId = z.uuid("must be an organisation id (UUID)");
const queryId = z.uuid("must be a saved query id (UUID)");

/** 1 to 10, or the analysis name ('querie3'). */
const querieNumber = z.preprocess(
  (value: number | string) => {
    if (typeof value !== "string") return value;
    const match = /^(?:querie)?(\d{1,2})$/.exec(value.trim());
    return match ? Number(match[1]) : value;
  },
  z
    .number({ error: "must be an analysis number from 1 to 99" })
    .int("must be an analysis number from 1 to 99")
    .min(1, "must be an analysis number from 1 to 99")
    .max(99, "must be an analysis number from 1 to 99"),
);

/** Yes/No as the save dialog offers it, or a boolean. */
const yesNo = z.preprocess(
  (value: boolean | "Yes" | "No") => (value === "Yes" ? true : value === "No" ? false : value),
  z.boolean({ error: "must be true or false (Yes or No)" }),
);

/** Filters come as an object, or as its JSON text (the original client sent them as text). */
const filtersObject = z.preprocess((value: z.input<typeof requestFilters> | string, context) => {
  if (typeof value !== "string") return value;
  if (nestsTooDeep(value)) {
    context.addIssue({ code: "custom", message: TOO_DEEP_MESSAGE });
    return z.NEVER;
  }
  return parseJsonField(value, "filters") ?? value;
}, requestFilters);

export const saveBody = z.strictObject({
  title: singleLine(
    z
      .string({ error: textFieldError(REQUIRED_MESSAGE) })
      .trim()
      .min(1, "Please fill out this field")
      .max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`),
  ),
  description: z.string().trim().max(1000, "must be at most 1000 characters").default(""),
  accessible: yesNo.default(true),
  filters: filtersObject.default({}),
  querie: querieNumber,
  organization_id: organisationId.optional(),
  /** Dummy mode sends the provider's own value; the server sets it for staff and ignores it otherwise. */
  from: z.string().max(100).optional(),
});

export const actionBody = z.strictObject({
  action: z.enum(["SHARE", "DELETE"], { error: "must be SHARE or DELETE" }),
  querie: queryId,
  organization_id: organisationId.optional(),
  /** SHARE sets this value when given; without it SHARE toggles. */
  accessible: yesNo.optional(),
});

/** What POST /save reads first: `action` present picks actionBody, else saveBody (both documented). */
export const savedQueryRequest = z.record(z.string(), z.unknown(), { error: "must be a JSON object" });

/** Who is asking, as saved queries record their owner. */
interface Caller {
  session: Session;
  email: string;
  isSuperUser: boolean;
}

const callerOf = (session: Session): Caller =>
  session.kind === "client"
    ? { session, email: session.user.email, isSuperUser: false }
    : { session, email: session.staff.email, isSuperUser: session.staff.isSuperUser };

/** The owner is the account with the same e-mail and of the same kind (customer user or staff). */
function isOwner(row: SavedQueryRow, caller: Caller) {
  const sameKind = caller.session.kind === "client" ? row.ownerUserId !== null : row.ownerStaffId !== null;
  return sameKind && row.ownerEmail.toLowerCase() === caller.email.toLowerCase();
}

/**
 * A query as the screens show it. `ownerName` is the owner's name as it is now (a customer user may
 * have renamed itself since saving); staff-saved queries keep the provider's own value, 'AHI'.
 */
export function savedQueryView(row: SavedQueryRow, caller?: Caller, ownerName?: string | null) {
  const owner = caller ? isOwner(row, caller) : false;
  return {
    id: row.id,
    name: row.name,
    querie: row.querie,
    title: row.title,
    description: row.description,
    accessible: row.accessible,
    username: row.ownerUserId !== null && ownerName ? ownerName : row.username,
    email: row.ownerEmail,
    /** Saved by the provider's staff (the building icon); the username then reads 'AHI'. */
    from_provider: row.ownerStaffId !== null,
    filters: row.filters,
    organization_id: row.organisationId,
    created_at: row.createdAt.toISOString(),
    is_owner: owner,
    can_delete: owner || (caller?.isSuperUser ?? false),
  };
}

/** Saved views a page holds when the caller names no `limit`: what the menu and the Profile show. */
export const SAVED_VIEWS_PAGE = 50;
const savedViewsPage = pageQuery(SAVED_VIEWS_PAGE);
// Staff in the dummy view name the organisation with ?org_id= (customerScope).
const ownSavedViewsPage = savedViewsPage.extend({ org_id: dummyOrgQueryField });

/** Oldest first; the id orders views saved in the same microsecond. */
const savedViewOrder = keyset([
  { column: savedQueries.createdAt, type: "timestamptz" },
  { column: savedQueries.id, type: "uuid" },
]);

/**
 * One page of the saved views the caller sees in the organisation (its own and the shared ones, in
 * one order), split as the answer has them; a page's `next_cursor` goes on in the same order.
 */
export async function queriesOf(
  db: Db,
  organisation: string,
  caller: Caller,
  page: PageRequest = { limit: SAVED_VIEWS_PAGE },
) {
  const ownColumn =
    caller.session.kind === "client"
      ? eq(savedQueries.ownerUserId, caller.session.user.id)
      : eq(savedQueries.ownerStaffId, caller.session.staff.id);
  const read = await db
    .select({ query: savedQueries, ownerName: customerUsers.username, pageKey: savedViewOrder.pageKey })
    .from(savedQueries)
    .leftJoin(customerUsers, eq(customerUsers.id, savedQueries.ownerUserId))
    .where(
      and(
        eq(savedQueries.organisationId, organisation),
        or(ownColumn, eq(savedQueries.accessible, true)),
        savedViewOrder.after(page.cursor),
      ),
    )
    .orderBy(...savedViewOrder.orderBy)
    .limit(page.limit + 1);
  const { rows, nextCursor } = pageOf(read, page.limit);
  const view = ({ query, ownerName }: (typeof rows)[number]) => savedQueryView(query, caller, ownerName);
  return {
    user_queries: rows.filter((row) => isOwner(row.query, caller)).map(view),
    colab_queries: rows.filter((row) => !isOwner(row.query, caller)).map(view),
    next_cursor: nextCursor,
  };
}

/**
 * The organisation a save or an action acts on. A customer: its own (naming another is refused).
 * Staff: the organisation viewed in dummy mode, or named by organization_id (both must agree).
 */
async function organisationFor(c: Context<AppEnv>, named: string | undefined): Promise<string> {
  const session = c.var.session;
  if (!session) throw invalidToken();
  if (session.kind === "client") {
    if (named && named !== session.organisation.id) {
      throw forbidden("You can only manage your own organisation's queries.");
    }
    return session.organisation.id;
  }
  const viewed = dummyOrganisationOf(c);
  const dummy = viewed === undefined ? undefined : parseParam(organisationId, viewed, "org_id");
  if (dummy && named && dummy !== named) {
    throw fieldRefusal("organization_id", "must be the organisation viewed in dummy mode");
  }
  const id = dummy ?? named;
  if (!id)
    throw new HttpError(400, "organization_id: is required for staff", [
      { field: "organization_id", message: "is required for staff" },
    ]);
  if (!(await findOrganisation(c.var.app.database.db, id))) throw notFound("Organisation not found.");
  return id;
}

/** Validates the filters with the analysis' own schema, the organisation's last year as default. */
async function savedFilters(c: Context<AppEnv>, organisation: string, pluginId: string, raw: unknown) {
  const plugin = (await pluginRegistry()).get(pluginId);
  if (!plugin) throw fieldRefusal("querie", `there is no analysis ${pluginId}`);
  const years = await organisationYearsOf(c.var.app.database.db, c.var.app.config.dataDir, organisation);
  // The years the caller may read (a customer: the enabled ones), as the run route holds them.
  const open = yearsFor(years, audienceOf(c.var.session!));
  const parsed = parseFilters(plugin.filters, { year: open.at(-1) }, raw);
  if (!parsed.success) throw filterRefusal(filterErrors(parsed.error));
  if (!open.includes(parsed.data.year)) {
    const message = `no data for ${parsed.data.year} (available years: ${open.join(", ") || "none"})`;
    const code = years.availableYears.includes(parsed.data.year) ? "year_not_enabled" : "no_data";
    throw filterRefusal([{ field: "filters.year", message }], code);
  }
  return parsed.data;
}

async function save(c: Context<AppEnv>, raw: unknown) {
  const body = parseWith(saveBody, raw);
  const session = c.var.session!;
  if (session.kind === "admin" && session.staff.role === "agent") {
    throw forbidden("Agents cannot save custom queries.");
  }
  const organisation = await organisationFor(c, body.organization_id);
  const pluginId = `querie${body.querie}`;
  const filters = await savedFilters(c, organisation, pluginId, body.filters);
  const [row] = await c.var.app.database.db
    .insert(savedQueries)
    .values({
      organisationId: organisation,
      ownerUserId: session.kind === "client" ? session.user.id : null,
      ownerStaffId: session.kind === "admin" ? session.staff.id : null,
      username: session.kind === "client" ? session.user.username : PROVIDER_USERNAME,
      ownerEmail: session.kind === "client" ? session.user.email : session.staff.email,
      name: pluginId,
      querie: body.querie,
      title: body.title,
      description: body.description,
      accessible: body.accessible,
      filters: { ...filters },
    })
    .returning();
  return { status: 200, res: savedQueryView(row!, callerOf(session)) };
}

async function act(c: Context<AppEnv>, raw: unknown) {
  const body = parseWith(actionBody, raw);
  const caller = callerOf(c.var.session!);
  const organisation = await organisationFor(c, body.organization_id);
  const { db } = c.var.app.database;
  const [row] = await db
    .select()
    .from(savedQueries)
    .where(and(eq(savedQueries.id, body.querie), eq(savedQueries.organisationId, organisation)));
  // Another organisation's query, or a colleague's private one, does not exist for the caller (a
  // super user, who may delete any query, reaches private ones too).
  if (!row || (!row.accessible && !isOwner(row, caller) && !caller.isSuperUser)) {
    throw notFound("Saved query not found.");
  }
  if (!isOwner(row, caller) && !caller.isSuperUser) {
    throw forbidden(
      body.action === "DELETE"
        ? "Only the query's owner or a super user can delete it."
        : "Only the query's owner or a super user can share or unshare it.",
    );
  }
  if (body.action === "DELETE") {
    await db.delete(savedQueries).where(eq(savedQueries.id, row.id));
    return { status: 200, deleted: row.id, ...(await queriesOf(db, organisation, caller)) };
  }
  const [updated] = await db
    .update(savedQueries)
    .set({ accessible: body.accessible ?? !row.accessible })
    .where(eq(savedQueries.id, row.id))
    .returning();
  return {
    status: 200,
    res: savedQueryView(updated!, caller),
    ...(await queriesOf(db, organisation, caller)),
  };
}

export const savedQueriesRoutes = new Hono<AppEnv>()
  // The caller's queries and the shared ones of its organisation (staff: of the dummy organisation).
  .get(
    "/save",
    customerScope(),
    describe({
      summary: "The saved analyses the caller may see in its organisation, a page at a time, oldest first.",
      tags: ["Analyses: saved"],
      query: ownSavedViewsPage,
      answer: {
        description:
          "A page of the caller's own saved queries and its colleagues' shared ones (one order, split in two), and the next page's cursor.",
        schema: savedQueriesAnswer,
        example: savedViewsExample,
      },
    }),
    async (c) => {
      const { org_id: _viewed, ...page } = readQuery(c, ownSavedViewsPage);
      const { organisationId: organisation, session } = c.var.scope;
      return c.json({
        status: 200,
        ...(await queriesOf(c.var.app.database.db, organisation, callerOf(session), page)),
      });
    },
  )
  // Save a view; or, with action, share/unshare or delete one.
  .post(
    "/save",
    describe({
      idempotent: true,
      summary:
        "Save a view of an analysis (title, filters); or, with `action`, share/unshare or delete a saved one.",
      tags: ["Analyses: saved"],
      body: savedQueryRequest,
      documentedBody: z.union([saveBody, actionBody]),
      bodyExample: { querie: 3, title: "Knee, 2024", description: "", filters: { year: 2024 } },
      answer: {
        description:
          "Saved: `res`, the saved query. Shared or unshared: `res` and the lists. Deleted: `deleted` (its id) and the lists.",
        schema: savedQueryActionAnswer,
        example: { status: 200, res: savedViewExample },
      },
    }),
    async (c) => {
      if (!c.var.session) throw invalidToken();
      const raw = await readJson(c, savedQueryRequest);
      return c.json(await ("action" in raw ? act(c, raw) : save(c, raw)));
    },
  )
  // Staff: an organisation's queries as staff see them (their own for it, and its shared ones).
  .get(
    "/adminsave/:orgid",
    requireStaff(),
    describe({
      summary: "An organisation's saved analyses, for staff, a page at a time, oldest first.",
      tags: ["Analyses: saved"],
      query: savedViewsPage,
      answer: {
        description:
          "A page of the organisation's saved queries, as staff see them, and the next page's cursor.",
        schema: savedQueriesAnswer,
        example: savedViewsExample,
      },
    }),
    async (c) => {
      const organisation = parseParam(organisationId, c.req.param("orgid"), "orgid");
      const page = readQuery(c, savedViewsPage);
      const { db } = c.var.app.database;
      if (!(await findOrganisation(db, organisation))) throw notFound("Organisation not found.");
      return c.json({
        status: 200,
        ...(await queriesOf(db, organisation, callerOf(c.var.session!), page)),
      });
    },
  );

/**
 * The saved query a run names (POST /api/management/queries/{id}): only within the scope's
 * organisation, and only the caller's own or a shared one; anything else is 404.
 */
export async function savedQueryForRun(db: Db, scope: OrganisationScope, id: string) {
  const parsed = queryId.safeParse(id);
  if (!parsed.success) throw notFound("Saved query not found.");
  const [found] = await db
    .select({ row: savedQueries, ownerName: customerUsers.username })
    .from(savedQueries)
    .leftJoin(customerUsers, eq(customerUsers.id, savedQueries.ownerUserId))
    .where(and(eq(savedQueries.id, parsed.data), eq(savedQueries.organisationId, scope.organisationId)));
  const caller = callerOf(scope.session);
  const row = found?.row;
  if (!row || (!row.accessible && !isOwner(row, caller))) throw notFound("Saved query not found.");
  return { pluginId: row.name, filters: row.filters, view: savedQueryView(row, caller, found.ownerName) };
}

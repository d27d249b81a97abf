import { Hono } from "hono";
import { revokeSession } from "../auth/sessions.ts";
import type { AppEnv } from "../context.ts";
import { formDefinitions } from "../forms/index.ts";
import { statusDetailAnswer } from "../http/answers/common.ts";
import { customerDetailAnswer } from "../http/answers/customer.ts";
import { adminDetailAnswer } from "../http/answers/staff.ts";
import { notFound } from "../http/errors.ts";
import { staffDetailExample } from "../http/examples/people.ts";
import { customerDetailExample } from "../http/examples/practice.ts";
import { customerScope, requireStaff } from "../http/middleware/guards.ts";
import { clearSessionCookie } from "../http/middleware/session.ts";
import { describe } from "../http/openapi/declare.ts";
import { storedItemsOf } from "../live/notifications.ts";
import { findOrganisation, organisationView, userView } from "../organisations/present.ts";
import { adminDetail } from "../staff/present.ts";

/** GET /api/management/customer/detail/: the client session check (and dummy mode's view of an org). */
export const customerDetail = new Hono<AppEnv>().get(
  "/",
  customerScope(),
  describe({
    summary:
      "The customer's session check: profile, organisation and forms (staff in dummy mode see the organisation they view).",
    tags: ["Customer: account"],
    answer: {
      description:
        "The signed-in user (or, in dummy mode, the staff member), the organisation and the forms.",
      schema: customerDetailAnswer,
      example: customerDetailExample,
    },
  }),
  async (c) => {
    const { db } = c.var.app.database;
    const scope = c.var.scope;
    const organisation =
      scope.session.kind === "client"
        ? scope.session.organisation
        : await findOrganisation(db, scope.organisationId);
    if (!organisation) throw notFound("Organisation not found.");
    const profile =
      scope.session.kind === "client"
        ? {
            ...userView(scope.session.user),
            ...(await storedItemsOf(c.var.app, { customerUserId: scope.session.user.id })),
          }
        : {
            username: scope.session.staff.username,
            email: scope.session.staff.email,
            is_staff: false,
            channel_id: scope.session.staff.channelId,
            // Dummy mode: the staff member's own items stay in the back office's bell.
            notifications: [],
            background_tasks: [],
          };
    return c.json({
      status: 200,
      profile,
      kind: "client",
      logged: true,
      dummy: scope.dummy,
      organization: await organisationView(db, organisation),
      file_upload_path: "/api/management/customer/file/",
      forms: formDefinitions(),
    });
  },
);

/** GET /api/management/admin/detail/: the staff session check. */
export const staffDetail = new Hono<AppEnv>().get(
  "/",
  requireStaff(),
  describe({
    summary: "The staff session check: profile, role, agents and the site's settings.",
    tags: ["Back office: account"],
    answer: {
      description:
        "The staff member's profile with its stored notifications and tasks, the agents, the forms.",
      schema: adminDetailAnswer,
      example: staffDetailExample,
    },
  }),
  async (c) => {
    const session = c.var.session;
    if (session?.kind !== "admin") throw notFound();
    const detail = await adminDetail(c.var.app.database.db, session.staff);
    const stored = await storedItemsOf(c.var.app, { staffAccountId: session.staff.id });
    return c.json({ ...detail, profile: { ...detail.profile, ...stored } });
  },
);

/**
 * POST /api/admin/logout/: revokes the session on the server and clears the cookie. A POST, so it
 * carries the CSRF token like every other write (a GET could be fired by any page's <img>); the old
 * GET answers 405 with `Allow: POST`.
 */
export const logout = new Hono<AppEnv>().post(
  "/",
  describe({
    summary: "Sign out: ends the session on the server and clears its cookie.",
    tags: ["Sign-in"],
    answer: {
      description: "The session ended.",
      schema: statusDetailAnswer,
      example: { status: 200, detail: "Signed out." },
    },
  }),
  async (c) => {
    const session = c.var.session;
    if (session) await revokeSession(c.var.app, session.id, c.var.app.clock.now());
    clearSessionCookie(c);
    return c.json({ status: 200, detail: "Signed out." });
  },
);

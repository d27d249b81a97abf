import { and, eq, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { sessionsChanged } from "../../auth/sessions.ts";
import type { AppEnv } from "../../context.ts";
import { staffAccounts } from "../../db/schema/index.ts";
import { PICTURE_MESSAGES, PICTURE_WORDS } from "../../forms/picture.ts";
import { staffProfileData } from "../../forms/staffProfile.ts";
import { organisationAnswer } from "../../http/answers/customer.ts";
import { staffProfileAnswer } from "../../http/answers/staff.ts";
import { readJson } from "../../http/body.ts";
import { HttpError, invalidToken, notFound } from "../../http/errors.ts";
import { staffProfileAnswerExample } from "../../http/examples/people.ts";
import { organisationAnswerExample } from "../../http/examples/practice.ts";
import { openDummyViewBodyExample, staffProfileFormExample } from "../../http/examples/requestBodies.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { findOrganisation, organisationView } from "../../organisations/present.ts";
import { removePicture, storePicture } from "../../pictures/pictureStore.ts";
import { withJsonField, withPictureForm } from "../../pictures/receivePicture.ts";
import { staffProfile } from "../../staff/present.ts";
import { misplacedParts, parseForm } from "../uploads/multipart.ts";

/** The staff profile form's text fields (user_data as JSON text); the picture is its file, `image`. */
const staffProfileForm = z.strictObject({
  user_data: staffProfileData.optional().meta({ description: "JSON text: {username, email}" }),
});

const taken = (field: "username" | "email") => {
  const message = `An account with this ${field} already exists.`;
  return new HttpError(400, `user_data.${field}: ${message}`, [{ field: `user_data.${field}`, message }]);
};

/**
 * POST /api/management/admin/update/: the signed-in staff member (site admin or agent) edits its own
 * picture and name (multipart: the file `image`, and `user_data` as JSON text {username, email});
 * answers `user` with picture and username. Same picture rules as the customers' (server/pictures/).
 */
export const staffProfileRoutes = new Hono<AppEnv>().post(
  "/",
  requireStaff(),
  describe({
    summary: "A staff member changes its own name, e-mail and picture.",
    tags: ["Back office: account"],
    form: {
      media: "multipart/form-data",
      schema: staffProfileForm.extend({
        image: z.file().optional().meta({ description: PICTURE_WORDS }),
      }),
      encoding: { user_data: { contentType: "application/json" } },
      example: staffProfileFormExample,
    },
    answer: {
      description: "The changed profile (twice: `user` and `profile`).",
      schema: staffProfileAnswer,
      example: staffProfileAnswerExample,
    },
    refusals: {
      413: "The picture is larger than 2 MB.",
      415: "The body is not `multipart/form-data`.",
    },
  }),
  async (c) => {
    const session = c.var.session;
    if (session?.kind !== "admin") throw invalidToken();
    const { dataDir } = c.var.app.config;
    return withPictureForm(c, "image", async ({ fields, file, misplaced }) => {
      const parsed = parseForm(
        staffProfileForm,
        withJsonField(fields, "user_data"),
        misplacedParts(misplaced, staffProfileForm),
      );
      const { username, email } = parsed.user_data ?? {};
      if (username === undefined && email === undefined && !file) {
        throw new HttpError(400, `image: ${PICTURE_MESSAGES.missing}`, [
          { field: "image", message: PICTURE_MESSAGES.missing },
        ]);
      }
      const { db } = c.var.app.database;
      const self = session.staff.id;
      if (username !== undefined) {
        const [other] = await db
          .select({ id: staffAccounts.id })
          .from(staffAccounts)
          .where(
            and(
              sql`lower(${staffAccounts.username}) = ${username.toLowerCase()}`,
              ne(staffAccounts.id, self),
            ),
          );
        if (other) throw taken("username");
      }
      if (email !== undefined) {
        const [other] = await db
          .select({ id: staffAccounts.id })
          .from(staffAccounts)
          .where(and(sql`lower(${staffAccounts.email}) = ${email}`, ne(staffAccounts.id, self)));
        if (other) throw taken("email");
      }
      const picture = file ? await storePicture(dataDir, file, "image") : undefined;
      const [staff] = await db
        .update(staffAccounts)
        .set({ username, email, picture, updatedAt: c.var.app.clock.now() })
        .where(eq(staffAccounts.id, self))
        .returning();
      if (!staff) throw notFound("Account not found.");
      if (picture) removePicture(dataDir, session.staff.picture);
      await sessionsChanged(c.var.app, { staffAccountId: self });
      const profile = staffProfile(staff);
      return c.json({ status: 200, user: profile, profile });
    });
  },
);

export const fakeOrgBody = z.strictObject({
  org_id: z.uuid({ message: "must be an organisation id (UUID)" }),
});

/**
 * POST /api/management/admin/fake-org/ {org_id}: the organisation a staff member opens in the dummy
 * (view-as-customer) mode, as the customer area reads it; staff only (agents too: the dummy view is
 * read-only). The dummy layout loads it first: an unknown organisation is a 404 there.
 */
export const fakeOrgRoutes = new Hono<AppEnv>().post(
  "/",
  requireStaff(),
  describe({
    summary:
      "Open an organisation in the dummy (view-as-customer) mode: the organisation as the customer area reads it.",
    tags: ["Back office: account"],
    body: fakeOrgBody,
    bodyExample: openDummyViewBodyExample,
    answer: {
      description: "The organisation as the customer area reads it.",
      schema: organisationAnswer,
      example: organisationAnswerExample,
    },
  }),
  async (c) => {
    const { org_id } = await readJson(c, fakeOrgBody);
    const { db } = c.var.app.database;
    const organisation = await findOrganisation(db, org_id);
    if (!organisation) throw notFound("Organisation not found.");
    return c.json({ status: 200, organization: await organisationView(db, organisation) });
  },
);

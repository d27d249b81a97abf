import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { sessionsChanged } from "../../auth/sessions.ts";
import type { AppEnv } from "../../context.ts";
import { customerUsers, organisations } from "../../db/schema/index.ts";
import { PICTURE_MESSAGES, PICTURE_WORDS } from "../../forms/picture.ts";
import { username } from "../../forms/userFields.ts";
import { organisationManagedBy } from "../../http/actor.ts";
import { logoAnswer, ownProfileAnswer } from "../../http/answers/customer.ts";
import { forbidden, HttpError, invalidToken, notFound } from "../../http/errors.ts";
import { userAnswerExample } from "../../http/examples/people.ts";
import { logoFormExample, ownProfileFormExample } from "../../http/examples/requestBodies.ts";
import { describe } from "../../http/openapi/declare.ts";
import { findOrganisation, userView } from "../../organisations/present.ts";
import { removePicture, storePicture } from "../../pictures/pictureStore.ts";
import { withJsonField, withPictureForm } from "../../pictures/receivePicture.ts";
import { misplacedParts, parseForm } from "../uploads/multipart.ts";

export const userData = z.strictObject({ username: username.optional() });

/** The profile form's text fields (user_data as JSON text); the picture is its file. */
const profileForm = z.strictObject({
  user_data: userData.optional().meta({ description: "JSON text: {username}" }),
});

const logoForm = z.strictObject({
  organization: z.uuid({ message: "must be an organisation id (UUID)" }).optional(),
});

const PICTURE = z.file().meta({ description: PICTURE_WORDS });

/** user_data is JSON text in the multipart body. */
const USER_DATA_ENCODING = { user_data: { contentType: "application/json" } };

/**
 * POST /api/management/customer/update/: a customer user edits its own name and picture (multipart:
 * `user_data` as JSON text {username}, and the file `picture`). A user blocked meanwhile is refused
 * with `user.blocked` (the web then signs it out); nothing is written.
 *
 * POST /api/management/customer/organization-update/: the organisation's logo (multipart: `image`,
 * `organization`), by its admin (is_staff) or a staff site admin; answers `logo`.
 */
export const customerProfileRoutes = new Hono<AppEnv>().post(
  "/",
  describe({
    summary: "A customer user changes its own name and picture.",
    tags: ["Customer: account"],
    form: {
      media: "multipart/form-data",
      schema: profileForm.extend({ picture: PICTURE.optional() }),
      encoding: USER_DATA_ENCODING,
      example: ownProfileFormExample,
    },
    answer: {
      description: "The user after the change.",
      schema: ownProfileAnswer,
      example: userAnswerExample,
    },
    refusals: {
      413: "The picture is larger than 2 MB.",
      415: "The body is not `multipart/form-data`.",
    },
  }),
  async (c) => {
    const session = c.var.session;
    if (!session) throw invalidToken();
    if (session.kind !== "client")
      throw forbidden("Staff edit their own profile at /api/management/admin/update/.");
    const { dataDir } = c.var.app.config;
    return withPictureForm(c, "picture", async ({ fields, file, misplaced }) => {
      const parsed = parseForm(
        profileForm,
        withJsonField(fields, "user_data"),
        misplacedParts(misplaced, profileForm),
      );
      const name = parsed.user_data?.username;
      if (name === undefined && !file)
        throw new HttpError(400, `picture: ${PICTURE_MESSAGES.missing}`, [
          { field: "picture", message: PICTURE_MESSAGES.missing },
        ]);
      const picture = file ? await storePicture(dataDir, file, "picture") : undefined;
      const { db } = c.var.app.database;
      const previous = session.user.picture;
      // The blocked flag is read in the same statement that writes: a user blocked a moment ago
      // (its session still cached for a few seconds) changes nothing.
      const [user] = await db
        .update(customerUsers)
        .set({ username: name, picture, updatedAt: c.var.app.clock.now() })
        .where(and(eq(customerUsers.id, session.user.id), eq(customerUsers.blocked, false)))
        .returning();
      if (!user) {
        removePicture(dataDir, picture);
        return c.json(
          {
            status: 403,
            code: "account_blocked",
            detail: "Your account is blocked.",
            user: { blocked: true },
          },
          403,
        );
      }
      if (picture) removePicture(dataDir, previous);
      await sessionsChanged(c.var.app, { customerUserId: user.id });
      return c.json({ status: 200, user: userView(user) });
    });
  },
);

export const organisationLogoRoutes = new Hono<AppEnv>().post(
  "/",
  describe({
    summary: "The organisation's logo (its admin, or a staff site admin naming `organization`).",
    tags: ["Customer: account"],
    form: {
      media: "multipart/form-data",
      schema: logoForm.extend({ image: PICTURE }),
      example: logoFormExample,
    },
    answer: {
      description: "The logo's URL.",
      schema: logoAnswer,
      example: { status: 200, logo: "/api/pictures/logo-0c9a4f5e.webp" },
    },
    refusals: {
      413: "The picture is larger than 2 MB.",
      415: "The body is not `multipart/form-data`.",
    },
  }),
  async (c) => {
    const session = c.var.session;
    if (!session) throw invalidToken();
    // Cleared before the body is read: assistants and agents are refused without receiving a file.
    if (session.kind === "client") organisationManagedBy(c, undefined);
    else if (session.staff.role !== "site_admin") throw forbidden("Agents cannot do this.");
    const { dataDir } = c.var.app.config;
    return withPictureForm(c, "image", async ({ fields, file, misplaced }) => {
      const form = parseForm(logoForm, fields, misplacedParts(misplaced, logoForm));
      const organisationId = organisationManagedBy(c, form.organization);
      const { db } = c.var.app.database;
      const organisation = await findOrganisation(db, organisationId);
      if (!organisation) throw notFound("Organisation not found.");
      if (!file)
        throw new HttpError(400, `image: ${PICTURE_MESSAGES.missing}`, [
          { field: "image", message: PICTURE_MESSAGES.missing },
        ]);
      const logo = await storePicture(dataDir, file, "image");
      await db
        .update(organisations)
        .set({ logo, updatedAt: c.var.app.clock.now() })
        .where(eq(organisations.id, organisationId));
      removePicture(dataDir, organisation.logo);
      await sessionsChanged(c.var.app, { organisationId });
      return c.json({ status: 200, logo });
    });
  },
);

import { count, eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { noteAudit } from "../../audit/pending.ts";
import { auditedTransaction } from "../../audit/recordWrites.ts";
import { hit, RATE_RULES } from "../../auth/rateLimit.ts";
import { revokeUserSessions, sessionsChanged } from "../../auth/sessions.ts";
import type { AppEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { customerUsers, organisations } from "../../db/schema/index.ts";
import { MAX_USERS_PER_ORGANISATION, userEmail, username, userStatus } from "../../forms/userFields.ts";
import { organisationManagedBy } from "../../http/actor.ts";
import { userAnswer } from "../../http/answers/customer.ts";
import { readJson } from "../../http/body.ts";
import { forbidden, HttpError, notFound } from "../../http/errors.ts";
import { userAnswerExample } from "../../http/examples/people.ts";
import { changeUserBodyExample, removeUserBodyExample } from "../../http/examples/requestBodies.ts";
import { describe } from "../../http/openapi/declare.ts";
import { userView } from "../../organisations/present.ts";

export { MAX_USERS_PER_ORGANISATION };

export const addUser = z.strictObject({
  user_data: z.strictObject({
    username,
    email: userEmail,
    status: userStatus.optional(),
    organization_id: z.uuid().optional(),
  }),
});

export const updateUser = z.strictObject({
  user_data: z.strictObject({
    id: z.uuid(),
    username: username.optional(),
    status: userStatus.optional(),
    blocked: z.boolean().optional(),
  }),
});

export const removeUser = z.strictObject({ user_id: z.uuid() });

type CustomerUser = typeof customerUsers.$inferSelect;

/**
 * The user a PATCH or DELETE names, if the caller may manage it. A user of another organisation is
 * "not found" to a customer, so ids cannot be probed across tenants.
 */
async function managedUser(c: Context<AppEnv>, id: string): Promise<CustomerUser> {
  const [target] = await c.var.app.database.db.select().from(customerUsers).where(eq(customerUsers.id, id));
  const session = c.var.session;
  if (!target || (session?.kind === "client" && target.organisationId !== session.organisation.id)) {
    throw notFound("User not found.");
  }
  organisationManagedBy(c, target.organisationId);
  return target;
}

const isSelf = (c: Context<AppEnv>, user: CustomerUser) =>
  c.var.session?.kind === "client" && c.var.session.user.id === user.id;

/**
 * Counts, checks and inserts with the organisation's row locked (SELECT ... FOR UPDATE), so adds
 * sent at once are taken one after the other: the user limit and the single first admin hold. The
 * address's unique index settles two organisations adding one address at once.
 */
async function addUserOnce(
  db: Db,
  organisationId: string,
  userData: z.infer<typeof addUser>["user_data"],
  askedBy: "customer" | "staff",
) {
  try {
    return await auditedTransaction(db, async (tx) => {
      const [organisation] = await tx
        .select({ initialized: organisations.initialized })
        .from(organisations)
        .where(eq(organisations.id, organisationId))
        .for("update");
      if (!organisation) throw notFound("Organisation not found.");
      const [existing] = await tx
        .select({ n: count() })
        .from(customerUsers)
        .where(eq(customerUsers.organisationId, organisationId));
      const users = existing?.n ?? 0;
      // The first user can always be created (someone must sign in); later ones once the org is initialized.
      if (users >= MAX_USERS_PER_ORGANISATION) {
        throw new HttpError(400, `An organisation has at most ${MAX_USERS_PER_ORGANISATION} users.`).withCode(
          "limit_reached",
        );
      }
      if (users > 0 && !organisation.initialized) {
        throw new HttpError(400, "Users can be added once the organisation is initialized.").withCode(
          "not_ready",
        );
      }
      const [taken] = await tx
        .select({ organisationId: customerUsers.organisationId })
        .from(customerUsers)
        .where(sql`lower(${customerUsers.email}) = lower(${userData.email})`);
      if (taken) throw emailTaken(askedBy, taken.organisationId === organisationId);
      const [user] = await tx
        .insert(customerUsers)
        .values({
          organisationId,
          username: userData.username,
          email: userData.email,
          isStaff: users === 0 ? true : userData.status === "admin",
        })
        .returning();
      noteAudit({ organisationId, targetId: user!.id, after: userView(user!) });
      return user!;
    });
  } catch (error) {
    // Two organisations adding one address at once: the other one won.
    if (isUniqueViolation(error, "customer_users_email_unique")) throw emailTaken(askedBy, false);
    throw error;
  }
}

/**
 * A customer must not learn who else is a Vitality customer: an address of another organisation
 * is refused without saying it has an account there (staff, who see every organisation, are told).
 */
export const ADDRESS_IN_USE = {
  staff: "this address already has an account",
  ownOrganisation: "this address is already one of your organisation's users",
  elsewhere: "this address cannot be added; Vitality support can help",
};

function emailTaken(askedBy: "customer" | "staff", ownOrganisation: boolean) {
  const message =
    askedBy === "staff"
      ? ADDRESS_IN_USE.staff
      : ownOrganisation
        ? ADDRESS_IN_USE.ownOrganisation
        : ADDRESS_IN_USE.elsewhere;
  return new HttpError(400, `email: ${message}`, [{ field: "email", message }]);
}

/** POST, PATCH, DELETE /api/management/customer/detail/: the Users table of an organisation. */
export const customerUsersRoutes = new Hono<AppEnv>()
  .post(
    "/",
    describe({
      idempotent: true,
      summary: "Add a user to the organisation (its admin; staff name organization_id).",
      tags: ["Customer: users"],
      body: addUser,
      bodyExample: {
        user_data: { username: "Jane Doe", email: "jane.doe@practice.example", status: "assistant" },
      },
      answer: { description: "The new user.", schema: userAnswer, example: userAnswerExample },
      refusals: {
        429: "A customer admin tried more than 20 addresses this hour for the organisation (`rate_limited`).",
      },
    }),
    async (c) => {
      const { user_data } = await readJson(c, addUser);
      const organisationId = organisationManagedBy(c, user_data.organization_id);
      const { db } = c.var.app.database;
      const askedBy = c.var.session?.kind === "client" ? "customer" : "staff";
      if (askedBy === "customer") {
        // Each try costs one of a few an hour, so addresses cannot be tried one after another.
        await hit(db, RATE_RULES.userAddsPerOrganisation, organisationId, c.var.app.clock.now());
      }
      const user = await addUserOnce(db, organisationId, user_data, askedBy);
      return c.json({ status: 200, user: userView(user!) });
    },
  )
  .patch(
    "/",
    describe({
      summary: "Change a user of the organisation: name, e-mail, role, blocked.",
      tags: ["Customer: users"],
      body: updateUser,
      bodyExample: changeUserBodyExample,
      answer: { description: "The changed user.", schema: userAnswer, example: userAnswerExample },
    }),
    async (c) => {
      const { user_data } = await readJson(c, updateUser);
      const { db } = c.var.app.database;
      const target = await managedUser(c, user_data.id);
      if (isSelf(c, target) && (user_data.blocked || user_data.status === "assistant")) {
        throw forbidden("You cannot block or demote yourself.");
      }
      const user = await auditedTransaction(db, async (tx) => {
        const [changed] = await tx
          .update(customerUsers)
          .set({
            username: user_data.username,
            isStaff: user_data.status === undefined ? undefined : user_data.status === "admin",
            blocked: user_data.blocked,
          })
          .where(eq(customerUsers.id, target.id))
          .returning();
        noteAudit({
          organisationId: target.organisationId,
          targetId: target.id,
          before: userView(target),
          after: userView(changed!),
        });
        return changed;
      });
      if (user_data.blocked) await revokeUserSessions(c.var.app, target.id, c.var.app.clock.now());
      else await sessionsChanged(c.var.app, { customerUserId: target.id });
      return c.json({ status: 200, user: userView(user!) });
    },
  )
  .delete(
    "/",
    describe({
      summary: "Remove a user of the organisation.",
      tags: ["Customer: users"],
      body: removeUser,
      bodyExample: removeUserBodyExample,
      answer: { description: "The removed user.", schema: userAnswer, example: userAnswerExample },
    }),
    async (c) => {
      const { user_id } = await readJson(c, removeUser);
      const { db } = c.var.app.database;
      const target = await managedUser(c, user_id);
      if (isSelf(c, target)) throw forbidden("You cannot delete yourself.");
      noteAudit({
        organisationId: target.organisationId,
        targetId: target.id,
        before: userView(target),
        after: null,
      });
      await auditedTransaction(db, (tx) => tx.delete(customerUsers).where(eq(customerUsers.id, target.id)));
      await sessionsChanged(c.var.app, { customerUserId: target.id });
      // The spec's answer is `user`: the one removed (the screens reload the organisation's list).
      return c.json({ status: 200, user: userView(target) });
    },
  );

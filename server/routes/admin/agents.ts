import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { hashPassword } from "../../auth/passwords.ts";
import { sessionsChanged } from "../../auth/sessions.ts";
import type { AppEnv } from "../../context.ts";
import { staffAccounts } from "../../db/schema/index.ts";
import { readJson } from "../../http/body.ts";
import { HttpError, invalidToken, notFound } from "../../http/errors.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { agentList } from "../../staff/present.ts";

/** The agent rules of admin-area.md section 5. */
export const newAgentSchema = z.strictObject({
  username: z
    .string()
    .min(8, "must be at least 8 characters")
    .regex(/^[A-Za-z]+$/, "must contain letters only"),
  email: z.email({ message: "Please fill out this field or verify email format." }).toLowerCase(),
  password: z
    .string()
    .min(8, "must be at least 8 characters")
    .regex(/[A-Z]/, "must contain an uppercase letter")
    .regex(/[a-z]/, "must contain a lowercase letter")
    .regex(/[@!]/, "must contain @ or !"),
});

const removeAgent = z.strictObject({ email: z.email() });

/** POST and DELETE /api/management/admin/detail/: site admins add and remove agents. */
// Guards sit on each handler: a sub-app-wide use() would also catch GET of the same path (staff detail).
export const agentRoutes = new Hono<AppEnv>()
  .post("/", requireStaff({ siteAdmin: true }), async (c) => {
    const agent = await readJson(c, newAgentSchema);
    const { db } = c.var.app.database;
    const [taken] = await db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(
        sql`${staffAccounts.username} = ${agent.username} OR lower(${staffAccounts.email}) = ${agent.email}`,
      );
    if (taken) throw new HttpError(400, "An account with this username or email already exists.");
    await db.insert(staffAccounts).values({
      username: agent.username,
      email: agent.email,
      passwordHash: await hashPassword(agent.password),
      role: "agent",
    });
    return c.json({ status: 200, agent: { username: agent.username, email: agent.email } });
  })
  .delete("/", requireStaff({ siteAdmin: true }), async (c) => {
    const { email } = await readJson(c, removeAgent);
    const session = c.var.session;
    if (session?.kind !== "admin") throw invalidToken();
    const { db } = c.var.app.database;
    const removed = await db
      .delete(staffAccounts)
      .where(
        and(sql`lower(${staffAccounts.email}) = ${email.toLowerCase()}`, eq(staffAccounts.role, "agent")),
      )
      .returning({ id: staffAccounts.id });
    if (removed.length === 0) throw notFound("No agent with this email.");
    for (const { id } of removed) await sessionsChanged(c.var.app, { staffAccountId: id });
    return c.json({ status: 200, agents: await agentList(db, session.staff) });
  });

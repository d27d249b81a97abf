import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { hashPassword } from "../../auth/passwords.ts";
import { sessionsChanged } from "../../auth/sessions.ts";
import type { AppEnv } from "../../context.ts";
import { staffAccounts } from "../../db/schema/index.ts";
import { agentEmail, newAgentSchema } from "../../forms/agent.ts";
import { agentAddedAnswer, agentsAnswer } from "../../http/answers/staff.ts";
import { readJson } from "../../http/body.ts";
import { HttpError, invalidToken, notFound } from "../../http/errors.ts";
import { agentExample } from "../../http/examples/people.ts";
import { addAgentBodyExample, removeAgentBodyExample } from "../../http/examples/requestBodies.ts";
import { requireStaff } from "../../http/middleware/guards.ts";
import { describe } from "../../http/openapi/declare.ts";
import { agentList } from "../../staff/present.ts";

export const removeAgent = z.strictObject({ email: agentEmail });

const taken = (field: "username" | "email") => {
  const message = `An account with this ${field} already exists.`;
  return new HttpError(400, `${field}: ${message}`, [{ field, message }]);
};

/**
 * POST and DELETE /api/management/admin/detail/: site admins (the spec's operators) add and remove
 * agents under the rules of server/forms/agent.ts; agents and customers are refused. Both answer
 * the updated agents list, so the Parameters table shows what the server holds.
 */
// Guards sit on each handler: a sub-app-wide use() would also catch GET of the same path (staff detail).
export const agentRoutes = new Hono<AppEnv>()
  .post(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      idempotent: true,
      summary: "Add an agent (site admins only).",
      tags: ["Back office: parameters"],
      body: newAgentSchema,
      bodyExample: addAgentBodyExample,
      answer: {
        description: "The agent and the updated agents list.",
        schema: agentAddedAnswer,
        example: { status: 200, agent: agentExample, agents: [agentExample] },
      },
    }),
    async (c) => {
      const agent = await readJson(c, newAgentSchema);
      const session = c.var.session;
      if (session?.kind !== "admin") throw invalidToken();
      const { db } = c.var.app.database;
      const existing = await db
        .select({ username: staffAccounts.username, email: staffAccounts.email })
        .from(staffAccounts)
        .where(
          sql`lower(${staffAccounts.username}) = ${agent.username.toLowerCase()} OR lower(${staffAccounts.email}) = ${agent.email}`,
        );
      if (existing.some((row) => row.username.toLowerCase() === agent.username.toLowerCase())) {
        throw taken("username");
      }
      if (existing.length > 0) throw taken("email");
      const inserted = await db
        .insert(staffAccounts)
        .values({
          username: agent.username,
          email: agent.email,
          passwordHash: await hashPassword(agent.password),
          role: "agent",
        })
        // Two admins adding the same agent at once: the unique indexes keep one, the other is told.
        .onConflictDoNothing()
        .returning({ id: staffAccounts.id });
      if (inserted.length === 0) throw taken("email");
      return c.json({
        status: 200,
        agent: { username: agent.username, email: agent.email },
        agents: await agentList(db, session.staff),
      });
    },
  )
  .delete(
    "/",
    requireStaff({ siteAdmin: true }),
    describe({
      summary: "Remove an agent by e-mail (site admins only); its sessions end at once.",
      tags: ["Back office: parameters"],
      body: removeAgent,
      bodyExample: removeAgentBodyExample,
      answer: {
        description: "The updated agents list.",
        schema: agentsAnswer,
        example: { status: 200, agents: [agentExample] },
      },
    }),
    async (c) => {
      const { email } = await readJson(c, removeAgent);
      const session = c.var.session;
      if (session?.kind !== "admin") throw invalidToken();
      const { db } = c.var.app.database;
      const removed = await db
        .delete(staffAccounts)
        .where(and(sql`lower(${staffAccounts.email}) = ${email}`, eq(staffAccounts.role, "agent")))
        .returning({ id: staffAccounts.id });
      if (removed.length === 0) throw notFound("No agent with this email.");
      // The removed agent's open sessions end at once, in every server process.
      for (const { id } of removed) await sessionsChanged(c.var.app, { staffAccountId: id });
      return c.json({ status: 200, agents: await agentList(db, session.staff) });
    },
  );

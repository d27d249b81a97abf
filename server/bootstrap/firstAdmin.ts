import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.ts";
import type { AppContext } from "../context.ts";
import { staffAccounts } from "../db/schema/index.ts";

/**
 * On an empty staff table, creates the first site admin from VITALITY_ADMIN_USER / _PASSWORD. Without
 * a password a random one is generated and printed once: it is never stored in clear.
 */
export async function ensureFirstAdmin(
  context: AppContext,
): Promise<{ created: boolean; password?: string }> {
  const { db } = context.database;
  const [existing] = await db.select({ n: count() }).from(staffAccounts);
  if ((existing?.n ?? 0) > 0) {
    // A password given in the environment is applied to that admin, so the documented credentials work.
    if (context.config.adminPassword) {
      await db
        .update(staffAccounts)
        .set({ passwordHash: await hashPassword(context.config.adminPassword) })
        .where(eq(staffAccounts.username, context.config.adminUser));
    }
    return { created: false };
  }
  const password = context.config.adminPassword ?? randomBytes(12).toString("base64url");
  await db.insert(staffAccounts).values({
    username: context.config.adminUser,
    email: `${context.config.adminUser}@vitality.local`,
    passwordHash: await hashPassword(password),
    role: "site_admin",
    isSuperUser: true,
  });
  return { created: true, password: context.config.adminPassword ? undefined : password };
}

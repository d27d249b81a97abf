import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { appSettings } from "./schema/index.ts";

/**
 * The stored value of a setting, made by `make` when there is none yet. Two processes starting
 * together may both make one: the insert keeps the first and the read-back makes both use it.
 */
export async function settingOnce(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(appSettings).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.name, name));
  return row!.value;
}

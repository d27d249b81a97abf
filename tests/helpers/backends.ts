import postgres from "postgres";

export type Backend = "pglite" | "postgres";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresReachable(): Promise<boolean> {
  const probe = postgres(ADMIN_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await probe`SELECT 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 });
  }
}

/**
 * The backends database tests run on: PGlite always; PostgreSQL when reachable. With
 * REQUIRE_POSTGRES=1 (CI) an unreachable server fails the run instead of being skipped.
 */
export const backends: Backend[] = await (async () => {
  if (await postgresReachable()) return ["pglite", "postgres"] as Backend[];
  if (process.env.REQUIRE_POSTGRES === "1") {
    throw new Error(`REQUIRE_POSTGRES=1 but PostgreSQL is not reachable at ${ADMIN_URL}`);
  }
  console.warn(`PostgreSQL not reachable at ${ADMIN_URL}: database tests run on PGlite only`);
  return ["pglite"] as Backend[];
})();

/** A fresh, empty PostgreSQL database for one test file; dropped by the returned function. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitality_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    drop: async () => {
      const dropper = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

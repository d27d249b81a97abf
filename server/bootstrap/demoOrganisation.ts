import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { customerUsers, organisations } from "../db/schema/index.ts";
import { importOrganisation } from "../fixtures/importOrganisation.ts";
import { organisationFileSchema } from "../fixtures/organisationFile.ts";
import { installZipPolygons } from "../geo/zipPolygonsFile.ts";
import { ingestFixtureFolder } from "../ingest/fixtureFolder.ts";

export const DEMO_SLUG = "demo";
export const DEMO_EMAIL = "demo@example.com";
export const DEMO_FIXTURE = join(import.meta.dir, "..", "..", "fixtures", "small");

/**
 * Loads the demo organisation from the committed small fixture: its profile, users, facilities,
 * providers and service areas, then the region's market data and its practice data for every
 * year. Idempotent across restarts: what is already loaded is skipped.
 */
export async function seedDemoOrganisation(context: AppContext, fixtureDir = DEMO_FIXTURE) {
  const { db } = context.database;
  installZipPolygons(fixtureDir, context.config.dataDir);
  const [existing] = await db.select().from(organisations).where(eq(organisations.slug, DEMO_SLUG));
  if (existing) {
    // A start interrupted during ingestion resumes here; loaded years and market files are skipped.
    if (existsSync(fixtureDir)) await ingestFixtureFolder(context, fixtureDir, { orgSlug: DEMO_SLUG });
    return existing;
  }

  const file = join(fixtureDir, "organizations", DEMO_SLUG, "organization.json");
  const definition = existsSync(file)
    ? organisationFileSchema.parse(JSON.parse(readFileSync(file, "utf8")))
    : { name: "Demo Orthopaedics", facilities: [], providers: [], service_areas: {} };
  const organisation = await importOrganisation(db, DEMO_SLUG, definition);
  const [user] = await db.select().from(customerUsers).where(eq(customerUsers.email, DEMO_EMAIL));
  if (!user) {
    await db.insert(customerUsers).values({
      organisationId: organisation.id,
      email: DEMO_EMAIL,
      username: "Demo Admin",
      isStaff: true,
    });
  }
  context.logger.info(
    `Demo organisation '${organisation.name}' loaded from ${existsSync(file) ? file : "defaults"}`,
  );
  if (existsSync(fixtureDir)) {
    const started = performance.now();
    const summary = await ingestFixtureFolder(context, fixtureDir, { orgSlug: DEMO_SLUG });
    context.logger.info(
      `Demo data ingested: ${summary.practice.length} practice year(s) and ${summary.market.length} market file(s) in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return organisation;
}

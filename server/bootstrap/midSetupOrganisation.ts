import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import { customerUsers, organisations } from "../db/schema/index.ts";
import { organisationFileSchema } from "../fixtures/organisationFile.ts";

export const MID_SETUP_SLUG = "riverside";
export const MID_SETUP_EMAIL = "riverside@example.com";

/**
 * The second fixture organisation, seeded mid-setup so staff and customers can walk the onboarding
 * journey (customer-area.md section 4): its name and address from the fixture, the agreement
 * accepted, no facility, provider or data yet, and an admin user to sign in with. Its practice
 * files stay in the fixture folder (organizations/riverside/practice/<year>/) for the Data upload
 * step. Idempotent.
 */
export async function seedMidSetupOrganisation(context: AppContext, fixtureDir: string) {
  const { db } = context.database;
  const [existing] = await db.select().from(organisations).where(eq(organisations.slug, MID_SETUP_SLUG));
  if (existing) return existing;
  const file = join(fixtureDir, "organizations", MID_SETUP_SLUG, "organization.json");
  const definition = existsSync(file)
    ? organisationFileSchema.parse(JSON.parse(readFileSync(file, "utf8")))
    : { name: "Riverside Bone & Joint", address: "", locale: "", locale_zip: "" };
  return db.transaction(async (tx) => {
    const [organisation] = await tx
      .insert(organisations)
      .values({
        slug: MID_SETUP_SLUG,
        name: definition.name,
        address: definition.address ?? "",
        locale: definition.locale ?? "",
        localeZip: definition.locale_zip ?? "",
        agreementAccepted: true,
      })
      .returning();
    if (!organisation) throw new Error(`could not create organisation ${MID_SETUP_SLUG}`);
    await tx
      .insert(customerUsers)
      .values({
        organisationId: organisation.id,
        email: MID_SETUP_EMAIL,
        username: "Riverside Admin",
        isStaff: true,
      })
      .onConflictDoNothing();
    return organisation;
  });
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { customerUsers, facilities, organisationYears, providers, serviceAreas } from "../db/schema/index.ts";
import { fieldNames, providerFields } from "../forms/profileFields.ts";
import { providerForm } from "../forms/provider.ts";
import { warehousePaths } from "../ingest/storage.ts";
import { checkLocale, checkWorkPlaces, FieldProblems } from "../organisations/profileChecks.ts";
import { providerView } from "../organisations/profileViews.ts";
import { storedFormValues } from "../routes/customer/profileAccess.ts";
import { DEMO_EMAIL, seedDemoOrganisation } from "./demoOrganisation.ts";

describe("the demo organisation seeded by npm start", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("pglite");
  }, 60_000);
  afterAll(() => t.close());

  test("is loaded from fixtures/small with its people, profile, service areas and data, once", async () => {
    const organisation = await seedDemoOrganisation(t.context);
    const { db } = t.context.database;
    expect(organisation.name).toBe("Demo Orthopaedics");
    const [admin] = await db.select().from(customerUsers).where(eq(customerUsers.email, DEMO_EMAIL));
    expect(admin?.isStaff).toBe(true);
    expect(
      (await db.select().from(facilities).where(eq(facilities.organisationId, organisation.id))).length,
    ).toBe(2);
    expect(
      (await db.select().from(providers).where(eq(providers.organisationId, organisation.id))).length,
    ).toBe(20);
    const years = await db
      .select()
      .from(organisationYears)
      .where(eq(organisationYears.organisationId, organisation.id));
    expect(years.map((row) => [row.year, row.fileState]).sort()).toEqual([
      [2023, "uploaded"],
      [2024, "uploaded"],
      [2025, "uploaded"],
    ]);
    const psa = await db.select().from(serviceAreas).where(eq(serviceAreas.organisationId, organisation.id));
    expect(psa.some((row) => row.type === "PSA")).toBe(true);
    expect(existsSync(warehousePaths.practiceLines(t.dataDir, organisation.id, 2025))).toBe(true);
    expect(existsSync(warehousePaths.marketCases(t.dataDir, 2025, "IP"))).toBe(true);

    const again = await seedDemoOrganisation(t.context);
    expect(again.id).toBe(organisation.id);
    const versions = await db
      .select()
      .from(organisationYears)
      .where(eq(organisationYears.organisationId, organisation.id));
    expect(versions.map((row) => row.dataVersion)).toEqual(years.map((row) => row.dataVersion));

    // Every seeded provider can be updated as it is: the provider form's rules and the PATCH call's
    // checks (city of the reference, zip of that city, works at a site) find nothing missing.
    const rows = await db.select().from(providers).where(eq(providers.organisationId, organisation.id));
    const refusals = [];
    for (const row of rows) {
      const parsed = providerFields.safeParse(storedFormValues(providerView(row), fieldNames(providerForm)));
      const problems = new FieldProblems("provider");
      if (!parsed.success)
        for (const issue of parsed.error.issues) problems.add(issue.path.join("."), issue.message);
      else {
        checkLocale(
          problems,
          { cityField: "city", zipField: "zipcode" },
          parsed.data.city,
          parsed.data.zipcode,
        );
        await checkWorkPlaces(db, problems, organisation.id, parsed.data.name_work_at);
      }
      refusals.push(...problems.errors.map((error) => `${row.fullName}: ${error.field} ${error.message}`));
    }
    expect(refusals).toEqual([]);
    const surgeon = rows.find((row) => row.ptype === "Orthopaedic Surgeon")!;
    expect(surgeon.city).toBe("Fishers, IN");
    expect(surgeon.zipcode).toBe("46037");
    expect(surgeon.nameWorkAt).toEqual(["Demo Orthopaedics Surgery Center", "Demo Orthopaedics Clinic"]);
  }, 120_000);
});

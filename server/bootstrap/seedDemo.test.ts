import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { signInCustomer } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import {
  customerUsers,
  facilities,
  organisations,
  organisationYears,
  schemeResults,
} from "../db/schema/index.ts";
import { organisationYearsOf, resolveInputs } from "../engine/organisationInputs.ts";
import { removeYear } from "../organisations/removeYear.ts";
import { DEMO_EMAIL } from "./demoOrganisation.ts";
import { MID_SETUP_EMAIL, MID_SETUP_SLUG } from "./midSetupOrganisation.ts";
import { seedDemo } from "./seedDemo.ts";

describe("npm start's seeding (fixtures/small)", () => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    first = await seedDemo(t.context);
    console.log(`seeding (first start): ${JSON.stringify(first.timings)}`);
  }, 600_000);
  afterAll(() => t.close());

  test("the demo is initialized with its last two years enabled and scored; the oldest is not", async () => {
    const { db } = t.context.database;
    const [demo] = await db.select().from(organisations).where(eq(organisations.id, first.demo!.id));
    expect(demo?.initialized).toBe(true);
    expect(first.enabledYears).toEqual([2024, 2025]);
    const years = await db
      .select({ year: organisationYears.year, enabled: organisationYears.enabled })
      .from(organisationYears)
      .where(eq(organisationYears.organisationId, first.demo!.id));
    expect(years.sort((a, b) => a.year - b.year)).toEqual([
      { year: 2023, enabled: false },
      { year: 2024, enabled: true },
      { year: 2025, enabled: true },
    ]);
    const scorings = await db
      .select({ year: schemeResults.year })
      .from(schemeResults)
      .where(
        and(
          eq(schemeResults.organisationId, first.demo!.id),
          eq(schemeResults.kind, "SCORING"),
          eq(schemeResults.status, "done"),
        ),
      );
    expect(scorings.map((row) => row.year).sort()).toEqual([2024, 2025]);
  });

  test("a first sign-in as the demo sees its years, a full checklist and a score", async () => {
    const demo = await signInCustomer(t, DEMO_EMAIL);
    const detail = (await demo.get("/api/management/customer/detail/")).json;
    expect(detail.organization.years).toEqual([2024, 2025]);
    expect(detail.organization.setup).toMatchObject({ done: 6, total: 6, next: null });
    const score = await demo.post("/api/management/scoring/result/", {});
    expect(score.status).toBe(200);
    expect(typeof score.json.data.total).toBe("number");
  });

  test("the second organisation is mid-setup: agreement accepted, nothing entered, an admin to sign in with", async () => {
    const { db } = t.context.database;
    const [riverside] = await db.select().from(organisations).where(eq(organisations.slug, MID_SETUP_SLUG));
    expect(riverside).toMatchObject({
      name: "Riverside Bone & Joint",
      agreementAccepted: true,
      initialized: false,
    });
    expect(
      await db.select().from(facilities).where(eq(facilities.organisationId, riverside!.id)),
    ).toHaveLength(0);
    const [user] = await db.select().from(customerUsers).where(eq(customerUsers.email, MID_SETUP_EMAIL));
    expect(user).toMatchObject({ organisationId: riverside!.id, isStaff: true });
    const client = await signInCustomer(t, MID_SETUP_EMAIL);
    const detail = (await client.get("/api/management/customer/detail/")).json;
    expect(detail.organization.setup).toMatchObject({ done: 0, next: "facilities" });
  });

  test("the demo's analysis files are written by the seed, before any request", async () => {
    const { db } = t.context.database;
    const years = await organisationYearsOf(db, t.dataDir, first.demo!.id);
    expect(first.analysisFiles?.years.map((item) => item.year)).toEqual(years.availableYears);
    for (const year of years.availableYears) {
      const { inputs } = await resolveInputs(db, t.dataDir, first.demo!.id, year, years);
      const missing = Object.values(inputs.files.derived ?? {}).filter((path) => !existsSync(path));
      expect({ year, missing }).toEqual({ year, missing: [] });
    }
  });

  test("a restart seeds nothing again and is quick", async () => {
    const started = performance.now();
    const again = await seedDemo(t.context);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(again.demo).toBeUndefined();
    expect(again.enabledYears).toEqual([]);
    expect(
      await t.context.database.db.select().from(organisations).where(eq(organisations.slug, MID_SETUP_SLUG)),
    ).toHaveLength(1);
  }, 120_000);

  test("a demo year staff deleted is not re-created at the next start", async () => {
    const { db } = t.context.database;
    await removeYear(t.context, { organisationId: first.demo!.id, year: 2023, action: "delete" });
    await seedDemo(t.context);
    const years = await db
      .select({ year: organisationYears.year })
      .from(organisationYears)
      .where(eq(organisationYears.organisationId, first.demo!.id));
    expect(years.map((row) => row.year).sort()).toEqual([2024, 2025]);
  }, 120_000);
});

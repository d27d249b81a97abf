import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../server/auth/passwords.ts";
import { DEMO_SLUG } from "../../server/bootstrap/demoOrganisation.ts";
import type { StaffRole } from "../../server/db/schema/index.ts";
import {
  customerUsers,
  organisations,
  organisationYears,
  providers,
  serviceAreas,
  staffAccounts,
} from "../../server/db/schema/index.ts";
import type { HttpClient } from "./httpClient.ts";
import type { TestApp } from "./testApp.ts";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createOrganisation(
  t: TestApp,
  values: Partial<typeof organisations.$inferInsert> = {},
) {
  const suffix = unique();
  const [row] = await t.context.database.db
    .insert(organisations)
    .values({ slug: `org-${suffix}`, name: `Org ${suffix}`, ...values })
    .returning();
  return row!;
}

/** The id of the demo organisation of an app started with `{ demo: true }`. */
export async function demoOrganisationId(t: TestApp) {
  const [demo] = await t.context.database.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, DEMO_SLUG));
  if (!demo) throw new Error("This app has no demo: start it with { demo: true }");
  return demo.id;
}

/** The engine tests' own provider: its NPI marks the organisation's cases in the synthetic markets. */
export const OWN_PROVIDER_NPI = "1111111111";

/**
 * What an organisation needs before its analyses run on a test warehouse: its own provider (Dr Own,
 * OWN_PROVIDER_NPI), and per year an uploaded practice version, enabled (reviewed: a customer reads
 * enabled years only), and a service area of zip 10001 (PSA).
 */
export async function giveAnalysisYears(t: TestApp, organisationId: string, years: number[]) {
  const { db } = t.context.database;
  await db.insert(providers).values({ organisationId, npi: OWN_PROVIDER_NPI, fullName: "Dr Own" });
  for (const year of years) {
    await db
      .insert(organisationYears)
      .values({ organisationId, year, fileState: "uploaded", dataVersion: 1, enabled: true });
    await db.insert(serviceAreas).values({ organisationId, year, zipcode: "10001", type: "PSA" });
  }
}

export async function createCustomer(
  t: TestApp,
  organisationId: string,
  values: Partial<typeof customerUsers.$inferInsert> = {},
) {
  const [row] = await t.context.database.db
    .insert(customerUsers)
    .values({
      organisationId,
      email: `user-${unique()}@example.com`,
      username: "Test User",
      isStaff: true,
      ...values,
    })
    .returning();
  return row!;
}

export const STAFF_PASSWORD = "Staff!Pass1";

export async function createStaff(
  t: TestApp,
  role: StaffRole = "site_admin",
  values: Partial<typeof staffAccounts.$inferInsert> = {},
) {
  const username = `staff${unique()}`;
  const [row] = await t.context.database.db
    .insert(staffAccounts)
    .values({
      username,
      email: `${username}@vitality.local`,
      passwordHash: await hashPassword(STAFF_PASSWORD),
      role,
      ...values,
    })
    .returning();
  return row!;
}

/** The sign-in link of the newest mail in the dev outbox. */
export function latestSigninToken(t: TestApp): string {
  const outbox = join(t.dataDir, "outbox");
  const newest = readdirSync(outbox).sort().at(-1);
  if (!newest) throw new Error("outbox is empty");
  // Quoted-printable may wrap long lines with '=' + newline; unwrap before matching.
  const text = readFileSync(join(outbox, newest), "utf8").replace(/=\r?\n/g, "");
  const match = /\/validate_token\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no sign-in link in ${newest}`);
  return match[1]!;
}

/** Signs a customer in through the e-mailed link, as the browser would. */
export async function signInCustomer(t: TestApp, email: string, client?: HttpClient): Promise<HttpClient> {
  const browser = client ?? (await t.client().prime());
  const asked = await browser.post("/api/services/auth/signin/", { email });
  if (asked.status !== 200) throw new Error(`sign-in request failed: ${asked.text}`);
  const answer = await browser.get(`/api/services/auth/signin/${latestSigninToken(t)}`);
  if (answer.status !== 200) throw new Error(`token exchange failed: ${answer.text}`);
  return browser;
}

export async function signInStaff(
  t: TestApp,
  username: string,
  password = STAFF_PASSWORD,
): Promise<HttpClient> {
  const browser = await t.client().prime();
  const answer = await browser.post("/api/management/admin/signin/", { username, password });
  if (answer.status !== 200) throw new Error(`staff sign-in failed: ${answer.text}`);
  return browser;
}

import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import {
  customerUsers,
  facilities,
  facilityLocations,
  organisations,
  organisationYears,
  providers,
} from "../db/schema/index.ts";
import { facilityView, providerView } from "./profileViews.ts";
import { organisationSetup } from "./setup.ts";

type Organisation = typeof organisations.$inferSelect;
type CustomerUser = typeof customerUsers.$inferSelect;

export function userView(user: CustomerUser) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    picture: user.picture,
    is_staff: user.isStaff,
    status: user.isStaff ? ("admin" as const) : ("assistant" as const),
    blocked: user.blocked,
    organization_id: user.organisationId,
    channel_id: user.channelId,
  };
}

export const fullAddress = (address: string, locale: string, zip: string) =>
  [address, locale, zip].filter((part) => part.trim() !== "").join(", ");

/** Which years an organisation has, in the three senses the screens use. */
export function yearLists(rows: (typeof organisationYears.$inferSelect)[]) {
  const sorted = [...rows].sort((a, b) => a.year - b.year);
  return {
    /** Enabled for the customer (initialised by staff). */
    years: sorted.filter((row) => row.enabled).map((row) => row.year),
    /** Data accepted for the year. */
    available_years: sorted.filter((row) => row.fileState === "uploaded").map((row) => row.year),
    /** Data replaced after staff reviewed it: back in review until staff enable the year again. */
    replaced_years: sorted.filter((row) => row.replacedAt !== null).map((row) => row.year),
    /** Replaced years whose enabled version customers keep reading until staff enable the newer data. */
    held_years: sorted.filter((row) => row.heldVersionId !== null).map((row) => row.year),
    /** Asked for by staff and still without accepted data. */
    pending_years: sorted
      .filter((row) => row.requested && row.fileState !== "uploaded")
      .map((row) => row.year),
  };
}

/** The organisation as the customer area reads it (customer detail and dummy mode). */
export async function organisationView(db: Db, organisation: Organisation) {
  const id = organisation.id;
  const [users, facilityRows, locationRows, providerRows, yearRows] = await Promise.all([
    db
      .select()
      .from(customerUsers)
      .where(eq(customerUsers.organisationId, id))
      .orderBy(asc(customerUsers.createdAt)),
    db.select().from(facilities).where(eq(facilities.organisationId, id)).orderBy(asc(facilities.name)),
    db
      .select()
      .from(facilityLocations)
      .where(eq(facilityLocations.organisationId, id))
      .orderBy(asc(facilityLocations.name)),
    db.select().from(providers).where(eq(providers.organisationId, id)).orderBy(asc(providers.fullName)),
    db.select().from(organisationYears).where(eq(organisationYears.organisationId, id)),
  ]);
  return {
    id,
    name: organisation.name,
    address: organisation.address,
    locale: organisation.locale,
    locale_zip: organisation.localeZip,
    full_address: fullAddress(organisation.address, organisation.locale, organisation.localeZip),
    phone_1: organisation.phone1,
    phone_2: organisation.phone2,
    fax: organisation.fax,
    logo: organisation.logo,
    initialized: organisation.initialized,
    agreement_accepted: organisation.agreementAccepted,
    users: users.map(userView),
    /** Last change of a facility, location or provider (ISO time), null before any. */
    profile_changed_at: organisation.profileChangedAt?.toISOString() ?? null,
    facilities: facilityRows.map((facility) => facilityView(facility, locationRows)),
    providers: providerRows.map(providerView),
    ...yearLists(yearRows),
    /** The Home setup checklist, decided on the server (setup.ts). */
    setup: await organisationSetup(db, id, {
      facilities: facilityRows.length,
      providers: providerRows.length,
    }),
  };
}

export async function findOrganisation(db: Db, id: string): Promise<Organisation | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

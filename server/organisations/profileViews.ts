/**
 * Facilities, locations and providers as the calls answer them and the customer detail lists them
 * (the onboarding contract's FacilityView, LocationView, ProviderView): every form field under its
 * form name, so a screen can fill its edit form from a row, plus the composed addresses (a year's
 * review note and state are the year's own: server/schemes/rowVerdicts.ts). Blank dates are null (opened_on null = open since 2000, closed_on null =
 * still open; date_joined null = 2000 or earlier, date_retire null = still working).
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { facilities, facilityLocations, providers } from "../db/schema/index.ts";

type FacilityRow = typeof facilities.$inferSelect;
type LocationRow = typeof facilityLocations.$inferSelect;
type ProviderRow = typeof providers.$inferSelect;

export const fullAddress = (address: string, locale: string, zip: string) =>
  [address, locale, zip].filter((part) => part.trim() !== "").join(", ");

const siteView = (row: FacilityRow | LocationRow) => ({
  physical_address: row.physicalAddress,
  physical_locale: row.physicalLocale,
  physical_locale_zip: row.physicalLocaleZip,
  physical_full_address: fullAddress(row.physicalAddress, row.physicalLocale, row.physicalLocaleZip),
  site_of_care_codes_billed: row.siteOfCareCodesBilled,
  services_provided: row.servicesProvided,
  services_provided_textbox: row.servicesProvidedTextbox,
  opened_on: row.openedOn,
  closed_on: row.closedOn,
});

export function locationView(row: LocationRow) {
  return { id: row.id, facility_id: row.facilityId, name: row.name, ...siteView(row) };
}
export type LocationView = ReturnType<typeof locationView>;

export function facilityView(row: FacilityRow, locations: LocationRow[]) {
  return {
    id: row.id,
    npi: row.npi,
    name: row.name,
    ...siteView(row),
    billing_address: row.billingAddress,
    billing_locale: row.billingLocale,
    billing_locale_zip: row.billingLocaleZip,
    billing_full_address: fullAddress(row.billingAddress, row.billingLocale, row.billingLocaleZip),
    locations: locations.filter((location) => location.facilityId === row.id).map(locationView),
  };
}
export type FacilityView = ReturnType<typeof facilityView>;

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export function providerView(row: ProviderRow) {
  return {
    id: row.id,
    npi: row.npi,
    full_name: row.fullName,
    last_name: row.lastName,
    first_name: row.firstName,
    middle_name: row.middleName,
    suffix: row.suffix,
    // The form's age is a text field: "" when unknown.
    age: row.age === null ? "" : String(row.age),
    phone: row.phone,
    fax: row.fax,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zipcode: row.zipcode,
    full_address: fullAddress([row.address1, row.address2].filter(Boolean).join(" "), row.city, row.zipcode),
    date_joined: row.dateJoined,
    date_retire: row.dateRetire,
    clinical_certification: row.clinicalCertification,
    category: row.category,
    ptype: row.ptype,
    speciality: row.speciality,
    speciality_textbox: row.specialityTextbox,
    abos_fellowship_trained: row.abosFellowshipTrained,
    shareholder: yesNo(row.shareholder),
    employed_by_practice: yesNo(row.employedByPractice),
    fte_status: row.fteStatus,
    name_work_at: row.nameWorkAt,
  };
}
export type ProviderView = ReturnType<typeof providerView>;

/** The organisation's facilities with their locations, by name. */
export async function facilityViewsOf(db: Db, organisationId: string): Promise<FacilityView[]> {
  const [facilityRows, locationRows] = await Promise.all([
    db
      .select()
      .from(facilities)
      .where(eq(facilities.organisationId, organisationId))
      .orderBy(asc(facilities.name)),
    db
      .select()
      .from(facilityLocations)
      .where(eq(facilityLocations.organisationId, organisationId))
      .orderBy(asc(facilityLocations.name)),
  ]);
  return facilityRows.map((row) => facilityView(row, locationRows));
}

export async function locationViewsOf(db: Db, facilityId: string): Promise<LocationView[]> {
  const rows = await db
    .select()
    .from(facilityLocations)
    .where(eq(facilityLocations.facilityId, facilityId))
    .orderBy(asc(facilityLocations.name));
  return rows.map(locationView);
}

export async function providerViewsOf(db: Db, organisationId: string): Promise<ProviderView[]> {
  const rows = await db
    .select()
    .from(providers)
    .where(eq(providers.organisationId, organisationId))
    .orderBy(asc(providers.fullName));
  return rows.map(providerView);
}

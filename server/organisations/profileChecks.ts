/**
 * The practice profile's rules that need the zip reference or the database, beside the pure field
 * rules of server/forms/profileFields.ts: a 'City, ST' is a city of the reference and the zip one of
 * its zips; an NPI is used once per organisation; a location name once per organisation; every
 * name_work_at is the name of one of the organisation's facilities or locations. Each problem is a
 * field error naming the form field.
 */
import { and, eq, ne } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { facilities, facilityLocations, providers } from "../db/schema/index.ts";
import { knownCity, zipBelongsToCity } from "../geo/localities.ts";
import { type FieldError, HttpError } from "../http/errors.ts";

export class FieldProblems {
  readonly errors: FieldError[] = [];
  /** `within` names the object the fields are in (`facility`): errors name `facility.npi`. */
  constructor(private readonly within?: string) {}
  add(field: string, message: string) {
    this.errors.push({ field: this.within ? `${this.within}.${field}` : field, message });
  }
  /** Refuses the call (400, nothing written) when any rule failed. */
  throwIfAny() {
    if (this.errors.length === 0) return;
    const detail = this.errors.map((error) => `${error.field}: ${error.message}`).join("; ");
    throw new HttpError(400, detail, this.errors);
  }
}

export const UNKNOWN_CITY = "Choose a city from the list ('City, ST'): this one is not in the zip reference";

/**
 * A city/zip pair of fields. Answers the city as the reference spells it ("indianapolis, in" ->
 * "Indianapolis, IN"); a blank city with a zip is refused (the zip depends on the city).
 */
export function checkLocale(
  problems: FieldProblems,
  pair: { cityField: string; zipField: string },
  city: string,
  zip: string,
): string {
  if (city === "") {
    if (zip !== "")
      problems.add(pair.cityField, "Please fill out this field (the zip code depends on the city)");
    return city;
  }
  const known = knownCity(city);
  if (!known) {
    problems.add(pair.cityField, UNKNOWN_CITY);
    return city;
  }
  if (zip !== "" && !zipBelongsToCity(zip, known)) {
    problems.add(pair.zipField, `${zip} is not a zip code of ${known}`);
  }
  return known;
}

export const DUPLICATE_NPI = (npi: string, what: string) =>
  `${npi} is already the NPI of ${what} of the organisation`;

type ProfileTable = typeof facilities | typeof providers | typeof facilityLocations;

/**
 * The label of another row of the organisation whose `column` already holds `value` (the row being
 * edited, `exceptId`, left out): one query shape for every "already used" rule of the profile.
 */
async function takenBy(
  db: Db,
  table: ProfileTable,
  column: PgColumn,
  label: PgColumn,
  organisationId: string,
  value: string,
  exceptId?: string,
): Promise<string | undefined> {
  const [taken] = await db
    .select({ label })
    .from(table as typeof facilities)
    .where(
      and(
        eq(table.organisationId, organisationId),
        eq(column, value),
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    );
  return taken ? String(taken.label) : undefined;
}

export async function checkFacilityNpi(
  db: Db,
  problems: FieldProblems,
  organisationId: string,
  npi: string,
  exceptId?: string,
) {
  const name = await takenBy(db, facilities, facilities.npi, facilities.name, organisationId, npi, exceptId);
  if (name !== undefined) problems.add("npi", DUPLICATE_NPI(npi, `another facility (${name})`));
}

export async function checkProviderNpi(
  db: Db,
  problems: FieldProblems,
  organisationId: string,
  npi: string,
  exceptId?: string,
) {
  const name = await takenBy(db, providers, providers.npi, providers.fullName, organisationId, npi, exceptId);
  if (name !== undefined) problems.add("npi", DUPLICATE_NPI(npi, `another provider (${name})`));
}

/** Providers say where they work by name, so a location's name is used once in the organisation. */
export async function checkLocationName(
  db: Db,
  problems: FieldProblems,
  organisationId: string,
  name: string,
  exceptId?: string,
) {
  const { id } = facilityLocations;
  if (
    (await takenBy(db, facilityLocations, facilityLocations.name, id, organisationId, name, exceptId)) !==
    undefined
  ) {
    problems.add("name", `another location of the organisation is already named ${name}`);
  }
}

/** The names a provider may work at: the organisation's facilities and locations. */
export async function siteNamesOf(db: Db, organisationId: string): Promise<Set<string>> {
  const [facilityRows, locationRows] = await Promise.all([
    db
      .select({ name: facilities.name })
      .from(facilities)
      .where(eq(facilities.organisationId, organisationId)),
    db
      .select({ name: facilityLocations.name })
      .from(facilityLocations)
      .where(eq(facilityLocations.organisationId, organisationId)),
  ]);
  return new Set([...facilityRows, ...locationRows].map((row) => row.name));
}

export async function checkWorkPlaces(
  db: Db,
  problems: FieldProblems,
  organisationId: string,
  names: string[],
) {
  if (names.length === 0) return;
  const known = await siteNamesOf(db, organisationId);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length === 0) return;
  problems.add(
    "name_work_at",
    known.size === 0
      ? "Add a facility first: a provider works at one of the organisation's facilities or locations"
      : `${unknown.join(", ")}: not a facility or location of the organisation`,
  );
}

/**
 * Keeps providers' name_work_at in step when a site is renamed (old -> new) or removed (new null),
 * inside the writing transaction.
 */
export async function renameWorkPlace(db: Db, organisationId: string, from: string, to: string | null) {
  if (from === to) return;
  const rows = await db
    .select({ id: providers.id, names: providers.nameWorkAt })
    .from(providers)
    .where(eq(providers.organisationId, organisationId));
  for (const row of rows) {
    if (!row.names.includes(from)) continue;
    const names = [
      ...new Set(row.names.flatMap((name) => (name === from ? (to === null ? [] : [to]) : [name]))),
    ];
    await db.update(providers).set({ nameWorkAt: names }).where(eq(providers.id, row.id));
  }
}

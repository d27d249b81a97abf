/**
 * NPI look-ups as the profile forms use them (the /api/services/lexisnexis/ calls): an organisation
 * (NPI-2) for the facility form, an individual (NPI-1) for the provider form, read from the registry
 * behind the NpiRegistry interface (today the local NPPES-shaped table; a live NPPES adapter would
 * implement the same interface). Answers are shaped to pre-fill the forms: names in their usual
 * case, 'City, ST' as the zip reference spells it, 5-digit zips, phone and fax as digits.
 */
import { knownCity } from "../geo/localities.ts";
import type { NpiRegistry } from "./npiRegistry.ts";
import type { NppesAddress, NppesResult } from "./nppesShape.ts";
import { classifyTaxonomies } from "./taxonomy.ts";

export interface OrganisationFound {
  npi: string;
  name: string;
  address: string;
  city_state: string;
  zipcode: string;
  phone: string;
}

export interface IndividualFound {
  npi: string;
  first_name: string;
  last_name: string;
  middle_name: string;
  suffix: string;
  address1: string;
  address2: string;
  city: string;
  zipcode: string;
  phone: string;
  fax: string;
  category?: string;
  ptype?: string;
  speciality?: string[];
}

/** "SAINT MARY'S HOSPITAL" -> "Saint Mary's Hospital" (NPPES writes names in capitals). */
export const titleCase = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

const digits = (text: unknown) => (typeof text === "string" ? text.replace(/\D/g, "") : "");

/** The practice location (NPPES LOCATION address), else the first address. */
const locationOf = (result: NppesResult): NppesAddress | undefined =>
  result.addresses.find((address) => address.address_purpose === "LOCATION") ?? result.addresses[0];

function placeOf(address: NppesAddress | undefined) {
  if (!address) return { city: "", zipcode: "", phone: "", fax: "" };
  const asWritten = `${titleCase(address.city)}, ${address.state.toUpperCase()}`;
  return {
    city: knownCity(asWritten) ?? asWritten,
    zipcode: address.postal_code.slice(0, 5),
    phone: digits(address.telephone_number),
    fax: digits((address as Record<string, unknown>).fax_number),
  };
}

async function lookup(registry: NpiRegistry, npi: string, type: NppesResult["enumeration_type"]) {
  const answer = await registry.lookupNpi(npi);
  return answer.results.find((result) => result.number === npi && result.enumeration_type === type);
}

export async function findOrganisationByNpi(
  registry: NpiRegistry,
  npi: string,
): Promise<OrganisationFound | null> {
  const result = await lookup(registry, npi, "NPI-2");
  if (!result) return null;
  const address = locationOf(result);
  const place = placeOf(address);
  return {
    npi: result.number,
    name: titleCase(result.basic.organization_name ?? ""),
    address: titleCase(address?.address_1 ?? ""),
    city_state: place.city,
    zipcode: place.zipcode,
    phone: place.phone,
  };
}

export async function findIndividualByNpi(
  registry: NpiRegistry,
  npi: string,
): Promise<IndividualFound | null> {
  const result = await lookup(registry, npi, "NPI-1");
  if (!result) return null;
  const address = locationOf(result);
  const basic = result.basic as Record<string, unknown>;
  const suffix = typeof basic.name_suffix === "string" && basic.name_suffix !== "--" ? basic.name_suffix : "";
  return {
    npi: result.number,
    first_name: titleCase(result.basic.first_name ?? ""),
    last_name: titleCase(result.basic.last_name ?? ""),
    middle_name: titleCase(result.basic.middle_name ?? ""),
    suffix: suffix.trim(),
    address1: titleCase(address?.address_1 ?? ""),
    address2: titleCase(address?.address_2 ?? ""),
    ...placeOf(address),
    ...classifyTaxonomies(result.taxonomies),
  };
}

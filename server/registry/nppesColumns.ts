/**
 * The columns of the NPPES Downloadable File (the monthly "NPPES Data Dissemination" CSV,
 * npidata_pfile_YYYYMMDD-YYYYMMDD.csv) that the local registry keeps, under the file's own header
 * names, and the columns of the registry's Parquet file they become.
 */

/** Taxonomy slots of the file: "Healthcare Provider Taxonomy Code_1" .. "_15". */
export const TAXONOMY_SLOTS = 15;

/** Without these the file is not an NPPES dissemination file. */
export const REQUIRED_HEADERS = [
  "NPI",
  "Entity Type Code",
  "Provider Organization Name (Legal Business Name)",
  "Provider Last Name (Legal Name)",
  "Provider First Name",
  "Provider Business Practice Location Address City Name",
  "Provider Business Practice Location Address State Name",
  "Provider Business Practice Location Address Postal Code",
  "Healthcare Provider Taxonomy Code_1",
  "Healthcare Provider Primary Taxonomy Switch_1",
] as const;

/** Registry column <- file header, for the single-valued text columns (NULL when the file lacks one). */
export const TEXT_COLUMNS: Record<string, string[]> = {
  first_name: ["Provider First Name"],
  last_name: ["Provider Last Name (Legal Name)"],
  middle_name: ["Provider Middle Name"],
  name_prefix: ["Provider Name Prefix Text"],
  name_suffix: ["Provider Name Suffix Text"],
  credential: ["Provider Credential Text"],
  // Renamed "Provider Sex Code" in 2025 files; either is read.
  sex: ["Provider Sex Code", "Provider Gender Code"],
  sole_proprietor: ["Is Sole Proprietor"],
  organization_name: ["Provider Organization Name (Legal Business Name)"],
  organizational_subpart: ["Is Organization Subpart"],
  location_address_1: ["Provider First Line Business Practice Location Address"],
  location_address_2: ["Provider Second Line Business Practice Location Address"],
  location_city: ["Provider Business Practice Location Address City Name"],
  location_state: ["Provider Business Practice Location Address State Name"],
  location_postal_code: ["Provider Business Practice Location Address Postal Code"],
  location_country_code: ["Provider Business Practice Location Address Country Code (If outside U.S.)"],
  location_telephone: ["Provider Business Practice Location Address Telephone Number"],
  location_fax: ["Provider Business Practice Location Address Fax Number"],
  mailing_address_1: ["Provider First Line Business Mailing Address"],
  mailing_address_2: ["Provider Second Line Business Mailing Address"],
  mailing_city: ["Provider Business Mailing Address City Name"],
  mailing_state: ["Provider Business Mailing Address State Name"],
  mailing_postal_code: ["Provider Business Mailing Address Postal Code"],
  mailing_country_code: ["Provider Business Mailing Address Country Code (If outside U.S.)"],
  mailing_telephone: ["Provider Business Mailing Address Telephone Number"],
  mailing_fax: ["Provider Business Mailing Address Fax Number"],
};

/** Registry column <- file header, dates written MM/DD/YYYY in the file, YYYY-MM-DD in the API. */
export const DATE_COLUMNS: Record<string, string> = {
  enumeration_date: "Provider Enumeration Date",
  last_updated: "Last Update Date",
  deactivation_date: "NPI Deactivation Date",
  reactivation_date: "NPI Reactivation Date",
};

export const taxonomyHeaders = (slot: number) => ({
  code: `Healthcare Provider Taxonomy Code_${slot}`,
  license: `Provider License Number_${slot}`,
  state: `Provider License Number State Code_${slot}`,
  primary: `Healthcare Provider Primary Taxonomy Switch_${slot}`,
});

/**
 * NPPES-shaped dissemination CSV files for tests and the registry bench: the real file's 330
 * columns in its order and under its names, every field quoted as CMS writes them, dates
 * MM/DD/YYYY, deactivated NPIs with only their number and dates. Deterministic for a seed.
 */
import { CsvWriter } from "../../../fixtures/generator/csvWriter.ts";
import { FIRST_NAMES, LAST_NAMES, MIDDLE_INITIALS } from "../../../fixtures/generator/names.ts";
import { Rng } from "../../../fixtures/generator/random.ts";
import { completeNpi } from "../../reference/npi.ts";

const address = (kind: "Mailing" | "Practice Location") => {
  const part = kind === "Mailing" ? "Business Mailing Address" : "Business Practice Location Address";
  const line = kind === "Mailing" ? "Business Mailing Address" : "Business Practice Location Address";
  return [
    `Provider First Line ${line}`,
    `Provider Second Line ${line}`,
    `Provider ${part} City Name`,
    `Provider ${part} State Name`,
    `Provider ${part} Postal Code`,
    `Provider ${part} Country Code (If outside U.S.)`,
    `Provider ${part} Telephone Number`,
    `Provider ${part} Fax Number`,
  ];
};

/** The header of the NPPES Data Dissemination file (V.2), 330 columns. */
export const NPPES_HEADER: string[] = [
  "NPI",
  "Entity Type Code",
  "Replacement NPI",
  "Employer Identification Number (EIN)",
  "Provider Organization Name (Legal Business Name)",
  "Provider Last Name (Legal Name)",
  "Provider First Name",
  "Provider Middle Name",
  "Provider Name Prefix Text",
  "Provider Name Suffix Text",
  "Provider Credential Text",
  "Provider Other Organization Name",
  "Provider Other Organization Name Type Code",
  "Provider Other Last Name",
  "Provider Other First Name",
  "Provider Other Middle Name",
  "Provider Other Name Prefix Text",
  "Provider Other Name Suffix Text",
  "Provider Other Credential Text",
  "Provider Other Last Name Type Code",
  ...address("Mailing"),
  ...address("Practice Location"),
  "Provider Enumeration Date",
  "Last Update Date",
  "NPI Deactivation Reason Code",
  "NPI Deactivation Date",
  "NPI Reactivation Date",
  "Provider Sex Code",
  "Authorized Official Last Name",
  "Authorized Official First Name",
  "Authorized Official Middle Name",
  "Authorized Official Title or Position",
  "Authorized Official Telephone Number",
  ...Array.from({ length: 15 }, (_, i) => [
    `Healthcare Provider Taxonomy Code_${i + 1}`,
    `Provider License Number_${i + 1}`,
    `Provider License Number State Code_${i + 1}`,
    `Healthcare Provider Primary Taxonomy Switch_${i + 1}`,
  ]).flat(),
  ...Array.from({ length: 50 }, (_, i) => [
    `Other Provider Identifier_${i + 1}`,
    `Other Provider Identifier Type Code_${i + 1}`,
    `Other Provider Identifier State_${i + 1}`,
    `Other Provider Identifier Issuer_${i + 1}`,
  ]).flat(),
  "Is Sole Proprietor",
  "Is Organization Subpart",
  "Parent Organization LBN",
  "Parent Organization TIN",
  "Authorized Official Name Prefix Text",
  "Authorized Official Name Suffix Text",
  "Authorized Official Credential Text",
  ...Array.from({ length: 15 }, (_, i) => `Healthcare Provider Taxonomy Group_${i + 1}`),
  "Certification Date",
];

/** One provider as the tests describe it; the CSV row is built from it. */
export interface NppesRow {
  npi: string;
  /** "1" individual, "2" organisation, "" deactivated. */
  entity: "1" | "2" | "";
  organization?: string;
  last?: string;
  first?: string;
  middle?: string;
  credential?: string;
  sex?: string;
  city?: string;
  state?: string;
  postal?: string;
  street?: string;
  phone?: string;
  enumerated?: string;
  updated?: string;
  deactivated?: string;
  soleProprietor?: string;
  /** [code, primary "Y"/"N", license, license state] */
  taxonomies?: Array<[string, "Y" | "N", string?, string?]>;
}

const index = new Map(NPPES_HEADER.map((name, position) => [name, position]));

/** Practice-location and mailing address headers, found once. */
const ADDRESS_HEADERS = (["Mailing", "Practice Location"] as const).map((kind) => {
  const [line1, , city, state, postal, , phone] = address(kind);
  return { line1: line1!, city: city!, state: state!, postal: postal!, phone: phone! };
});

/** Writes the row's values into `fields` (in header order) through `encode`. */
function fill(row: NppesRow, fields: string[], encode: (value: string) => string): string[] {
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined) fields[index.get(name)!] = encode(value);
  };
  set("NPI", row.npi);
  set("Entity Type Code", row.entity);
  set("Provider Organization Name (Legal Business Name)", row.organization);
  set("Provider Last Name (Legal Name)", row.last);
  set("Provider First Name", row.first);
  set("Provider Middle Name", row.middle);
  set("Provider Credential Text", row.credential);
  set("Provider Sex Code", row.sex);
  for (const headers of ADDRESS_HEADERS) {
    set(headers.line1, row.street);
    set(headers.city, row.city);
    set(headers.state, row.state);
    set(headers.postal, row.postal);
    set(headers.phone, row.phone);
  }
  set("Provider Enumeration Date", row.enumerated);
  set("Last Update Date", row.updated);
  set("NPI Deactivation Date", row.deactivated);
  set("Is Sole Proprietor", row.soleProprietor);
  row.taxonomies?.forEach(([code, primary, license, licenseState], slot) => {
    set(`Healthcare Provider Taxonomy Code_${slot + 1}`, code);
    set(`Healthcare Provider Primary Taxonomy Switch_${slot + 1}`, primary);
    set(`Provider License Number_${slot + 1}`, license);
    set(`Provider License Number State Code_${slot + 1}`, licenseState);
  });
  return fields;
}

/** The row's fields in header order, unquoted. */
export function nppesFields(row: NppesRow): string[] {
  return fill(row, new Array<string>(NPPES_HEADER.length).fill(""), (value) => value);
}

/** CMS quotes every field; most are empty and come from the template. */
const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
const EMPTY_LINE = NPPES_HEADER.map(() => '""');

export function nppesLine(row: NppesRow): string {
  return fill(row, EMPTY_LINE.slice(), quote).join(",");
}

export function writeNppesCsv(path: string, rows: Iterable<NppesRow>): number {
  const writer = new CsvWriter(path, [NPPES_HEADER.map(quote).join(",")]);
  for (const row of rows) writer.writeLine(nppesLine(row));
  writer.close();
  return writer.rows;
}

const CITIES: Array<[string, string, string]> = [
  ["INDIANAPOLIS", "IN", "46202"],
  ["CARMEL", "IN", "46032"],
  ["NOBLESVILLE", "IN", "46060"],
  ["CHICAGO", "IL", "60611"],
  ["COLUMBUS", "OH", "43215"],
  ["LOUISVILLE", "KY", "40202"],
];
const INDIVIDUAL_TAXONOMIES = [
  "207X00000X",
  "207XS0117X",
  "207Q00000X",
  "363A00000X",
  "225100000X",
  "207R00000X",
];
const ORGANISATION_TAXONOMIES = ["282N00000X", "261QA1903X", "261QM1300X"];

const date = (rng: Rng) =>
  `${String(rng.int(1, 12)).padStart(2, "0")}/${String(rng.int(1, 28)).padStart(2, "0")}/${rng.int(2005, 2024)}`;

/**
 * `count` synthetic providers, in NPI order: 80% individuals, 18% organisations, 2% deactivated;
 * one to three taxonomies each. The same seed gives the same file byte for byte.
 */
export function* syntheticNppesRows(count: number, seed: number): Generator<NppesRow> {
  const rng = new Rng(seed);
  for (let i = 0; i < count; i++) {
    const npi = completeNpi(String(100_000_000 + i * 7));
    const kind = rng.next();
    if (kind < 0.02) {
      yield { npi, entity: "", deactivated: date(rng) };
      continue;
    }
    const [city, state, zip] = rng.pick(CITIES);
    const individual = kind < 0.82;
    const pool = individual ? INDIVIDUAL_TAXONOMIES : ORGANISATION_TAXONOMIES;
    const taxonomies = Array.from({ length: rng.int(1, 3) }, (_, slot) => [
      rng.pick(pool),
      slot === 0 ? "Y" : "N",
      individual ? `L${rng.int(10000, 99999)}` : undefined,
      individual ? state : undefined,
    ]) as NppesRow["taxonomies"];
    yield {
      npi,
      entity: individual ? "1" : "2",
      ...(individual
        ? {
            last: rng.pick(LAST_NAMES).toUpperCase(),
            first: rng.pick(FIRST_NAMES).toUpperCase(),
            middle: rng.pick(MIDDLE_INITIALS),
            credential: rng.pick(["MD", "DO", "PA-C", "NP", "DPT"]),
            sex: rng.pick(["F", "M"]),
            soleProprietor: rng.pick(["Y", "N", "X"]),
          }
        : {
            organization: `${rng.pick(LAST_NAMES).toUpperCase()} ${rng.pick(["HEALTH", "ORTHOPEDICS", "SURGERY CENTER", "HOSPITAL"])}`,
          }),
      street: `${rng.int(1, 9999)} ${rng.pick(["MAIN", "OAK", "MERIDIAN", "WASHINGTON"])} ST`,
      city,
      state,
      postal: `${zip}${String(rng.int(0, 9999)).padStart(4, "0")}`,
      phone: String(rng.int(2_000_000_000, 9_999_999_999)),
      enumerated: date(rng),
      updated: date(rng),
      taxonomies,
    };
  }
}

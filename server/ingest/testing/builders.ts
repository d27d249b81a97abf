/** Tiny practice and market tables for tests, built in code (no fixture files). */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { completeNpi } from "../../reference/npi.ts";

export const npiA = completeNpi("123456789");
export const npiB = completeNpi("198765432");
export const npiFacility = completeNpi("155555555");
/** Ten digits with a wrong check digit. */
export const badNpi = `${npiA.slice(0, 9)}${(Number(npiA[9]) + 1) % 10}`;

export type Row = Record<string, string | number | null | undefined>;

export function toCsv(rows: Row[], columns = Object.keys(rows[0] ?? {})): string {
  const field = (value: Row[string]) => {
    const text = value === null || value === undefined ? "" : String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${[columns.join(","), ...rows.map((row) => columns.map((column) => field(row[column])).join(","))].join("\n")}\n`;
}

export function professionalLine(overrides: Row = {}): Row {
  return {
    claim_id: "C1",
    line: 1,
    service_date: "2024-03-01",
    patient_id: "P001",
    patient_zip: "02134",
    rendering_npi: npiA,
    referring_npi: "",
    place_of_service: "11",
    facility_npi: "",
    location: "Main St",
    cpt: "99213",
    modifier: "",
    units: 1,
    charge_amount: "150.00",
    paid_amount: "90.50",
    payer: "Acme Health",
    ...overrides,
  };
}

export function facilityLine(overrides: Row = {}): Row {
  return {
    claim_id: "F1",
    line: 1,
    service_date: "2024-04-02",
    patient_id: "P002",
    patient_zip: "02135",
    facility_npi: npiFacility,
    bill_type: "0831",
    revenue_code: "0360",
    cpt: "29881",
    drg: "",
    operating_npi: npiB,
    units: 1,
    charge_amount: "4000",
    paid_amount: "2500",
    payer: "Medicare",
    ...overrides,
  };
}

export function marketRow(overrides: Row = {}): Row {
  return {
    year: 2024,
    claim_id: "M1",
    patient_zip: "02134",
    setting: "",
    place_of_service: "",
    bill_type: "0131",
    drg: "",
    cpt: "27447",
    facility_npi: npiFacility,
    facility_name: "General Hospital",
    facility_zip: "02139",
    rendering_npi: npiA,
    rendering_name: "Dr A",
    referring_npi: "",
    referring_name: "",
    cases: 2,
    charge_amount: "30000",
    paid_amount: "12000",
    ...overrides,
  };
}

/** A data folder (realpath'd, as DuckDB compares real paths) with a scratch folder inside it. */
export function tempDataDir(prefix = "vitality-ingest-") {
  const dataDir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const inputs = join(dataDir, "inputs");
  mkdirSync(inputs, { recursive: true });
  return {
    dataDir,
    /** Writes a file to upload; inputs live outside the sandbox folders ingestion generates. */
    write(name: string, content: string | Uint8Array) {
      const path = join(inputs, name);
      writeFileSync(path, content);
      return path;
    },
  };
}

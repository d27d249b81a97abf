import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { completeNpi } from "../reference/npi.ts";
import { importNppes, NppesFileError } from "./nppesImport.ts";
import { localRegistrySource, openNpiRegistry } from "./openRegistry.ts";
import { ParquetNpiRegistry, REGISTRY_PARQUET_PATH } from "./parquetRegistry.ts";
import { type NppesRow, syntheticNppesRows, writeNppesCsv } from "./testing/nppesCsv.ts";

const surgeon = completeNpi("170000001");
const hospital = completeNpi("170000002");
const gone = completeNpi("170000003");

const rows: NppesRow[] = [
  {
    npi: hospital,
    entity: "2",
    organization: "RIVERVIEW HEALTH",
    street: "395 WESTFIELD RD",
    city: "NOBLESVILLE",
    state: "IN",
    postal: "460601425",
    phone: "3177735100",
    enumerated: "05/23/2005",
    updated: "07/08/2007",
    taxonomies: [["282N00000X", "Y"]],
  },
  {
    npi: surgeon,
    entity: "1",
    last: "O'NEIL",
    first: "MARY",
    middle: "K",
    credential: "M.D.",
    sex: "F",
    soleProprietor: "N",
    street: "13100 E 136TH ST, SUITE 2000",
    city: "FISHERS",
    state: "IN",
    postal: "460379606",
    enumerated: "06/01/2005",
    updated: "11/21/2023",
    taxonomies: [
      ["207X00000X", "N", "01052117A", "IN"],
      ["207XS0117X", "Y", "01052117A", "IN"],
    ],
  },
  { npi: gone, entity: "", deactivated: "03/15/2019" },
];

describe("vitality registry import-nppes", () => {
  const dir = mkdtempSync(join(tmpdir(), "vitality-nppes-"));
  const dataDir = join(dir, "data");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("the dissemination file's columns become v2.1 answers; deactivated NPIs are left out", async () => {
    const csv = join(dir, "npidata_pfile_20250901-20250907.csv");
    writeNppesCsv(csv, rows);
    const taxonomy = join(dir, "nucc_taxonomy_250.csv");
    writeFileSync(
      taxonomy,
      'Code,Grouping,Classification,Specialization,Definition,Notes,Display Name,Section\n207XS0117X,Allopathic & Osteopathic Physicians,Orthopaedic Surgery,Orthopaedic Surgery of the Spine,"An orthopaedic surgeon who ...",,Spine Orthopaedic Surgery Physician,Individual\n282N00000X,Hospitals,General Acute Care Hospital,,"A hospital ...",,General Acute Care Hospital,Non-Individual\n',
    );
    expect(localRegistrySource(dataDir)).toBe("fallback");
    const result = await importNppes(csv, { dataDir, taxonomyFile: taxonomy, threads: 1 });
    expect(result.rows).toBe(2);
    expect(localRegistrySource(dataDir)).toBe("nppes-import");

    const registry = openNpiRegistry({
      dataDir,
      fallbackDir: dir,
      nppesApi: { enabled: false, url: "http://unused/", timeoutMs: 100 },
      logger: { warn: () => {} },
    });
    expect(registry).toBeInstanceOf(ParquetNpiRegistry);
    const found = await registry.lookupNpi(surgeon);
    expect(found).toEqual({
      result_count: 1,
      results: [
        {
          number: surgeon,
          enumeration_type: "NPI-1",
          basic: {
            first_name: "MARY",
            last_name: "O'NEIL",
            middle_name: "K",
            credential: "M.D.",
            sex: "F",
            sole_proprietor: "NO",
            enumeration_date: "2005-06-01",
            last_updated: "2023-11-21",
            status: "A",
          },
          addresses: (["LOCATION", "MAILING"] as const).map((purpose) => ({
            country_code: "US",
            country_name: "United States",
            address_purpose: purpose,
            address_type: "DOM",
            address_1: "13100 E 136TH ST, SUITE 2000",
            city: "FISHERS",
            state: "IN",
            postal_code: "460379606",
          })),
          taxonomies: [
            // Not in the NUCC file given: the built-in name of a common code.
            {
              code: "207X00000X",
              taxonomy_group: "",
              desc: "Orthopaedic Surgery",
              state: "IN",
              license: "01052117A",
              primary: false,
            },
            {
              code: "207XS0117X",
              taxonomy_group: "",
              desc: "Orthopaedic Surgery, Orthopaedic Surgery of the Spine",
              state: "IN",
              license: "01052117A",
              primary: true,
            },
          ],
        },
      ],
    });
    const organisation = (await registry.lookupNpi(hospital)).results[0]!;
    expect(organisation.enumeration_type).toBe("NPI-2");
    expect(organisation.basic).toEqual({
      organization_name: "RIVERVIEW HEALTH",
      enumeration_date: "2005-05-23",
      last_updated: "2007-07-08",
      status: "A",
    });
    expect(organisation.taxonomies[0]!.desc).toBe("General Acute Care Hospital");
    expect(await registry.lookupNpi(gone)).toEqual({ result_count: 0, results: [] });

    expect((await registry.search({ last_name: "o'neil" })).results.map((r) => r.number)).toEqual([surgeon]);
    expect((await registry.search({ organization_name: "river*" })).results.map((r) => r.number)).toEqual([
      hospital,
    ]);
    expect((await registry.search({ postal_code: "46060", enumeration_type: "NPI-1" })).result_count).toBe(0);
    (registry as ParquetNpiRegistry).close();
  });

  test("a second import replaces the registry whole", async () => {
    const csv = join(dir, "second.csv");
    const count = writeNppesCsv(csv, syntheticNppesRows(500, 3));
    const result = await importNppes(csv, { dataDir, threads: 1 });
    expect(count).toBe(500);
    // Every synthetic row but the deactivated ones (2% of them).
    expect(result.rows).toBeGreaterThan(470);
    expect(result.rows).toBeLessThan(500);
    const registry = new ParquetNpiRegistry(dataDir);
    expect((await registry.lookupNpi(surgeon)).result_count).toBe(0);
    expect((await registry.search({ limit: 500 })).result_count).toBe(200);
    registry.close();
  });

  test("a file that is not an NPPES file is refused and the registry stays", async () => {
    const before = Bun.file(join(dataDir, REGISTRY_PARQUET_PATH)).size;
    const csv = join(dir, "claims.csv");
    writeFileSync(csv, "NPI,name\n1234567893,X\n");
    const attempt = importNppes(csv, { dataDir, threads: 1 });
    await expect(attempt).rejects.toBeInstanceOf(NppesFileError);
    await expect(importNppes(csv, { dataDir, threads: 1 })).rejects.toThrow(
      'is not an NPPES dissemination file: no column "Entity Type Code", "Provider Organization Name (Legal Business Name)"',
    );
    await expect(importNppes(join(dir, "missing.csv"), { dataDir })).rejects.toThrow(
      "missing.csv: no such file",
    );
    expect(Bun.file(join(dataDir, REGISTRY_PARQUET_PATH)).size).toBe(before);
    expect(existsSync(join(dataDir, `${REGISTRY_PARQUET_PATH}.importing`))).toBe(false);
  });

  test("a file with no valid provider row is refused and the registry stays", async () => {
    const registryFile = join(dataDir, REGISTRY_PARQUET_PATH);
    const before = Bun.hash(readFileSync(registryFile));
    const headerOnly = join(dir, "header-only.csv");
    writeNppesCsv(headerOnly, []);
    const allInvalid = join(dir, "all-invalid.csv");
    writeNppesCsv(allInvalid, [
      { npi: "12345", entity: "1", last: "SHORT" },
      { npi: gone, entity: "", deactivated: "03/15/2019" },
      { npi: "ABCDEFGHIJ", entity: "2", organization: "LETTERS" },
    ]);
    const unterminated = join(dir, "unterminated.csv");
    writeNppesCsv(unterminated, []);
    writeFileSync(unterminated, `${readFileSync(unterminated, "utf8")}"${surgeon}","1","`);
    const openQuoteAfterRows = join(dir, "open-quote-after-rows.csv");
    writeNppesCsv(openQuoteAfterRows, rows);
    writeFileSync(openQuoteAfterRows, `${readFileSync(openQuoteAfterRows, "utf8")}"${hospital}","2","`);
    for (const file of [headerOnly, allInvalid, unterminated, openQuoteAfterRows]) {
      await expect(importNppes(file, { dataDir, threads: 1 })).rejects.toThrow(
        /has no valid provider row|cannot be read as a CSV file|could not be imported/,
      );
      expect(Bun.hash(readFileSync(registryFile))).toBe(before);
      expect(existsSync(`${registryFile}.importing`)).toBe(false);
    }
    const registry = new ParquetNpiRegistry(dataDir);
    expect((await registry.search({ limit: 500 })).result_count).toBe(200);
    registry.close();
  });

  test("the same seed writes the same file", () => {
    const a = join(dir, "a.csv");
    const b = join(dir, "b.csv");
    writeNppesCsv(a, syntheticNppesRows(300, 11));
    writeNppesCsv(b, syntheticNppesRows(300, 11));
    expect(Bun.hash(readFileSync(a))).toBe(Bun.hash(readFileSync(b)));
  });
});

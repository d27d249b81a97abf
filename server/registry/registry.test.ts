import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isValidNpi } from "../reference/npi.ts";
import { LocalNpiRegistry, loadLocalRegistry } from "./localRegistry.ts";
import type { NppesResult } from "./nppesShape.ts";

const surgeon: NppesResult = {
  enumeration_type: "NPI-1",
  number: "1234567893",
  basic: { first_name: "JANE", last_name: "DOE", credential: "MD" },
  addresses: [
    {
      country_code: "US",
      country_name: "United States",
      address_purpose: "LOCATION",
      address_type: "DOM",
      address_1: "1 MAIN ST",
      city: "NOBLESVILLE",
      state: "IN",
      postal_code: "460600000",
    },
  ],
  taxonomies: [{ code: "207X00000X", desc: "Orthopaedic Surgery", primary: true }],
};
const hospital: NppesResult = {
  ...surgeon,
  enumeration_type: "NPI-2",
  number: "1245319599",
  basic: { organization_name: "HAMILTON NORTHSIDE HOSPITAL" },
};

describe("local NPI registry", () => {
  const registry = new LocalNpiRegistry([surgeon, hospital]);

  test("looks an NPI up in the NPPES answer shape", async () => {
    expect(await registry.lookupNpi("1234567893")).toEqual({ result_count: 1, results: [surgeon] });
    expect(await registry.lookupNpi("1111111112")).toEqual({ result_count: 0, results: [] });
  });

  test("searches by name, case-insensitive, with trailing wildcards", async () => {
    expect((await registry.search({ last_name: "doe" })).results.map((r) => r.number)).toEqual([
      "1234567893",
    ]);
    expect((await registry.search({ organization_name: "hamilton*" })).result_count).toBe(1);
    expect((await registry.search({ first_name: "JA*", enumeration_type: "NPI-2" })).result_count).toBe(0);
    expect((await registry.search({ postal_code: "46060", limit: 1 })).result_count).toBe(1);
  });

  test("loads .json and .jsonl registry files", () => {
    const dir = mkdtempSync(join(tmpdir(), "registry-"));
    mkdirSync(join(dir, "json", "registry"), { recursive: true });
    mkdirSync(join(dir, "jsonl", "registry"), { recursive: true });
    writeFileSync(
      join(dir, "json", "registry", "npi_registry.json"),
      JSON.stringify({ result_count: 2, results: [surgeon, hospital] }),
    );
    writeFileSync(
      join(dir, "jsonl", "registry", "npi_registry.jsonl"),
      `${JSON.stringify(surgeon)}\n${JSON.stringify(hospital)}\n`,
    );
    expect(loadLocalRegistry(join(dir, "json")).size).toBe(2);
    expect(
      loadLocalRegistry(join(dir, "jsonl")).lookupNow("1245319599").results[0]?.basic.organization_name,
    ).toBe("HAMILTON NORTHSIDE HOSPITAL");
    expect(loadLocalRegistry(join(dir, "none")).size).toBe(0);
  });

  test("the small fixture's registry resolves every organisation provider and facility", () => {
    const fixture = join(import.meta.dir, "..", "..", "fixtures", "small");
    const fixtureRegistry = loadLocalRegistry(fixture);
    const organisation = JSON.parse(
      readFileSync(join(fixture, "organizations", "demo", "organization.json"), "utf8"),
    );
    for (const provider of organisation.providers) {
      const answer = fixtureRegistry.lookupNow(provider.npi);
      expect(answer.result_count).toBe(1);
      expect(answer.results[0]!.enumeration_type).toBe("NPI-1");
      expect(`${answer.results[0]!.basic.last_name}`).toBe(provider.last_name.toUpperCase());
    }
    for (const facility of organisation.facilities) {
      expect(fixtureRegistry.lookupNow(facility.npi).results[0]?.enumeration_type).toBe("NPI-2");
    }
    for (const result of JSON.parse(readFileSync(join(fixture, "registry", "npi_registry.json"), "utf8"))
      .results) {
      expect(isValidNpi(result.number)).toBe(true);
    }
  });
});

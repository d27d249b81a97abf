import { afterAll, describe, expect, test } from "bun:test";
import { completeNpi } from "../../server/reference/npi.ts";
import {
  facility,
  marketCase,
  practiceLine,
  registryEntry,
  schemeHarness,
} from "../../server/schemes/testing/schemeHarness.ts";
import scheme, { NO_FACILITY_NOTE } from "./scheme.ts";

const harness = schemeHarness();
afterAll(() => harness.close());

const MAIN = completeNpi("100000001");
const BROKEN = `${MAIN.slice(0, 9)}${(Number(MAIN[9]) + 1) % 10}`; // wrong check digit
const UNLISTED = completeNpi("100000002");
const RENAMED = completeNpi("100000003");
const PERSON = completeNpi("100000004");

describe("validation_facility", () => {
  test("one note per problem, the worst problem sets the state, errors fail the validation", async () => {
    const result = await harness.run(scheme, {
      facilities: [
        facility({ npi: MAIN, name: "Main Ortho Center, LLC" }),
        facility({ npi: BROKEN, name: "Typo" }),
        facility({ npi: UNLISTED, name: "Unlisted", locations: [{ name: "North Clinic" }] }),
        facility({ npi: RENAMED, name: "Old Name Surgery" }),
        facility({ npi: PERSON, name: "Person" }),
      ],
      registry: [
        registryEntry(MAIN, { organization_name: "MAIN ORTHO CENTER" }),
        registryEntry(RENAMED, { organization_name: "NEW NAME HOSPITAL" }),
        registryEntry(PERSON, { first_name: "ANN", last_name: "LEE" }),
      ],
      practice: [
        // MAIN: two lines of one claim and a second claim = 2 claims.
        practiceLine({ claim_id: "A", line: 1, facility_npi: MAIN }),
        practiceLine({ claim_id: "A", line: 2, facility_npi: MAIN }),
        practiceLine({ claim_id: "B", facility_npi: MAIN }),
        // UNLISTED only through its location's name: 1 claim.
        practiceLine({ claim_id: "C", location: "North Clinic" }),
        practiceLine({ claim_id: "D", facility_npi: RENAMED }),
        practiceLine({ claim_id: "E", facility_npi: PERSON }),
      ],
      market: [
        marketCase({ facility_npi: MAIN, cases: 3 }),
        marketCase({ facility_npi: MAIN, cases: 2 }),
        marketCase({ facility_npi: RENAMED, cases: 1 }),
        marketCase({ facility_npi: PERSON, cases: 1 }),
      ],
    });
    const byNpi = Object.fromEntries(result.rows.map((row) => [row.npi, row]));
    // Rows follow the profile's order.
    expect(result.rows.map((row) => row.npi)).toEqual([MAIN, BROKEN, UNLISTED, RENAMED, PERSON]);
    // MAIN: the names match once "LLC" and punctuation are set aside; 2 claims, 3+2 = 5 market cases.
    expect(byNpi[MAIN]).toMatchObject({ state: "valid", note: "" });
    expect(byNpi[MAIN]!.checks).toEqual({
      npi_check_digit: true,
      in_registry: true,
      registry_name: "MAIN ORTHO CENTER",
      name_match: true,
      practice_claims: 2,
      market_cases: 5,
    });
    expect(byNpi[BROKEN]).toMatchObject({
      state: "error",
      note:
        `NPI ${BROKEN} is not a valid NPI (check digit). No claim of the practice data names this facility. ` +
        "The market data has no case at this facility.",
    });
    expect(byNpi[UNLISTED]).toMatchObject({
      state: "warning",
      note: `NPI ${UNLISTED} was not found in the provider registry. The market data has no case at this facility.`,
    });
    expect(byNpi[UNLISTED]!.checks.practice_claims).toBe(1);
    expect(byNpi[RENAMED]).toMatchObject({
      state: "warning",
      note: "The name 'Old Name Surgery' differs from the registry's 'NEW NAME HOSPITAL'.",
    });
    expect(byNpi[PERSON]).toMatchObject({
      state: "error",
      note: `NPI ${PERSON} belongs to an individual in the provider registry.`,
    });
    expect(result.valid).toBe(false);
    expect(result.note).toBe("");
  });

  test("warnings alone leave the validation valid", async () => {
    const result = await harness.run(scheme, {
      facilities: [facility({ npi: UNLISTED, name: "Unlisted" })],
      practice: [practiceLine({ facility_npi: UNLISTED })],
      market: [marketCase({ facility_npi: UNLISTED })],
    });
    expect(result.rows[0]).toMatchObject({ state: "warning" });
    expect(result.valid).toBe(true);
  });

  test("a profile without facilities does not pass", async () => {
    const result = await harness.run(scheme, {});
    expect(result).toEqual({ valid: false, note: NO_FACILITY_NOTE, rows: [] });
  });
});

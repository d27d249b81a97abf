import { afterAll, describe, expect, test } from "bun:test";
import { completeNpi } from "../../server/reference/npi.ts";
import {
  marketCase,
  practiceLine,
  provider,
  registryEntry,
  schemeHarness,
} from "../../server/schemes/testing/schemeHarness.ts";
import scheme, { NO_PROVIDER_NOTE } from "./scheme.ts";

const harness = schemeHarness();
afterAll(() => harness.close());

const SURGEON = completeNpi("200000001");
const THERAPIST = completeNpi("200000002");
const NICKNAME = completeNpi("200000003");
const CLINIC = completeNpi("200000004");
const BROKEN = `${SURGEON.slice(0, 9)}${(Number(SURGEON[9]) + 1) % 10}`;

describe("validation_provider", () => {
  test("one note per problem; physicians are expected in the market data, therapists are not", async () => {
    const result = await harness.run(scheme, {
      providers: [
        provider({ npi: SURGEON, firstName: "Chris", lastName: "O'Neil", category: "Physician" }),
        provider({ npi: THERAPIST, firstName: "Ann", lastName: "Lee", category: "Therapist" }),
        provider({ npi: NICKNAME, firstName: "Bob", lastName: "Stone", category: "Physician" }),
        provider({ npi: CLINIC, firstName: "Eve", lastName: "Park", category: "Physician" }),
        provider({ npi: BROKEN, firstName: "Tom", lastName: "Hill", category: "Physician" }),
      ],
      registry: [
        registryEntry(SURGEON, { first_name: "CHRISTOPHER", last_name: "ONEIL" }),
        registryEntry(THERAPIST, { first_name: "ANN", last_name: "LEE" }),
        registryEntry(NICKNAME, { first_name: "ROBERT", last_name: "STONE" }),
        registryEntry(CLINIC, { organization_name: "PARK CLINIC" }),
      ],
      practice: [
        // SURGEON: claims A (two lines) and B = 2 claims.
        practiceLine({ claim_id: "A", line: 1, rendering_npi: SURGEON }),
        practiceLine({ claim_id: "A", line: 2, rendering_npi: SURGEON }),
        practiceLine({ claim_id: "B", rendering_npi: SURGEON }),
        practiceLine({ claim_id: "C", rendering_npi: THERAPIST, category: "other_pt_ot" }),
        practiceLine({ claim_id: "D", rendering_npi: NICKNAME }),
        practiceLine({ claim_id: "E", rendering_npi: CLINIC }),
      ],
      market: [
        marketCase({ rendering_npi: SURGEON, cases: 4 }),
        marketCase({ rendering_npi: NICKNAME, cases: 1 }),
        marketCase({ rendering_npi: CLINIC, cases: 1 }),
      ],
    });
    const byNpi = Object.fromEntries(result.rows.map((row) => [row.npi, row]));
    // "O'Neil" and "ONEIL" differ by punctuation only; "CHRIS" is the start of "CHRISTOPHER".
    expect(byNpi[SURGEON]).toMatchObject({ state: "valid", note: "", name: "Chris O'Neil" });
    expect(byNpi[SURGEON]!.checks).toEqual({
      npi_check_digit: true,
      in_registry: true,
      registry_name: "CHRISTOPHER ONEIL",
      name_match: true,
      practice_claims: 2,
      market_cases: 4,
    });
    // No market case, but a therapist is not expected there.
    expect(byNpi[THERAPIST]).toMatchObject({ state: "valid", note: "" });
    expect(byNpi[NICKNAME]).toMatchObject({
      state: "warning",
      note: "The name 'Bob Stone' differs from the registry's 'ROBERT STONE'.",
    });
    expect(byNpi[CLINIC]).toMatchObject({
      state: "error",
      note: `NPI ${CLINIC} belongs to an organisation in the provider registry.`,
    });
    expect(byNpi[BROKEN]).toMatchObject({
      state: "error",
      note:
        `NPI ${BROKEN} is not a valid NPI (check digit). No claim of the practice data was rendered by this provider. ` +
        "The market data has no case rendered by this provider.",
    });
    expect(result.valid).toBe(false);
  });

  test("valid when no row is in error; invalid without providers", async () => {
    const ok = await harness.run(scheme, {
      providers: [provider({ npi: SURGEON, firstName: "Chris", lastName: "Oneil" })],
      practice: [practiceLine({ rendering_npi: SURGEON })],
    });
    // Not in the registry and no market case: two warnings, still valid.
    expect(ok.rows[0]).toMatchObject({
      state: "warning",
      note: `NPI ${SURGEON} was not found in the provider registry. The market data has no case rendered by this provider.`,
    });
    expect(ok.valid).toBe(true);
    expect(await harness.run(scheme, {})).toEqual({ valid: false, note: NO_PROVIDER_NOTE, rows: [] });
  });
});

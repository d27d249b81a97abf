import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { completeNpi } from "../reference/npi.ts";
import { openFixture } from "./fixtureRun.ts";

/*
 * A fixture folder of data-contract.md section 8, written by the test: organisation "tiny" with
 * one provider; market 2024 with 1 case of its provider and 3 of a competitor, all spine in the PSA.
 */
const own = completeNpi("111111111");
const competitor = completeNpi("400000000");
const hospital = completeNpi("300000000");
let fixture: string;

const csv = (rows: Record<string, string | number>[]) =>
  `${Object.keys(rows[0]!).join(",")}\n${rows.map((row) => Object.values(row).join(",")).join("\n")}\n`;
const marketRow = (rendering: string, cases: number) => ({
  year: 2024,
  patient_zip: "46060",
  setting: "IP",
  cpt: "22630",
  facility_npi: hospital,
  facility_name: "General Hospital",
  facility_zip: "46060",
  rendering_npi: rendering,
  rendering_name: rendering === own ? "Dr Own" : "Dr Other",
  cases,
});

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), "vitality-fixture-"));
  const put = (path: string, content: string) => {
    mkdirSync(join(fixture, path, ".."), { recursive: true });
    writeFileSync(join(fixture, path), content);
  };
  put("market/2024/market_ip.csv", csv([marketRow(own, 1), marketRow(competitor, 3)]));
  put(
    "organizations/tiny/organization.json",
    JSON.stringify({
      name: "Tiny Orthopaedics",
      facilities: [],
      providers: [{ npi: own, full_name: "Dr Own" }],
      service_areas: { "2024": [{ zipcode: "46060", type: "PSA" }] },
    }),
  );
});
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

test("vitality run: a fixture folder is ingested and the analysis answers the API's JSON", async () => {
  const session = await openFixture(fixture, "tiny");
  const outcome = await session.run("querie1", { year: 2024 });
  expect(outcome.status).toBe("ok");
  const body = outcome.body as { querie: string; year: number; results: Record<string, unknown> };
  expect(body.querie).toBe("querie1");
  expect(body.year).toBe(2024);
  expect(body.results.customer_market_share).toEqual({ claims: 1, market_share: 25 });

  const refused = await session.run("querie3", { year: 2024, servicelines: ["spine"] });
  await session.close();
  expect(refused).toEqual({
    status: "error",
    body: {
      status: 400,
      code: "field_invalid",
      detail: "filters.servicelines: must list at least 3 service lines",
      errors: [{ field: "filters.servicelines", message: "must list at least 3 service lines" }],
    },
  });
}, 60_000);

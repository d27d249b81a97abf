import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DuckDb, openDuckDb } from "../../duckdb/open.ts";
import { completeNpi } from "../npi.ts";
import { derivationJoins, derivedColumns, prepareDerivations } from "./derive.ts";
import { loadCodeTables } from "./load.ts";

interface Line {
  line_kind: "institutional" | "professional";
  cpt?: string;
  drg?: string;
  bill_type?: string;
  revenue_code?: string;
  place_of_service?: string;
}

let dataDir: string;
let duck: DuckDb;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "vitality-codes-"));
  duck = await openDuckDb({ dataDir, threads: 1 });
  await loadCodeTables(duck);
});
afterAll(() => {
  duck.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function derive(line: Line) {
  await duck.run(
    `CREATE OR REPLACE TEMP TABLE lines AS SELECT $1::VARCHAR AS line_kind, $2::VARCHAR AS cpt, $3::VARCHAR AS drg,
       $4::VARCHAR AS bill_type, $5::VARCHAR AS revenue_code, $6::VARCHAR AS place_of_service`,
    [
      line.line_kind,
      line.cpt ?? null,
      line.drg ?? null,
      line.bill_type ?? null,
      line.revenue_code ?? null,
      line.place_of_service ?? null,
    ],
  );
  await prepareDerivations(duck, "lines");
  const [row] = await duck.all<{
    setting: string | null;
    category: string | null;
    service_line: string | null;
    is_surgical: boolean;
  }>(`SELECT ${derivedColumns("l")} FROM lines AS l ${derivationJoins("l")}`);
  return row!;
}

const professional = (cpt: string): Line => ({ line_kind: "professional", cpt, place_of_service: "11" });

describe("category by CPT/HCPCS, first row in table order", () => {
  test.each([
    ["27130", "le_joint_replacement", "le_joint_replacement"],
    ["27447", "le_joint_replacement", "le_joint_replacement"],
    ["27136", "le_joint_replacement", "le_joint_replacement"],
    ["22633", "spine", "spine"],
    ["63030", "spine", "spine"],
    ["20936", "spine", "spine"],
    ["27245", "trauma", "trauma"],
    ["20692", "trauma", "trauma"],
    // 29805-29999 is arthroscopy (sports medicine), matched before casting's 29000-29799.
    ["29881", "sports_medicine", "sports_medicine"],
    ["29805", "sports_medicine", "sports_medicine"],
    ["23412", "sports_medicine", "sports_medicine"],
    // 23000-26989 "not matched above": 25600 is trauma, 25000 hand/upper extremity.
    ["25000", "hand_ue", "hand_ue"],
    ["25600", "trauma", "trauma"],
    ["64721", "hand_ue", "hand_ue"],
    ["27702", "le_joint_replacement", "le_joint_replacement"],
    ["27650", "foot_ankle", "foot_ankle"],
    ["27760", "trauma", "trauma"],
    ["28296", "foot_ankle", "foot_ankle"],
    ["99204", "new_patient_em", null],
    ["99243", "new_patient_em", null],
    ["99213", "established_em", null],
    ["76942", "ultrasound", null],
    ["73221", "advanced_imaging", null],
    ["97163", "initial_eval", null],
    ["97110", "other_pt_ot", null],
    ["97164", "other_pt_ot", null],
    ["98941", "chiropractic", null],
    // Casting sits inside the surgical range 20000-29999 but is not surgical.
    ["29125", "casting_splinting", null],
    ["29799", "casting_splinting", null],
    ["Q4010", "casting_splinting", null],
    // 20610 (joint aspiration/injection) is inside the surgical range too.
    ["20610", "aspiration_injection", null],
    ["20600", "aspiration_injection", null],
    ["20611", "aspiration_injection", null],
    ["20552", "aspiration_injection", null],
    ["J3301", "aspiration_injection", null],
    ["J7325", "aspiration_injection", null],
    ["20612", "other_surgical", "other"],
    ["20000", "other_surgical", "other"],
    ["20680", "other_surgical", "other"],
    ["29999", "sports_medicine", "sports_medicine"],
  ])("%s is %s (service line %s)", async (cpt, category, serviceLine) => {
    const row = await derive(professional(cpt));
    expect(row.category).toBe(category);
    expect(row.service_line).toBe(serviceLine);
    expect(row.is_surgical).toBe(serviceLine !== null);
  });

  test.each([
    ["70010", "a numeric code outside every range"],
    ["Q4052", "a HCPCS code just past Q4001-Q4051"],
    ["J7333", "a HCPCS code just past J7321-J7332"],
    ["2001F", "a CPT category II code whose string sorts inside 20000-29999"],
    ["36415", "a blood draw (venipuncture), outside the musculoskeletal section"],
    ["66984", "a cataract operation"],
    ["11042", "a skin debridement"],
    ["19999", "a code just below 20000"],
    ["30000", "a code just above 29999"],
    ["64999", "a nerve procedure outside the listed ranges"],
    ["0275T", "a category III code"],
  ])("%s (%s) has no category", async (cpt) => {
    const row = await derive(professional(cpt));
    expect(row.category).toBeNull();
    expect(row.is_surgical).toBe(false);
  });
});

describe("category of a line with a DRG", () => {
  test.each([
    ["470", "le_joint_replacement"],
    ["460", "spine"],
    ["519", "spine"],
    ["481", "trauma"],
    ["493", "trauma"],
    ["507", "sports_medicine"],
    ["512", "hand_ue"],
    ["504", "foot_ankle"],
    ["516", "other_surgical"],
  ])("DRG-only line %s takes %s", async (drg, category) => {
    const row = await derive({ line_kind: "institutional", drg, bill_type: "111" });
    expect(row.category).toBe(category);
    expect(row.is_surgical).toBe(true);
  });

  test("a DRG outside the map gives no category", async () => {
    expect((await derive({ line_kind: "institutional", drg: "291", bill_type: "111" })).category).toBeNull();
  });

  test("a line with a CPT keeps the CPT's category, not the DRG's", async () => {
    const row = await derive({ line_kind: "institutional", drg: "470", cpt: "99213", bill_type: "111" });
    expect(row.category).toBe("established_em");
  });
});

describe("setting, first rule that matches", () => {
  test.each<[string, Line, string | null]>([
    ["institutional with a DRG", { line_kind: "institutional", drg: "470", bill_type: "131" }, "IP"],
    ["bill type 11x", { line_kind: "institutional", bill_type: "111" }, "IP"],
    ["bill type 12x", { line_kind: "institutional", bill_type: "121" }, "IP"],
    ["bill type 083x (normalised 83x)", { line_kind: "institutional", bill_type: "831" }, "ASC"],
    ["revenue code 049x", { line_kind: "institutional", bill_type: "131", revenue_code: "0490" }, "ASC"],
    ["bill type 13x", { line_kind: "institutional", bill_type: "131", revenue_code: "0360" }, "OP"],
    ["bill type 85x", { line_kind: "institutional", bill_type: "851" }, "OP"],
    ["institutional bill type 71x", { line_kind: "institutional", bill_type: "711" }, null],
    ["POS 21", { line_kind: "professional", place_of_service: "21" }, "IP"],
    ["POS 24", { line_kind: "professional", place_of_service: "24" }, "ASC"],
    ["POS 19", { line_kind: "professional", place_of_service: "19" }, "OP"],
    ["POS 22", { line_kind: "professional", place_of_service: "22" }, "OP"],
    ["POS 23", { line_kind: "professional", place_of_service: "23" }, "OP"],
    ["POS 11", { line_kind: "professional", place_of_service: "11" }, "OFFICE"],
    ["POS 12 (home)", { line_kind: "professional", place_of_service: "12" }, null],
    ["professional line with a bill type", { line_kind: "professional", bill_type: "111" }, null],
  ])("%s", async (_name, line, setting) => {
    expect((await derive(line)).setting).toBe(setting);
  });
});

describe("npi_valid macro", () => {
  test("agrees with the check digit", async () => {
    const valid = completeNpi("123456789");
    const invalid = `${valid.slice(0, 9)}${(Number(valid[9]) + 1) % 10}`;
    const rows = await duck.all<{ a: boolean; b: boolean; c: boolean }>(
      "SELECT npi_valid($1) AS a, npi_valid($2) AS b, npi_valid($3) AS c",
      [valid, invalid, "12345"],
    );
    expect(rows[0]).toEqual({ a: true, b: false, c: false });
  });
});

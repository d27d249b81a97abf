import { describe, expect, test } from "bun:test";
import { facilityLine, marketRow, npiA, professionalLine, tempDataDir, toCsv } from "./testing/builders.ts";
import { readParquet, runJob } from "./testing/runJob.ts";

const practice = { kind: "practice" } as const;

describe("practice_lines derivation", async () => {
  const dir = tempDataDir();
  const professional = dir.write(
    "professional_fees.csv",
    toCsv([
      // Claim C1: an E/M visit, a knee replacement and an injection: one LE joint case.
      professionalLine({ claim_id: "C1", line: 1, cpt: "99204", place_of_service: "11" }),
      professionalLine({ claim_id: "C1", line: 2, cpt: "20610", place_of_service: "22", units: "" }),
      professionalLine({ claim_id: "C1", line: 3, cpt: "27447", place_of_service: "21", paid_amount: "" }),
      // Claim C2: arthroscopy listed before a hip replacement; the case is LE joint (earlier in the table).
      professionalLine({
        claim_id: "C2",
        line: 1,
        cpt: "29881",
        place_of_service: "24",
        patient_zip: "02134-1234",
      }),
      professionalLine({ claim_id: "C2", line: 2, cpt: "27130", place_of_service: "24" }),
      // Claim C3: casting only (29xxx inside the surgical range): no case.
      professionalLine({ claim_id: "C3", line: 1, cpt: "29125", units: 3, payer: "unknown payer" }),
      professionalLine({ claim_id: "C4", line: 1, cpt: "j3301", place_of_service: "12" }),
    ]),
  );
  const facility = dir.write(
    "facility_fees.csv",
    toCsv([
      facilityLine({ claim_id: "F1", line: 1, bill_type: "0831", cpt: "29881", revenue_code: "0360" }),
      facilityLine({ claim_id: "F2", line: 1, bill_type: "111", cpt: "", drg: "470", revenue_code: "" }),
      facilityLine({ claim_id: "F3", line: 1, bill_type: "0131", cpt: "", drg: "", revenue_code: "0490" }),
    ]),
  );
  const payers = dir.write(
    "payor_classification.csv",
    toCsv([
      { payer: "ACME HEALTH", payer_class: "commercial" },
      { payer: "Medicare", payer_class: "medicare" },
    ]),
  );
  const outcome = await runJob(
    dir.dataDir,
    practice,
    [2024],
    [
      { path: professional, originalName: "professional_fees.csv" },
      { path: facility, originalName: "facility_fees.csv" },
      { path: payers, originalName: "payor_classification.csv" },
    ],
  );
  if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
  const lines = await readParquet(dir.dataDir, outcome.outputs[0]!.path, "source, claim_id, line");
  const line = (source: string, claim: string, number: number) =>
    lines.find((row) => row.source === source && row.claim_id === claim && row.line === number)!;

  test("every line is written, with its year and a checksum", () => {
    expect(outcome.rows).toBe(10);
    expect(outcome.years).toEqual([2024]);
    expect(outcome.outputs[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(lines.every((row) => row.year === 2024)).toBe(true);
  });

  test("setting, category, service line and surgical flag per line", () => {
    expect(line("professional", "C1", 1)).toMatchObject({
      setting: "OFFICE",
      category: "new_patient_em",
      service_line: null,
      is_surgical: false,
    });
    expect(line("professional", "C1", 2)).toMatchObject({
      setting: "OP",
      category: "aspiration_injection",
      is_surgical: false,
    });
    expect(line("professional", "C1", 3)).toMatchObject({
      setting: "IP",
      category: "le_joint_replacement",
      service_line: "le_joint_replacement",
      is_surgical: true,
    });
    expect(line("professional", "C2", 1)).toMatchObject({
      setting: "ASC",
      category: "sports_medicine",
      is_surgical: true,
    });
    expect(line("professional", "C3", 1)).toMatchObject({
      category: "casting_splinting",
      is_surgical: false,
    });
    expect(line("professional", "C4", 1)).toMatchObject({
      cpt: "J3301",
      setting: null,
      category: "aspiration_injection",
    });
    expect(line("facility", "F1", 1)).toMatchObject({
      bill_type: "831",
      setting: "ASC",
      category: "sports_medicine",
    });
    expect(line("facility", "F2", 1)).toMatchObject({
      drg: "470",
      setting: "IP",
      category: "le_joint_replacement",
      service_line: "le_joint_replacement",
    });
    expect(line("facility", "F3", 1)).toMatchObject({
      bill_type: "131",
      setting: "ASC",
      category: null,
      is_surgical: false,
    });
  });

  test("ZIP+4 cut to 5, units default 1, missing paid_amount is 0, surgeon of a UB-04 line", () => {
    expect(line("professional", "C2", 1).patient_zip).toBe("02134");
    expect(line("professional", "C1", 2).units).toBe(1);
    expect(line("professional", "C3", 1).units).toBe(3);
    expect(Number(line("professional", "C1", 3).paid_amount)).toBe(0);
    expect(Number(line("professional", "C1", 1).paid_amount)).toBe(90.5);
    expect(line("facility", "F1", 1).rendering_npi).toBe(facilityLine().operating_npi as string);
  });

  test("payer class by payor_classification, case-insensitive; a payer missing there is other", () => {
    expect(line("professional", "C1", 1).payer_class).toBe("commercial");
    expect(line("facility", "F1", 1).payer_class).toBe("medicare");
    expect(line("professional", "C3", 1).payer_class).toBe("other");
  });

  test("a surgical case is a claim; its category is its surgical line earliest in the table", () => {
    expect(
      lines
        .filter((row) => row.source === "professional" && row.claim_id === "C1")
        .map((row) => row.case_category),
    ).toEqual(["le_joint_replacement", "le_joint_replacement", "le_joint_replacement"]);
    expect(
      lines
        .filter((row) => row.is_case_primary)
        .map((row) => `${row.source}:${row.claim_id}:${row.line}:${row.case_category}`),
    ).toEqual([
      "facility:F1:1:sports_medicine",
      "facility:F2:1:le_joint_replacement",
      "professional:C1:3:le_joint_replacement",
      "professional:C2:2:le_joint_replacement",
    ]);
    expect(line("professional", "C3", 1)).toMatchObject({ case_category: null, is_case_primary: false });
  });
});

describe("rejection reasons", () => {
  const dir = tempDataDir();
  const cases: [string, Record<string, string | number>, string, string][] = [
    ["missing claim_id", { claim_id: "" }, "claim_id", "is required"],
    ["line 0", { line: 0 }, "line", "must be a whole number >= 1"],
    ["line not a number", { line: "one" }, "line", "must be a whole number >= 1"],
    [
      "date in another format",
      { service_date: "03/01/2024" },
      "service_date",
      "must be a date written YYYY-MM-DD",
    ],
    ["impossible date", { service_date: "2024-02-30" }, "service_date", "must be a date written YYYY-MM-DD"],
    [
      "patient name",
      { patient_id: "John Smith" },
      "patient_id",
      "must be a de-identified token without spaces, never a name",
    ],
    ["4-digit zip", { patient_zip: "2134" }, "patient_zip", "must be a 5-digit zip code (or a ZIP+4)"],
    ["9-digit NPI", { rendering_npi: "123456789" }, "rendering_npi", "must be a 10-digit NPI"],
    [
      "NPI check digit",
      { rendering_npi: `${npiA.slice(0, 9)}${(Number(npiA[9]) + 1) % 10}` },
      "rendering_npi",
      "is not a valid NPI (check digit)",
    ],
    [
      "bad referring NPI",
      { referring_npi: "1234567890" },
      "referring_npi",
      "is not a valid NPI (check digit)",
    ],
    [
      "POS of 1 digit",
      { place_of_service: "1" },
      "place_of_service",
      "must be a 2-digit place-of-service code",
    ],
    ["CPT of 4 characters", { cpt: "2744" }, "cpt", "must be a 5-character CPT/HCPCS code"],
    ["units -1", { units: -1 }, "units", "must be a whole number >= 0 (0 counts as 1)"],
    ["charge not a number", { charge_amount: "12,50" }, "charge_amount", "must be a number"],
    ["missing charge", { charge_amount: "" }, "charge_amount", "is required"],
    ["paid not a number", { paid_amount: "n/a" }, "paid_amount", "must be a number"],
  ];
  test.each(cases)("professional_fees: %s", async (_name, override, column, reason) => {
    const path = dir.write(
      "professional_fees.csv",
      toCsv([professionalLine(), professionalLine({ line: 2, ...override })]),
    );
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path, originalName: "professional_fees.csv" }],
    );
    expect(outcome.accepted).toBe(false);
    if (outcome.accepted) return;
    expect(outcome.report).toMatchObject({
      errors: [{ table: "professional_fees", row: 2, column, reason }],
      total: 1,
      invalidRows: 1,
      fileLevel: false,
      tablesRead: [{ file: "professional_fees.csv", table: "professional_fees" }],
    });
  });

  const facilityCases: [string, Record<string, string>, string, string][] = [
    [
      "bill type of 2 digits",
      { bill_type: "13" },
      "bill_type",
      "must be 3 or 4 characters: digits, the last (the frequency code) a digit or a letter",
    ],
    [
      "bill type with a letter before the frequency code",
      { bill_type: "1A1" },
      "bill_type",
      "must be 3 or 4 characters: digits, the last (the frequency code) a digit or a letter",
    ],
    [
      "4-character bill type without leading 0",
      { bill_type: "1131" },
      "bill_type",
      "a 4-character bill type must start with 0",
    ],
    ["revenue code of 3 digits", { revenue_code: "360" }, "revenue_code", "must be a 4-digit revenue code"],
    ["DRG with letters", { drg: "47A" }, "drg", "must be a 3-digit MS-DRG"],
    ["missing facility NPI", { facility_npi: "" }, "facility_npi", "is required"],
  ];
  test.each(facilityCases)("facility_fees: %s", async (_name, override, column, reason) => {
    const path = dir.write("facility_fees.csv", toCsv([facilityLine(override)]));
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path, originalName: "facility_fees.csv" }],
    );
    expect(outcome.accepted ? [] : outcome.report.errors).toEqual([
      { table: "facility_fees", row: 1, column, reason },
    ]);
  });

  test("duplicate (claim_id, line) names the first row", async () => {
    const path = dir.write(
      "professional_fees.csv",
      toCsv([professionalLine(), professionalLine({ cpt: "99214" })]),
    );
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path, originalName: "professional_fees.csv" }],
    );
    expect(outcome.accepted ? [] : outcome.report.errors).toEqual([
      {
        table: "professional_fees",
        row: 2,
        column: "claim_id, line",
        reason: "duplicate (claim_id, line): first given on row 1",
      },
    ]);
  });

  test("a missing required column is reported on row 0", async () => {
    const { cpt: _cpt, ...withoutCpt } = professionalLine();
    const path = dir.write("professional_fees.csv", toCsv([withoutCpt]));
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path, originalName: "professional_fees.csv" }],
    );
    expect(outcome.accepted ? [] : outcome.report.errors).toEqual([
      {
        table: "professional_fees",
        row: 0,
        column: "cpt",
        reason: "professional_fees.csv has no cpt column: it is required",
      },
    ]);
  });

  test("an unknown payer class and a duplicated payer", async () => {
    const professional = dir.write("professional_fees.csv", toCsv([professionalLine()]));
    const payers = dir.write(
      "payor_classification.csv",
      toCsv([
        { payer: "Acme", payer_class: "commercial" },
        { payer: "ACME", payer_class: "medicare" },
        { payer: "Other", payer_class: "private" },
      ]),
    );
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [
        { path: professional, originalName: "professional_fees.csv" },
        { path: payers, originalName: "payor_classification.csv" },
      ],
    );
    expect(
      outcome.accepted
        ? []
        : outcome.report.errors.map((error) => [error.row, error.column, error.reason.slice(0, 28)]),
    ).toEqual([
      [2, "payer", "duplicate (payer): first giv"],
      [3, "payer_class", "must be one of commercial, m"],
    ]);
  });

  test("a file without practice tables is refused", async () => {
    const path = dir.write("notes.csv", toCsv([{ a: 1, b: 2 }]));
    const outcome = await runJob(dir.dataDir, practice, [2024], [{ path, originalName: "notes.csv" }]);
    expect(outcome.accepted ? "" : outcome.report.errors[0]!.reason).toBe(
      "notes.csv is not a table of the contract: its columns match none of professional_fees, facility_fees, payor_classification, medical_claim, eligibility",
    );
  });

  test("the report lists the first 100 errors and counts them all", async () => {
    const rows = Array.from({ length: 150 }, (_, index) =>
      professionalLine({ line: index + 1, patient_zip: "x" }),
    );
    const path = dir.write("professional_fees.csv", toCsv(rows));
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2024],
      [{ path, originalName: "professional_fees.csv" }],
    );
    if (outcome.accepted) throw new Error("accepted");
    expect(outcome.report.total).toBe(150);
    expect(outcome.report.errors).toHaveLength(100);
    expect(outcome.report.errors[99]).toEqual({
      table: "professional_fees",
      row: 100,
      column: "patient_zip",
      reason: "must be a 5-digit zip code (or a ZIP+4)",
    });
  });

  test("a year not listed in the upload is refused; several years are split", async () => {
    const path = dir.write(
      "professional_fees.csv",
      toCsv([professionalLine(), professionalLine({ line: 2, service_date: "2023-06-01" })]),
    );
    const outcome = await runJob(
      dir.dataDir,
      practice,
      [2023, 2024],
      [{ path, originalName: "professional_fees.csv" }],
    );
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    expect(outcome.outputs.map((output) => [output.year, output.rows])).toEqual([
      [2023, 1],
      [2024, 1],
    ]);
  });
});

describe("market files", () => {
  const dir = tempDataDir();

  test("market_cases: setting given or derived, category from CPT or DRG, cases weight", async () => {
    const path = dir.write(
      "market.csv",
      toCsv([
        marketRow({ claim_id: "M1", cpt: "27447", bill_type: "0131", cases: 2 }),
        marketRow({ claim_id: "M2", cpt: "", drg: "470", bill_type: "", cases: "" }),
        marketRow({ claim_id: "M3", cpt: "29881", bill_type: "", place_of_service: "24", setting: "" }),
        marketRow({ claim_id: "M4", cpt: "63030", bill_type: "", setting: "office" }),
        marketRow({ claim_id: "M5", cpt: "99999", bill_type: "", patient_zip: "021341234" }),
      ]),
    );
    const outcome = await runJob(
      dir.dataDir,
      { kind: "market", marketKind: "OP" },
      [2024],
      [{ path, originalName: "market.csv" }],
    );
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    const rows = await readParquet(dir.dataDir, outcome.outputs[0]!.path, "claim_id");
    expect(
      rows.map((row) => [row.claim_id, row.kind, row.setting, row.category, row.service_line, row.cases]),
    ).toEqual([
      ["M1", "OP", "OP", "le_joint_replacement", "le_joint_replacement", 2],
      ["M2", "OP", "IP", "le_joint_replacement", "le_joint_replacement", 1],
      ["M3", "OP", "ASC", "sports_medicine", "sports_medicine", 2],
      ["M4", "OP", "OFFICE", "spine", "spine", 2],
      ["M5", "OP", null, null, null, 2],
    ]);
    expect(rows[4]!.patient_zip).toBe("02134");
    expect(rows[0]!.payer_class).toBe("other");
  });

  test("market: padded and unnormalised values are written exactly as their clean forms", async () => {
    // The writer reads a column as the file has it only when no value of it needs trimming or
    // normalising; each column of `messy` has one value that does, so every column takes the other path.
    const write = async (name: string, rows: Parameters<typeof toCsv>[0]) => {
      const path = dir.write(name, toCsv(rows));
      const outcome = await runJob(
        dir.dataDir,
        { kind: "market", marketKind: "IP" },
        [2024],
        [{ path, originalName: name }],
      );
      if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
      return readParquet(dir.dataDir, outcome.outputs[0]!.path, "claim_id");
    };
    const second = { claim_id: "M2", cpt: "29881", bill_type: "", place_of_service: "24", setting: "OP" };
    const clean = await write("clean.csv", [
      marketRow({ claim_id: "M1", payer_class: "medicare" }),
      marketRow({ ...second, payer_class: "commercial" }),
    ]);
    const messy = await write("messy.csv", [
      marketRow({
        claim_id: " M1",
        year: " 2024",
        patient_zip: "02134-0000",
        bill_type: "0131 ",
        cpt: " 27447",
        facility_npi: ` ${marketRow().facility_npi}`,
        facility_zip: " 02139",
        rendering_npi: `${marketRow().rendering_npi} `,
        rendering_name: "Dr A ",
        cases: "2.0",
        charge_amount: " 30000",
        payer_class: "Medicare",
      }),
      marketRow({ ...second, setting: "op", cpt: "29881 ", payer_class: " commercial" }),
    ]);
    expect(messy).toEqual(clean);
    // Bill type 131 (hospital outpatient) derives OP; M2 gives its setting.
    expect(clean.map((row) => [row.year, row.patient_zip, row.bill_type, row.cases, row.setting])).toEqual([
      [2024, "02134", "131", 2, "OP"],
      [2024, "02134", null, 2, "OP"],
    ]);
  });

  test("market: cpt is required unless drg is given; names and zips required", async () => {
    const path = dir.write(
      "market.csv",
      toCsv([
        marketRow({ cpt: "", drg: "" }),
        marketRow({ facility_name: "", facility_zip: "1" }),
        marketRow({ cases: 0, setting: "HOME" }),
      ]),
    );
    const outcome = await runJob(
      dir.dataDir,
      { kind: "market", marketKind: "IP" },
      [2024],
      [{ path, originalName: "market.csv" }],
    );
    expect(
      outcome.accepted ? [] : outcome.report.errors.map((error) => [error.row, error.column, error.reason]),
    ).toEqual([
      [1, "cpt", "is required unless drg is given"],
      [2, "facility_name", "is required"],
      [2, "facility_zip", "must be a 5-digit zip code (or a ZIP+4)"],
      [3, "setting", "must be IP, OP, ASC or OFFICE"],
      [3, "cases", "must be a whole number >= 1"],
    ]);
  });

  test("demographics: written per zip; 65+ cannot exceed the population", async () => {
    const good = dir.write(
      "demographics.csv",
      toCsv([
        { zip: "02134", population: 1000, population_65_plus: 200, projected_population_5y: 1100 },
        { zip: "02135", population: 500, population_65_plus: 50, projected_population_5y: "" },
      ]),
    );
    const outcome = await runJob(
      dir.dataDir,
      { kind: "market", marketKind: "DEMO" },
      [2024],
      [{ path: good, originalName: "d.csv" }],
    );
    if (!outcome.accepted) throw new Error(JSON.stringify(outcome.report));
    expect(await readParquet(dir.dataDir, outcome.outputs[0]!.path, "zip")).toEqual([
      { year: 2024, zip: "02134", population: 1000, population_65_plus: 200, projected_population_5y: 1100 },
      { year: 2024, zip: "02135", population: 500, population_65_plus: 50, projected_population_5y: null },
    ]);
    const bad = dir.write(
      "demographics.csv",
      toCsv([{ zip: "02134", population: 10, population_65_plus: 20 }]),
    );
    const refused = await runJob(
      dir.dataDir,
      { kind: "market", marketKind: "DEMO" },
      [2024],
      [{ path: bad, originalName: "d.csv" }],
    );
    expect(refused.accepted ? [] : refused.report.errors).toEqual([
      { table: "demographics", row: 1, column: "population_65_plus", reason: "cannot exceed population" },
    ]);
  });
});

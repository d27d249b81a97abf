import type { DuckDb } from "../duckdb/open.ts";
import { facilityFees, payorClassification, professionalFees } from "./contract.ts";
import { type Stage, stageRelation } from "./stage.ts";

/** eligibility.payer_type (Tuva: medicare, medicaid, commercial, ...) as a payer class. */
const payerClassOfType = (column: string) => `CASE
  WHEN lower(${column}) LIKE 'medicare%advantage%' THEN 'medicare_advantage'
  WHEN lower(${column}) LIKE 'medicare%' THEN 'medicare'
  WHEN lower(${column}) LIKE 'medicaid%' THEN 'medicaid'
  WHEN lower(${column}) LIKE 'commercial%' THEN 'commercial'
  WHEN lower(${column}) LIKE 'worker%' THEN 'workers_comp'
  WHEN lower(${column}) LIKE 'self%' THEN 'self_pay'
  WHEN ${column} IS NULL THEN NULL
  ELSE 'other' END`;

/**
 * The practice columns in the words of the Tuva file (reports name hcpcs_code, not cpt), from the
 * medical_claim columns the file has.
 */
function tuvaNames(claim: Stage): Record<string, string> {
  const has = (column: string) => claim.columnNames[column] !== undefined;
  const name = (column: string) => claim.columnNames[column] ?? column;
  return {
    claim_id: name("claim_id"),
    line: name("claim_line_number"),
    service_date: has("claim_line_start_date")
      ? name("claim_line_start_date")
      : has("claim_start_date")
        ? name("claim_start_date")
        : "claim_line_start_date",
    patient_id: has("person_id") ? name("person_id") : has("patient_id") ? name("patient_id") : "person_id",
    patient_zip: "zip_code (eligibility)",
    rendering_npi: name("rendering_npi"),
    operating_npi: name("rendering_npi"),
    place_of_service: name("place_of_service_code"),
    facility_npi: name("facility_npi"),
    cpt: name("hcpcs_code"),
    modifier: name("hcpcs_modifier_1"),
    units: name("service_unit_quantity"),
    charge_amount: name("charge_amount"),
    paid_amount: name("paid_amount"),
    payer: name("payer"),
    bill_type: name("bill_type_code"),
    revenue_code: name("revenue_center_code"),
    drg: has("ms_drg_code") ? name("ms_drg_code") : name("drg_code"),
  };
}

/**
 * Practice columns a Tuva claims file must carry a source of, with the medical_claim columns that
 * can give it (the first named in the report) and the claim type that needs it (both when unset).
 */
const requiredSources: { practice: string; tuva: string[]; claimType?: "professional" | "institutional" }[] =
  [
    { practice: "service_date", tuva: ["claim_line_start_date", "claim_start_date", "admission_date"] },
    { practice: "patient_id", tuva: ["person_id", "patient_id"] },
    { practice: "charge_amount", tuva: ["charge_amount"] },
    { practice: "rendering_npi", tuva: ["rendering_npi"], claimType: "professional" },
    { practice: "place_of_service", tuva: ["place_of_service_code"], claimType: "professional" },
    { practice: "cpt", tuva: ["hcpcs_code"], claimType: "professional" },
    { practice: "facility_npi", tuva: ["facility_npi"], claimType: "institutional" },
    { practice: "bill_type", tuva: ["bill_type_code"], claimType: "institutional" },
  ];

/**
 * The required columns a Tuva claims file lacks (section 9: one error per missing column, not one
 * per line): each is added to the claim stage's missing columns, named as the Tuva file would name
 * it, and the practice column it would fill is waived on the lines it maps to.
 */
export async function markMissingTuvaColumns(duck: DuckDb, claim: Stage) {
  if (claim.columnNames.claim_type === undefined) return;
  const types = new Set(
    (await duck.all<{ t: string | null }>(`SELECT DISTINCT lower(claim_type) AS t FROM ${claim.view}`)).map(
      (row) => row.t,
    ),
  );
  claim.missingAlternatives ??= {};
  for (const source of requiredSources) {
    if (source.claimType && !types.has(source.claimType)) continue;
    if (source.tuva.some((column) => claim.columnNames[column] !== undefined)) continue;
    const [first, ...others] = source.tuva as [string, ...string[]];
    claim.missingColumns.push(first);
    if (others.length > 0) claim.missingAlternatives[first] = others;
    claim.waivedInMapping = [...(claim.waivedInMapping ?? []), source.practice];
  }
}

/** Practice columns the Tuva file does not carry (so no warning or error names a column it never had). */
const absentPracticeColumns = (claim: Stage) => {
  const from: Record<string, string> = {
    paid_amount: "paid_amount",
    units: "service_unit_quantity",
    payer: "payer",
  };
  return Object.entries(from)
    .filter(([, tuva]) => claim.columnNames[tuva] === undefined)
    .map(([practice]) => practice);
};

/**
 * Maps the Tuva Project input layer (medical_claim + eligibility, already staged) onto the
 * practice tables: professional claim lines become professional_fees, institutional ones
 * facility_fees (`medicalClaim` is the claim stage's relation with its row numbers, `claim` the
 * stage). The patient zip comes from eligibility (the latest enrolment of the person);
 * eligibility.payer_type classifies the payers and, for a line without a classified payer, the
 * person's coverage on the service date (`eligibility_coverage`). Row numbers stay medical_claim's.
 * Without eligibility the patient zip is waived here: one error asks for the eligibility file.
 */
export async function stageTuva(
  duck: DuckDb,
  medicalClaim: string,
  claim: Stage,
  eligibility: string | undefined,
): Promise<Stage[]> {
  const zipSource = eligibility
    ? `SELECT coalesce(person_id, patient_id) AS person, arg_max(zip_code, coalesce(enrollment_start_date, '')) AS zip_code
       FROM ${eligibility} GROUP BY 1`
    : "SELECT NULL::VARCHAR AS person, NULL::VARCHAR AS zip_code WHERE false";
  await duck.run(`
    CREATE OR REPLACE TEMP TABLE tuva_patient_zip AS ${zipSource};
    CREATE OR REPLACE TEMP TABLE tuva_lines AS
    SELECT m._row, lower(m.claim_type) AS claim_type, m.claim_id, m.claim_line_number AS line,
           coalesce(m.claim_line_start_date, m.claim_start_date, m.admission_date) AS service_date,
           coalesce(m.person_id, m.patient_id) AS patient_id, z.zip_code AS patient_zip,
           m.rendering_npi, m.rendering_npi AS operating_npi, m.place_of_service_code AS place_of_service,
           m.facility_npi, m.hcpcs_code AS cpt, m.hcpcs_modifier_1 AS modifier, m.service_unit_quantity AS units,
           m.charge_amount, m.paid_amount, m.payer, m.bill_type_code AS bill_type, m.revenue_center_code AS revenue_code,
           coalesce(m.ms_drg_code,
             CASE WHEN m.drg_code_type IS NULL OR lower(m.drg_code_type) LIKE 'ms%' THEN m.drg_code END) AS drg
    FROM ${medicalClaim} AS m
    LEFT JOIN tuva_patient_zip AS z ON z.person = coalesce(m.person_id, m.patient_id)
    ORDER BY m._row;
    CREATE OR REPLACE TEMP TABLE tuva_professional AS SELECT * FROM tuva_lines WHERE claim_type = 'professional';
    CREATE OR REPLACE TEMP TABLE tuva_institutional AS SELECT * FROM tuva_lines WHERE claim_type = 'institutional';
  `);
  const names = tuvaNames(claim);
  const absent = absentPracticeColumns(claim);
  const waive = (stage: Stage) => {
    // Without eligibility there is no zip at all: one error (eligibility missing), not one per line.
    if (!eligibility) stage.waived.push("patient_zip");
    // A required column the claims file lacks is one error on medical_claim, not one per line.
    stage.waived.push(...(claim.waivedInMapping ?? []));
    for (const column of absent) delete stage.columnNames[column];
    return stage;
  };
  const stages: Stage[] = [];
  const [professional] = await duck.all<{ n: bigint }>("SELECT count(*) AS n FROM tuva_professional");
  const [institutional] = await duck.all<{ n: bigint }>("SELECT count(*) AS n FROM tuva_institutional");
  if (Number(professional?.n) > 0) {
    stages.push(
      waive(
        await stageRelation(
          duck,
          "tuva_professional",
          professionalFees,
          "medical_claim (professional)",
          names,
        ),
      ),
    );
  }
  if (Number(institutional?.n) > 0) {
    stages.push(
      waive(
        await stageRelation(duck, "tuva_institutional", facilityFees, "medical_claim (institutional)", names),
      ),
    );
  }
  await createCoverage(duck, eligibility);
  if (eligibility) {
    const columns = await duck.all<{ column_name: string }>(`DESCRIBE ${eligibility}`);
    if (columns.some((column) => column.column_name === "payer_type")) {
      await duck.run(`
        CREATE OR REPLACE TEMP TABLE tuva_payers AS
        SELECT row_number() OVER (ORDER BY payer) AS _row, payer, payer_class FROM (
          SELECT payer, coalesce(any_value(${payerClassOfType("payer_type")}), 'other') AS payer_class
          FROM ${eligibility} WHERE payer IS NOT NULL GROUP BY lower(payer), payer)`);
      stages.push(
        await stageRelation(duck, "tuva_payers", payorClassification, "eligibility (payers)", {
          payer: "payer",
          payer_class: "payer_type",
        }),
      );
    }
  }
  return stages;
}

/**
 * Each person's coverage periods with the payer class of their payer_type (section 9: a line
 * without a classified payer takes the class of the patient's coverage on its service date).
 * Empty without eligibility or payer_type (every practice file that is not Tuva).
 */
export async function createCoverage(duck: DuckDb, eligibility: string | undefined) {
  const columns = eligibility
    ? (await duck.all<{ column_name: string }>(`DESCRIBE ${eligibility}`)).map((column) => column.column_name)
    : [];
  if (!eligibility || !columns.includes("payer_type")) {
    await duck.run(
      "CREATE OR REPLACE TEMP TABLE eligibility_coverage (person VARCHAR, start_date DATE, end_date DATE, payer_class VARCHAR)",
    );
    return;
  }
  const end = columns.includes("enrollment_end_date")
    ? "TRY_CAST(enrollment_end_date AS DATE)"
    : "NULL::DATE";
  await duck.run(`
    CREATE OR REPLACE TEMP TABLE eligibility_coverage AS
    SELECT coalesce(person_id, patient_id) AS person, TRY_CAST(enrollment_start_date AS DATE) AS start_date,
           ${end} AS end_date, ${payerClassOfType("payer_type")} AS payer_class
    FROM ${eligibility} WHERE payer_type IS NOT NULL`);
}

import type { DuckDb } from "../duckdb/open.ts";
import { facilityFees, payorClassification, professionalFees } from "./contract.ts";
import { type Stage, stageRelation } from "./stage.ts";

/**
 * Maps the Tuva Project input layer (medical_claim + eligibility, already staged) onto the
 * practice tables: professional claim lines become professional_fees, institutional ones
 * facility_fees (`medicalClaim` is the claim stage with its row numbers); the patient zip comes from eligibility (the latest enrolment of the person), and
 * eligibility.payer_type, when present, classifies the payers. Row numbers stay medical_claim's.
 */
export async function stageTuva(
  duck: DuckDb,
  medicalClaim: string,
  hasEligibility: boolean,
): Promise<Stage[]> {
  const zipSource = hasEligibility
    ? `SELECT coalesce(person_id, patient_id) AS person, arg_max(zip_code, coalesce(enrollment_start_date, '')) AS zip_code
       FROM stage_eligibility GROUP BY 1`
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
  const stages: Stage[] = [];
  const [professional] = await duck.all<{ n: bigint }>("SELECT count(*) AS n FROM tuva_professional");
  const [institutional] = await duck.all<{ n: bigint }>("SELECT count(*) AS n FROM tuva_institutional");
  if (Number(professional?.n) > 0) {
    stages.push(
      await stageRelation(duck, "tuva_professional", professionalFees, "medical_claim (professional)"),
    );
  }
  if (Number(institutional?.n) > 0) {
    stages.push(
      await stageRelation(duck, "tuva_institutional", facilityFees, "medical_claim (institutional)"),
    );
  }
  if (hasEligibility) {
    const columns = await duck.all<{ column_name: string }>("DESCRIBE stage_eligibility");
    if (columns.some((column) => column.column_name === "payer_type")) {
      await duck.run(`
        CREATE OR REPLACE TEMP TABLE tuva_payers AS
        SELECT row_number() OVER (ORDER BY payer) AS _row, payer, payer_class FROM (
          SELECT payer, any_value(CASE
              WHEN lower(payer_type) LIKE 'medicare%advantage%' THEN 'medicare_advantage'
              WHEN lower(payer_type) LIKE 'medicare%' THEN 'medicare'
              WHEN lower(payer_type) LIKE 'medicaid%' THEN 'medicaid'
              WHEN lower(payer_type) LIKE 'commercial%' THEN 'commercial'
              WHEN lower(payer_type) LIKE 'worker%' THEN 'workers_comp'
              WHEN lower(payer_type) LIKE 'self%' THEN 'self_pay'
              ELSE 'other' END) AS payer_class
          FROM stage_eligibility WHERE payer IS NOT NULL GROUP BY lower(payer), payer)`);
      stages.push(await stageRelation(duck, "tuva_payers", payorClassification, "eligibility (payers)"));
    }
  }
  return stages;
}

/**
 * The tables of data-contract.md sections 2-3 as data: each column's rule, the unique keys, and
 * the rules that span columns. Validation SQL is generated from this, so a rule lives in one place.
 */
export type Check =
  | "text"
  | "token"
  | "positiveInt"
  | "count"
  | "units"
  | "date"
  | "zip"
  | "npi"
  | "placeOfService"
  | "billType"
  | "revenueCode"
  | "cpt"
  | "drg"
  | "amount"
  | "year"
  | "setting"
  | "payerClass";

export interface ColumnSpec {
  name: string;
  check: Check;
  required: boolean;
}

export interface RowRule {
  column: string;
  /** SQL giving a reason when the row breaks the rule, NULL otherwise (columns are quoted names). */
  reasonSql: string;
}

export interface TableSpec {
  name: string;
  columns: ColumnSpec[];
  unique?: string[];
  rowRules?: RowRule[];
}

const required = (name: string, check: Check): ColumnSpec => ({ name, check, required: true });
const optional = (name: string, check: Check): ColumnSpec => ({ name, check, required: false });

const claimKey = [required("claim_id", "text"), required("line", "positiveInt")];
const patient = [
  required("service_date", "date"),
  required("patient_id", "token"),
  required("patient_zip", "zip"),
];
const money = [
  optional("units", "units"),
  required("charge_amount", "amount"),
  optional("paid_amount", "amount"),
  optional("payer", "text"),
];

export const professionalFees: TableSpec = {
  name: "professional_fees",
  columns: [
    ...claimKey,
    ...patient,
    required("rendering_npi", "npi"),
    optional("referring_npi", "npi"),
    required("place_of_service", "placeOfService"),
    optional("facility_npi", "npi"),
    optional("location", "text"),
    required("cpt", "cpt"),
    optional("modifier", "text"),
    ...money,
  ],
  unique: ["claim_id", "line"],
};

export const facilityFees: TableSpec = {
  name: "facility_fees",
  columns: [
    ...claimKey,
    ...patient,
    required("facility_npi", "npi"),
    required("bill_type", "billType"),
    optional("revenue_code", "revenueCode"),
    optional("cpt", "cpt"),
    optional("drg", "drg"),
    optional("operating_npi", "npi"),
    ...money,
  ],
  unique: ["claim_id", "line"],
};

export const payorClassification: TableSpec = {
  name: "payor_classification",
  columns: [required("payer", "text"), required("payer_class", "payerClass")],
  unique: ["payer"],
};

const marketColumns: ColumnSpec[] = [
  required("year", "year"),
  optional("claim_id", "text"),
  required("patient_zip", "zip"),
  optional("setting", "setting"),
  optional("place_of_service", "placeOfService"),
  optional("bill_type", "billType"),
  optional("drg", "drg"),
  optional("cpt", "cpt"),
  required("facility_npi", "npi"),
  required("facility_name", "text"),
  required("facility_zip", "zip"),
  required("rendering_npi", "npi"),
  required("rendering_name", "text"),
  optional("referring_npi", "npi"),
  optional("referring_name", "text"),
  optional("cases", "positiveInt"),
  optional("charge_amount", "amount"),
  optional("paid_amount", "amount"),
  // Not in the contract's list: market rows may carry a payer class; without one they are `other`.
  optional("payer_class", "payerClass"),
];
const cptUnlessDrg: RowRule = {
  column: "cpt",
  reasonSql: `CASE WHEN "cpt" IS NULL AND "drg" IS NULL THEN 'is required unless drg is given' END`,
};

export const marketIp: TableSpec = { name: "market_ip", columns: marketColumns, rowRules: [cptUnlessDrg] };
export const marketOp: TableSpec = { name: "market_op", columns: marketColumns, rowRules: [cptUnlessDrg] };

export const demographics: TableSpec = {
  name: "demographics",
  columns: [
    required("zip", "zip"),
    required("population", "count"),
    required("population_65_plus", "count"),
    optional("projected_population_5y", "count"),
  ],
  unique: ["zip"],
  rowRules: [
    {
      column: "population_65_plus",
      reasonSql: `CASE WHEN TRY_CAST("population_65_plus" AS DOUBLE) > TRY_CAST("population" AS DOUBLE)
        THEN 'cannot exceed population' END`,
    },
  ],
};

/** The Tuva Project input layer tables a practice file may come as (section 1). */
export const tuvaMedicalClaim: TableSpec = {
  name: "medical_claim",
  columns: [
    required("claim_id", "text"),
    required("claim_line_number", "text"),
    required("claim_type", "text"),
    ...[
      "person_id",
      "patient_id",
      "claim_start_date",
      "claim_line_start_date",
      "admission_date",
      "place_of_service_code",
      "bill_type_code",
      "ms_drg_code",
      "drg_code",
      "drg_code_type",
      "revenue_center_code",
      "service_unit_quantity",
      "hcpcs_code",
      "hcpcs_modifier_1",
      "rendering_npi",
      "facility_npi",
      "charge_amount",
      "paid_amount",
      "payer",
    ].map((name) => optional(name, "text")),
  ],
  rowRules: [
    {
      column: "claim_type",
      reasonSql: `CASE WHEN lower("claim_type") NOT IN ('professional', 'institutional')
        THEN 'must be professional or institutional' END`,
    },
  ],
};

export const tuvaEligibility: TableSpec = {
  name: "eligibility",
  columns: [
    optional("person_id", "text"),
    optional("patient_id", "text"),
    required("zip_code", "text"),
    optional("enrollment_start_date", "text"),
    optional("enrollment_end_date", "text"),
    optional("payer", "text"),
    optional("payer_type", "text"),
  ],
};

export const practiceTables = [professionalFees, facilityFees, payorClassification];
export const marketTableOfKind = { IP: marketIp, OP: marketOp, DEMO: demographics } as const;
export type MarketKind = keyof typeof marketTableOfKind;

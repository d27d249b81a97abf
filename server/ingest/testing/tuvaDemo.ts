/**
 * The shape of the public Tuva demo claims (tuva-health/tuva_demo, Medicare CCLF through the Tuva
 * input layer), in eight lines a test builds: units 0, a letter frequency code (13I), a reversal,
 * lines without a payer classified by eligibility's payer_type on the service date, venipuncture
 * (36415) and cataract (66984) codes. The expected figures are in realClaims.test.ts, by hand.
 */
import { npiA, npiB, npiFacility, type Row } from "./builders.ts";

const claimColumns = [
  "claim_id",
  "claim_line_number",
  "claim_type",
  "person_id",
  "claim_start_date",
  "claim_line_start_date",
  "place_of_service_code",
  "bill_type_code",
  "ms_drg_code",
  "revenue_center_code",
  "service_unit_quantity",
  "hcpcs_code",
  "rendering_npi",
  "facility_npi",
  "charge_amount",
  "paid_amount",
  "payer",
] as const;

type Claim = Partial<Record<(typeof claimColumns)[number], string | number>>;

const professional = (values: Claim): Row => ({
  claim_type: "professional",
  claim_line_number: 1,
  person_id: "P1",
  claim_start_date: "2024-03-04",
  claim_line_start_date: "2024-03-04",
  place_of_service_code: "11",
  bill_type_code: "",
  ms_drg_code: "",
  revenue_center_code: "",
  service_unit_quantity: 1,
  rendering_npi: npiA,
  facility_npi: "",
  payer: "medicare",
  ...values,
});

const institutional = (values: Claim): Row => ({
  claim_type: "institutional",
  claim_line_number: 1,
  person_id: "P1",
  claim_start_date: "2024-05-10",
  claim_line_start_date: "2024-05-10",
  place_of_service_code: "",
  ms_drg_code: "",
  revenue_center_code: "",
  service_unit_quantity: 1,
  hcpcs_code: "",
  rendering_npi: npiB,
  facility_npi: npiFacility,
  payer: "medicare",
  ...values,
});

export const tuvaDemoClaims: Row[] = [
  // An office visit and a blood draw read with units 0 (counts 1; no category: 36415 is no MSK code).
  professional({ claim_id: "C1", hcpcs_code: "99213", charge_amount: 100, paid_amount: 80 }),
  professional({
    claim_id: "C1",
    claim_line_number: 2,
    hcpcs_code: "36415",
    service_unit_quantity: 0,
    charge_amount: 10,
    paid_amount: 3,
  }),
  // A knee replacement and its reversal on the same claim: one case, revenue nets to 0.
  professional({
    claim_id: "C2",
    place_of_service_code: "21",
    hcpcs_code: "27447",
    charge_amount: 3000,
    paid_amount: 1500,
  }),
  professional({
    claim_id: "C2",
    claim_line_number: 2,
    place_of_service_code: "21",
    hcpcs_code: "27447",
    charge_amount: -3000,
    paid_amount: -1500,
  }),
  // No payer on the line; P3's eligibility starts in July: other.
  professional({
    claim_id: "C4",
    person_id: "P3",
    hcpcs_code: "99204",
    charge_amount: 90,
    paid_amount: 60,
    payer: "",
  }),
  // Place of service 99 matches no setting rule.
  professional({
    claim_id: "C5",
    place_of_service_code: "99",
    hcpcs_code: "20610",
    charge_amount: 70,
    paid_amount: 40,
  }),
  // A cataract at a hospital outpatient department, frequency code I (bill type 13I): OP, no category.
  institutional({
    claim_id: "I1",
    bill_type_code: "13I",
    revenue_center_code: "0360",
    hcpcs_code: "66984",
    charge_amount: 2000,
    paid_amount: 900,
  }),
  // An inpatient stay with MS-DRG 470 and no payer: commercial from P2's eligibility payer_type.
  institutional({
    claim_id: "I2",
    person_id: "P2",
    bill_type_code: "111",
    ms_drg_code: "470",
    charge_amount: 40000,
    paid_amount: 12000,
    payer: "",
  }),
].map((row) => Object.fromEntries(claimColumns.map((column) => [column, row[column] ?? ""])));

export const tuvaDemoEligibility: Row[] = [
  {
    person_id: "P1",
    zip_code: "46032",
    enrollment_start_date: "2024-01-01",
    enrollment_end_date: "2024-12-31",
    payer: "medicare",
    payer_type: "medicare",
  },
  {
    person_id: "P2",
    zip_code: "46033",
    enrollment_start_date: "2024-01-01",
    enrollment_end_date: "",
    payer: "acme",
    payer_type: "commercial",
  },
  {
    person_id: "P3",
    zip_code: "46060",
    enrollment_start_date: "2024-07-01",
    enrollment_end_date: "",
    payer: "state plan",
    payer_type: "medicaid",
  },
];

/**
 * Category of a CPT/HCPCS code (data-contract.md section 5), as data: the first category whose
 * ranges contain the code wins, in the order of this table. The order is the rule: casting
 * (29000-29799) and injections (20600-20611) sit inside 20000-29999 (the musculoskeletal section of
 * CPT), so other_surgical is last; "not matched above" in the contract is exactly what
 * first-match-in-order gives. Procedures outside those ranges (36415, 66984, skin) have no category.
 */
export const categories = [
  "le_joint_replacement",
  "spine",
  "trauma",
  "sports_medicine",
  "hand_ue",
  "foot_ankle",
  "new_patient_em",
  "established_em",
  "ultrasound",
  "advanced_imaging",
  "initial_eval",
  "other_pt_ot",
  "chiropractic",
  "casting_splinting",
  "aspiration_injection",
  "other_surgical",
] as const;
export type Category = (typeof categories)[number];

/** Code lists as written in the contract; "a-b" is an inclusive range of same-shaped codes. */
export const categoryCodes: Record<Category, string[]> = {
  le_joint_replacement: [
    "27130",
    "27132",
    "27134-27138",
    "27447",
    "27446",
    "27486",
    "27487",
    "27702",
    "27703",
  ],
  spine: ["22010-22899", "63001-63295", "20930-20939"],
  trauma: [
    "23500-23680",
    "24500-24685",
    "25500-25695",
    "26600-26785",
    "27125",
    "27200-27266",
    "27500-27566",
    "27750-27848",
    "28400-28675",
    "20690-20697",
  ],
  sports_medicine: ["29805-29999", "23410-23466", "27405-27429"],
  hand_ue: ["23000-26989", "64718-64721"],
  foot_ankle: ["27600-27899", "28001-28899"],
  new_patient_em: ["99202-99205", "99241-99245"],
  established_em: ["99211-99215"],
  ultrasound: ["76881-76883", "76942"],
  advanced_imaging: ["72141-72158", "73218-73223", "73718-73723", "72195-72197", "70551-70553"],
  initial_eval: ["97161-97163", "97165-97167"],
  other_pt_ot: ["97010-97546", "97750-97763", "97164", "97168"],
  chiropractic: ["98940-98943"],
  casting_splinting: ["29000-29799", "Q4001-Q4051"],
  aspiration_injection: ["20600-20611", "20550-20553", "20526", "J3301", "J7321-J7332"],
  other_surgical: ["20000-29999"],
};

export interface CodeRange {
  /** Position of the category in the table: the lower, the earlier it matches. */
  rank: number;
  category: Category;
  low: string;
  high: string;
  /** Digits as 9 and letters as A ("Q4001" -> "A9999"): a code only matches ranges of its own shape. */
  shape: string;
}

export const codeShape = (code: string) => code.replace(/[0-9]/g, "9").replace(/[A-Z]/g, "A");

/** The table flattened into ranges (single codes are ranges of one). */
export const categoryRanges: CodeRange[] = categories.flatMap((category, rank) =>
  categoryCodes[category].map((entry) => {
    const [low, high = low] = entry.split("-") as [string, string?];
    if (codeShape(low) !== codeShape(high)) throw new Error(`range ${entry} mixes code shapes`);
    return { rank, category, low, high, shape: codeShape(low) };
  }),
);

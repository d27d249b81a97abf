/** payor_classification.payer_class values; a payer missing from the table is `other`. */
export const payerClasses = [
  "commercial",
  "medicare",
  "medicare_advantage",
  "medicaid",
  "workers_comp",
  "self_pay",
  "other",
] as const;
export type PayerClass = (typeof payerClasses)[number];
export const defaultPayerClass: PayerClass = "other";

/**
 * An individual's NPPES taxonomy (its primary one, else the first) mapped to the provider form's
 * category, provider type and speciality (server/forms/provider.ts), so a provider found by NPI
 * pre-fills them. Codes are the NUCC Health Care Provider Taxonomy; the first rule whose prefix
 * matches wins, so the specific codes come before their family. A taxonomy without a rule (family
 * medicine, internal medicine, ...) pre-fills nothing: the practice chooses. The table is listed in
 * server/routes/customer/README.md ("NPPES taxonomy").
 */
import type { NppesTaxonomy } from "./nppesShape.ts";

export interface ProviderClassification {
  category: string;
  ptype: string;
  speciality: string[];
}

const rule = (prefix: string, category: string, ptype: string, speciality: string[] = []) => ({
  prefix,
  classification: { category, ptype, speciality },
});

export const TAXONOMY_RULES = [
  // Orthopaedic surgery, with its NUCC sub-specialities.
  rule("207XS0114X", "Physician", "Orthopaedic Surgeon", ["LE Joint Replacement"]),
  rule("207XS0117X", "Physician", "Orthopaedic Surgeon", ["Spine"]),
  rule("207XS0106X", "Physician", "Orthopaedic Surgeon", ["Hand and UE"]),
  rule("207XX0004X", "Physician", "Orthopaedic Surgeon", ["Foot and Ankle"]),
  rule("207XX0005X", "Physician", "Orthopaedic Surgeon", ["Sports Medicine"]),
  rule("207XX0801X", "Physician", "Orthopaedic Surgeon", ["Trauma"]),
  rule("207XP3100X", "Physician", "Orthopaedic Surgeon", ["Other"]),
  rule("207X", "Physician", "Orthopaedic Surgeon", ["General Orthopaedics"]),
  // Non-operative musculoskeletal physicians.
  rule("207QS0010X", "Physician", "Non-operative Physician", ["Sports Medicine"]),
  rule("207RS0010X", "Physician", "Non-operative Physician", ["Sports Medicine"]),
  rule("2081S0010X", "Physician", "Non-operative Physician", ["Sports Medicine"]),
  rule("2081", "Physician", "Non-operative Physician", []),
  rule("208VP0014X", "Physician", "Pain Management Physician", ["Spine"]),
  rule("208VP0000X", "Physician", "Pain Management Physician", ["Spine"]),
  rule("207LP2900X", "Physician", "Pain Management Physician", ["Spine"]),
  rule("2084P2900X", "Physician", "Pain Management Physician", ["Spine"]),
  // Podiatry.
  rule("213E", "Physician", "Podiatrist", ["Foot and Ankle"]),
  // Advanced practice providers.
  rule("363A", "Advanced Practice Provider", "Physician Assistant", []),
  rule("363L", "Advanced Practice Provider", "Nurse Practitioner", []),
  // Therapists.
  rule("2251H1200X", "Therapist", "Physical Therapist", ["Hand Therapy"]),
  rule("2251X0800X", "Therapist", "Physical Therapist", ["Orthopaedic Rehabilitation"]),
  rule("2251S0007X", "Therapist", "Physical Therapist", ["Sports Rehabilitation"]),
  rule("2251", "Therapist", "Physical Therapist", []),
  rule("225XH1200X", "Therapist", "Occupational Therapist", ["Hand Therapy"]),
  rule("225X", "Therapist", "Occupational Therapist", []),
  rule("2255A2300X", "Therapist", "Athletic Trainer", ["Sports Rehabilitation"]),
  // Chiropractors.
  rule("111N", "Chiropractor", "Chiropractor", []),
];

/** The classification of a taxonomy code, or undefined when no rule covers it. */
export function classifyTaxonomyCode(code: string): ProviderClassification | undefined {
  const wanted = code.trim().toUpperCase();
  const found = TAXONOMY_RULES.find((candidate) => wanted.startsWith(candidate.prefix));
  return found ? { ...found.classification, speciality: [...found.classification.speciality] } : undefined;
}

/** The primary taxonomy's classification, else the first taxonomy that has one. */
export function classifyTaxonomies(taxonomies: NppesTaxonomy[]): ProviderClassification | undefined {
  const ordered = [...taxonomies].sort((a, b) => Number(b.primary) - Number(a.primary));
  for (const taxonomy of ordered) {
    const found = classifyTaxonomyCode(taxonomy.code);
    if (found) return found;
  }
  return undefined;
}

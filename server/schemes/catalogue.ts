/**
 * The schemes the back office runs, and where each one's result is stored: validations in
 * `validations` (one row per organisation, year and type), generators and the scoring in
 * `scheme_results` (one row per organisation, year and kind).
 */
import type { schemeKinds, validationTypes } from "../db/schema/index.ts";

export type ValidationType = (typeof validationTypes)[number];
export type ResultKind = (typeof schemeKinds)[number];

export type SchemeTarget =
  | { table: "validations"; type: ValidationType }
  | { table: "scheme_results"; kind: ResultKind };

export const SCHEME_TARGETS = {
  validation_facility: { table: "validations", type: "facility" },
  validation_provider: { table: "validations", type: "provider" },
  validation_global: { table: "validations", type: "global" },
  service_capabilities: { table: "scheme_results", kind: "SC" },
  macro_capabilities: { table: "scheme_results", kind: "MC" },
  market_profile: { table: "scheme_results", kind: "MP" },
  scoring: { table: "scheme_results", kind: "SCORING" },
} as const satisfies Record<string, SchemeTarget>;

export type SchemeId = keyof typeof SCHEME_TARGETS;
export const SCHEME_IDS = Object.keys(SCHEME_TARGETS) as SchemeId[];

export const isSchemeId = (id: string): id is SchemeId => id in SCHEME_TARGETS;

export const validationSchemeId = (type: ValidationType): SchemeId => `validation_${type}`;

export const schemeIdOfKind = (kind: ResultKind): SchemeId =>
  SCHEME_IDS.find((id) => {
    const target: SchemeTarget = SCHEME_TARGETS[id];
    return target.table === "scheme_results" && target.kind === kind;
  })!;

/** The name the year detail (organisation datas) uses for each scheme's entry. */
export const YEAR_DETAIL_PATHS: Record<SchemeId, string> = {
  validation_facility: "validations.facility",
  validation_provider: "validations.provider",
  validation_global: "validations.global",
  service_capabilities: "service_capabilities",
  macro_capabilities: "macro_capabilities",
  market_profile: "market_profile",
  scoring: "scoring",
};

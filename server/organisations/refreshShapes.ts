/**
 * What a year keeps of its review, as stored on organisation_years and answered in the year
 * detail: the summary of the version staff last enabled (what a refresh's changes compare with) and
 * the state of the year's refresh after new data (yearRefresh.ts). A leaf: the schema imports it.
 */
import { z } from "zod";

const validationVerdict = z.enum(["valid", "problems", "not run"]);

/** The enabled version in figures: taken when staff enable the year (yearLifecycle.ts). */
export const reviewedSummary = z.strictObject({
  version_id: z.string().nullable(),
  data_version: z.number().int(),
  rows: z.number().int(),
  enabled_at: z.string(),
  /** The Strategic Vitality Score's total then, or null without a scoring. */
  score: z.number().nullable(),
  /**
   * The six scores then (the scoring's result), which customers keep reading while newer data is
   * reviewed; absent from versions enabled before they were kept.
   */
  scores: z.record(z.string(), z.number()).optional(),
  validations: z.strictObject({
    facility: validationVerdict,
    provider: validationVerdict,
    global: validationVerdict,
  }),
  /** The practice's own volume per market-profile section (cases for surgical lines), as MP found it. */
  volumes: z.record(z.string(), z.number()),
});
export type ReviewedSummary = z.infer<typeof reviewedSummary>;

/** The runs a refresh makes, in the order the rule allows them (yearActions.ts). */
export const REFRESH_STEPS = [
  "facility_validation",
  "provider_validation",
  "service_capabilities",
  "global_validation",
  "macro_capabilities",
  "market_profile",
  "scoring",
] as const;

export const yearRefreshState = z.strictObject({
  status: z.enum(["running", "ready", "stopped"]),
  /** What brought the new data: a customer's upload or a staff restore. */
  cause: z.enum(["upload", "restore"]),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** The steps the refresh ran, in order. */
  ran: z.array(z.enum(REFRESH_STEPS)),
  /**
   * Validations that found only the problems staff had accepted last time ("Validate anyway"), with
   * new figures: accepted again by the refresh (acceptedFindings.ts).
   */
  accepted_again: z.array(z.enum(["facility", "provider", "global"])),
  /** Why staff must act before the year can be enabled (the rule's own sentence), when stopped. */
  needs: z.string().nullable(),
});
export type YearRefreshState = z.infer<typeof yearRefreshState>;

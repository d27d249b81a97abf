/**
 * The stored result of service capabilities: one object per section, keyed by the section's title
 * (admin-area.md section 2), so the read-only detail modal shows the spec's names and, inside each,
 * one labelled row per field (underscores become spaces on screen).
 */
import { z } from "zod";
import { categories } from "../../server/reference/codes/categories.ts";
import { CATEGORY_SECTIONS, PAYER_CLASSES, SETTINGS, type SectionTitle } from "./sections.ts";

const bySetting = z.strictObject({ IP: z.number(), OP: z.number(), ASC: z.number(), OFFICE: z.number() });
const byPayerClass = z.strictObject(
  Object.fromEntries(PAYER_CLASSES.map((payerClass) => [payerClass, z.number()])) as Record<
    (typeof PAYER_CLASSES)[number],
    z.ZodNumber
  >,
);

export const capabilitySection = z.strictObject({
  category: z.enum(categories),
  /** The practice data has volume for it. */
  performed: z.boolean(),
  /** Surgical categories: cases (claims); the others: services (lines weighted by units). */
  volume: z.number().nonnegative(),
  volume_unit: z.enum(["cases", "services"]),
  providers_performing: z.number().int().nonnegative(),
  /** Rendering provider -> volume, largest first. */
  providers: z.record(z.string(), z.number()),
  locations_performing: z.number().int().nonnegative(),
  /** Place performed at -> volume, largest first. */
  locations: z.record(z.string(), z.number()),
  /** Percent of the volume with a setting, per setting. */
  setting_mix: bySetting,
  volume_without_setting: z.number().nonnegative(),
  /** Σ paid amount of the category's lines. */
  revenue: z.number(),
  /** Percent of the practice's whole revenue. */
  revenue_share: z.number(),
  /** Percent of the category's lines (weighted by units) per payer class. */
  payer_mix: byPayerClass,
  /** A facility or location of the profile lists a service covering it (services_provided). */
  declared_in_profile: z.boolean(),
  declaring_sites: z.array(z.string()),
  /** Place-of-service codes billed by the declaring sites (site_of_care_codes_billed). */
  site_of_care_codes_billed: z.array(z.string()),
  /** Settings where the data has volume but no declaring site bills a matching code. */
  settings_not_declared: z.array(z.enum(SETTINGS)),
  /** A disagreement between the profile and the data, or null. */
  profile_note: z.string().nullable(),
});
export type CapabilitySection = z.infer<typeof capabilitySection>;

export const serviceCapabilitiesResult = z.strictObject(
  Object.fromEntries(CATEGORY_SECTIONS.map(({ section }) => [section, capabilitySection])) as Record<
    SectionTitle,
    typeof capabilitySection
  >,
);
export type ServiceCapabilities = z.infer<typeof serviceCapabilitiesResult>;

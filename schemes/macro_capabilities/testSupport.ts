/**
 * Tests only: a hand-written service capabilities result. Every section starts empty (no volume,
 * nothing declared) and a test sets what its arithmetic needs.
 */
import type { CapabilitySection, ServiceCapabilities } from "../service_capabilities/result.ts";
import { CATEGORY_SECTIONS, type SectionTitle } from "../service_capabilities/sections.ts";

export function emptySection(category: CapabilitySection["category"], surgical: boolean): CapabilitySection {
  return {
    category,
    performed: false,
    volume: 0,
    volume_unit: surgical ? "cases" : "services",
    providers_performing: 0,
    providers: {},
    locations_performing: 0,
    locations: {},
    setting_mix: { IP: 0, OP: 0, ASC: 0, OFFICE: 0 },
    volume_without_setting: 0,
    revenue: 0,
    revenue_share: 0,
    payer_mix: {
      commercial: 0,
      medicare: 0,
      medicare_advantage: 0,
      medicaid: 0,
      workers_comp: 0,
      self_pay: 0,
      other: 0,
    },
    declared_in_profile: false,
    declaring_sites: [],
    site_of_care_codes_billed: [],
    settings_not_declared: [],
    profile_note: null,
  };
}

/** Sections given as {volume, ...}: `performed` follows the volume unless set. */
export function serviceCapabilitiesOf(
  sections: Partial<Record<SectionTitle, Partial<CapabilitySection>>>,
): ServiceCapabilities {
  return Object.fromEntries(
    CATEGORY_SECTIONS.map(({ category, section, surgical }) => {
      const values = sections[section] ?? {};
      return [
        section,
        { ...emptySection(category, surgical), performed: (values.volume ?? 0) > 0, ...values },
      ];
    }),
  ) as ServiceCapabilities;
}

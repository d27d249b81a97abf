/**
 * Pure shaping of service capabilities: rows of volumes.sql and revenue.sql plus the profile's
 * declarations become one section per category. No I/O, so the rules are tested on plain rows too.
 */
import { share } from "../../server/engine/shares.ts";
import type { Category } from "../../server/reference/codes/categories.ts";
import type { FacilityRow } from "../../server/schemes/scheme.ts";
import { declarationOf, profileSites, SERVICES_OF_CATEGORY } from "./profileServices.ts";
import type { CapabilitySection, ServiceCapabilities } from "./result.ts";
import { CATEGORY_SECTIONS, cents, PAYER_CLASSES, round2, SETTINGS, type Setting } from "./sections.ts";

export interface VolumeRow {
  category: string;
  is_surgical: boolean;
  setting: string | null;
  place_name: string | null;
  rendering_npi: string | null;
  provider_name: string | null;
  volume: number;
}

export interface RevenueRow {
  category: string | null;
  payer_class: string | null;
  revenue: number;
  units: number;
}

const UNSPECIFIED_PLACE = "Unspecified place";
const UNKNOWN_PROVIDER = "Unknown provider";

/** Adds value under key; returns the map sorted by value, largest first (ties by name). */
function tally(entries: Array<[string, number]>) {
  const totals = new Map<string, number>();
  for (const [key, value] of entries) totals.set(key, (totals.get(key) ?? 0) + value);
  return Object.fromEntries(
    [...totals].sort(([nameA, a], [nameB, b]) => b - a || nameA.localeCompare(nameB)),
  );
}

const isSetting = (value: string | null): value is Setting =>
  value !== null && (SETTINGS as readonly string[]).includes(value);

/** The categories a service choice covers ('Surgery' covers the seven surgical ones). */
const categoriesOfService = (service: string) =>
  (Object.keys(SERVICES_OF_CATEGORY) as Category[]).filter((category) =>
    SERVICES_OF_CATEGORY[category].includes(service),
  );

/**
 * A disagreement between the profile and the data. A service that covers several categories
 * ('Surgery', 'Clinic visits', ...) is only "declared without data" when none of them has volume:
 * a practice listing Surgery need not perform every surgical line.
 */
function profileNote(
  category: Category,
  volume: number,
  declaredServices: string[],
  volumeOf: (category: Category) => number,
) {
  const services = SERVICES_OF_CATEGORY[category].map((service) => `'${service}'`).join(" or ");
  if (volume > 0 && declaredServices.length === 0)
    return `The data has ${volume} but no facility or location of the profile lists ${services}.`;
  const unused = declaredServices.filter((service) =>
    categoriesOfService(service).every((covered) => volumeOf(covered) === 0),
  );
  if (volume === 0 && unused.length > 0 && unused.length === declaredServices.length)
    return `The profile lists ${unused.map((service) => `'${service}'`).join(" and ")} but the data has none.`;
  return null;
}

export function buildSection(
  category: Category,
  surgical: boolean,
  volumes: VolumeRow[],
  revenues: RevenueRow[],
  totalRevenue: number,
  facilities: FacilityRow[],
  volumeOf: (category: Category) => number,
): CapabilitySection {
  const mine = volumes.filter((row) => row.category === category);
  const volume = mine.reduce((sum, row) => sum + row.volume, 0);
  const withSetting = mine.filter((row) => isSetting(row.setting));
  const classified = withSetting.reduce((sum, row) => sum + row.volume, 0);
  const settingVolume = (setting: Setting) =>
    withSetting.filter((row) => row.setting === setting).reduce((sum, row) => sum + row.volume, 0);

  const lines = revenues.filter((row) => row.category === category);
  const revenue = lines.reduce((sum, row) => sum + row.revenue, 0);
  const units = lines.reduce((sum, row) => sum + row.units, 0);
  const payerUnits = (payerClass: string) =>
    lines
      .filter((row) => (row.payer_class ?? "other") === payerClass)
      .reduce((sum, row) => sum + row.units, 0);

  const declaration = declarationOf(category, profileSites(facilities));
  const providerNpis = new Set(mine.map((row) => row.rendering_npi).filter((npi) => npi !== null));
  const places = new Set(mine.map((row) => row.place_name).filter((name) => name !== null));

  return {
    category,
    performed: volume > 0,
    volume,
    volume_unit: surgical ? "cases" : "services",
    providers_performing: providerNpis.size,
    providers: tally(
      mine.map((row) => [
        row.provider_name ?? (row.rendering_npi ? `NPI ${row.rendering_npi}` : UNKNOWN_PROVIDER),
        row.volume,
      ]),
    ),
    locations_performing: places.size,
    locations: tally(mine.map((row) => [row.place_name ?? UNSPECIFIED_PLACE, row.volume])),
    setting_mix: {
      IP: round2(share(settingVolume("IP"), classified)),
      OP: round2(share(settingVolume("OP"), classified)),
      ASC: round2(share(settingVolume("ASC"), classified)),
      OFFICE: round2(share(settingVolume("OFFICE"), classified)),
    },
    volume_without_setting: volume - classified,
    revenue: cents(revenue),
    revenue_share: round2(share(revenue, totalRevenue)),
    payer_mix: Object.fromEntries(
      PAYER_CLASSES.map((payerClass) => [payerClass, round2(share(payerUnits(payerClass), units))]),
    ) as CapabilitySection["payer_mix"],
    declared_in_profile: declaration.declared,
    declaring_sites: declaration.sites,
    site_of_care_codes_billed: declaration.codes,
    settings_not_declared: SETTINGS.filter(
      (setting) => settingVolume(setting) > 0 && !declaration.settings.includes(setting),
    ),
    profile_note: profileNote(category, volume, declaration.services, volumeOf),
  };
}

export function buildServiceCapabilities(
  volumes: VolumeRow[],
  revenues: RevenueRow[],
  facilities: FacilityRow[],
): ServiceCapabilities {
  const totalRevenue = revenues.reduce((sum, row) => sum + row.revenue, 0);
  const volumeOf = (category: Category) =>
    volumes.filter((row) => row.category === category).reduce((sum, row) => sum + row.volume, 0);
  return Object.fromEntries(
    CATEGORY_SECTIONS.map(({ category, section, surgical }) => [
      section,
      buildSection(category, surgical, volumes, revenues, totalRevenue, facilities, volumeOf),
    ]),
  ) as ServiceCapabilities;
}

/**
 * What the zip panel shows when a zip polygon is clicked (customer-area.md querie9: "Clicking a zip
 * polygon opens its table (services with # cases, and providers)"). Read from the clicked feature's
 * result object; features without services and providers have no panel.
 */
import { serviceLineLabel } from "./serviceLines.ts";

export interface ZipDetailData {
  zipcode: string;
  /** The zip's outmigration percentage, when the feature has one. */
  percentage?: number;
  cases?: number;
  outsideCases?: number;
  services: Array<{ service: string; cases: number }>;
  providers: Array<{ name: string; cases: number }>;
}

const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const optional = (value: unknown) => (finite(value) ? value : undefined);

export function zipDetailOf(item: Record<string, unknown>): ZipDetailData | null {
  const { zipcode, services, providers } = item;
  if (typeof zipcode !== "string" || typeof services !== "object" || services === null) return null;
  if (!Array.isArray(providers)) return null;
  return {
    zipcode,
    percentage: optional(item.percentage),
    cases: optional(item.cases),
    outsideCases: optional(item.outside_cases),
    // Largest first, as the providers come; lines with no case are left out of the table.
    services: Object.entries(services as Record<string, unknown>)
      .flatMap(([code, cases]) =>
        finite(cases) && cases > 0 ? [{ service: serviceLineLabel(code), cases }] : [],
      )
      .sort((a, b) => b.cases - a.cases || a.service.localeCompare(b.service)),
    providers: providers.flatMap((provider) => {
      const { name, cases } = (provider ?? {}) as { name?: unknown; cases?: unknown };
      return typeof name === "string" && finite(cases) ? [{ name, cases }] : [];
    }),
  };
}

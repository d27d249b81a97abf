/**
 * Filters a simulated user picks, drawn from what the screens offer: the manifest's filter JSON
 * Schema of each analysis (GET /api/management/queries/manifest, as the web app reads it). Years
 * come from the organisation's available years; lists of choices (service lines, service-area
 * types, settings) are left at the screen's default half the time and otherwise a random subset
 * at least `minItems` long. Lists without fixed choices (zip codes, facilities, providers) are
 * pickers of the organisation's own rows on the screens and stay at their defaults here.
 */
interface PropertySchema {
  type?: string;
  minItems?: number;
  items?: { enum?: string[] };
}
export interface ManifestAnswer {
  available_years: number[];
  queries: Array<{ id: string; filters: { properties?: Record<string, PropertySchema> } }>;
}

export { randomOf } from "../../tests/helpers/seededRandom.ts";

export function drawRequest(manifest: ManifestAnswer, random: () => number) {
  const query = manifest.queries[Math.floor(random() * manifest.queries.length)]!;
  const filters: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(query.filters.properties ?? {})) {
    if (field === "year") {
      const years = manifest.available_years;
      if (years.length > 0) filters.year = years[Math.floor(random() * years.length)];
      continue;
    }
    const choices = schema.type === "array" ? schema.items?.enum : undefined;
    if (!choices || random() < 0.5) continue;
    const shuffled = [...choices];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const least = Math.max(1, schema.minItems ?? 1);
    filters[field] = shuffled.slice(0, least + Math.floor(random() * (choices.length - least + 1)));
  }
  return { querie: query.id, filters };
}

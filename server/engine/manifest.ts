/**
 * The manifest the web app builds its screens from: per analysis its id, title, theme,
 * description, filter JSON Schema (zod's toJSONSchema), defaults and view descriptor.
 */
import { z } from "zod";
import { boundedCache } from "../caches/bounded.ts";
import { EncodedBody } from "../http/encodedBody.ts";
import { vegaOf } from "./chartVega.ts";
import { defaultFilters, type FilterDefaults } from "./filters.ts";
import { type Plugin, THEMES } from "./plugin.ts";
import type { Registry } from "./registry.ts";

/**
 * Each analysis's entry per default year, made once: its JSON Schema costs 0.2 ms warm and more
 * cold, ten per manifest, and every user reads the manifest when the app opens (100 users signing
 * in within two seconds asked for it 100 times). Shared: callers must not modify an entry.
 */
const entries = boundedCache<ReturnType<typeof makeEntry>>({ name: "manifestEntries", max: 200 });

export function pluginManifest(plugin: Plugin, defaults: FilterDefaults = {}) {
  const key = `${plugin.id}|${plugin.fingerprint}|${defaults.year ?? ""}`;
  let entry = entries.get(key);
  if (!entry) {
    entry = makeEntry(plugin, defaults);
    entries.set(key, entry);
  }
  return entry;
}

function makeEntry(plugin: Plugin, defaults: FilterDefaults) {
  return {
    id: plugin.id,
    title: plugin.title,
    theme: plugin.theme,
    description: plugin.description,
    version: plugin.fingerprint,
    filters: z.toJSONSchema(plugin.filterSchema(defaults), { io: "input", unrepresentable: "any" }),
    defaults: defaultFilters(plugin.filters, defaults),
    // Each chart with its Vega spec as drawn (chartVega.ts): the browser does not compile Vega-Lite.
    view: { ...plugin.view, charts: plugin.view.charts.map((chart) => ({ ...chart, vega: vegaOf(chart) })) },
  };
}

export interface ManifestOptions extends FilterDefaults {
  availableYears?: number[];
}

export function buildManifest(registry: Registry, options: ManifestOptions = {}) {
  const queries = registry.all().map((plugin) => pluginManifest(plugin, { year: options.year }));
  return {
    available_years: options.availableYears ?? [],
    themes: THEMES.map((theme) => ({
      theme,
      queries: queries.filter((query) => query.theme === theme).map((query) => query.id),
    })),
    queries,
  };
}

/**
 * The manifest's answer as sent, serialised and compressed once per registry and years: 87 kB of
 * JSON with the charts' Vega, about 10 kB compressed, read by every user opening the app.
 */
const bodies = boundedCache<EncodedBody>({ name: "manifestBodies", max: 64 });

export function manifestBody(registry: Registry, options: ManifestOptions = {}): EncodedBody {
  const versions = registry.all().map((plugin) => plugin.fingerprint);
  const key = `${versions.join(",")}|${options.year ?? ""}|${(options.availableYears ?? []).join(",")}`;
  let body = bodies.get(key);
  if (!body) {
    body = new EncodedBody(JSON.stringify({ status: 200, ...buildManifest(registry, options) }));
    bodies.set(key, body);
  }
  return body;
}

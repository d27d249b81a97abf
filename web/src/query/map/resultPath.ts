/**
 * Reading a map layer's features out of an analysis result: the layer names a result key or a
 * dotted path ("outmigration_filtred.1"), and says whether that place holds an array of features,
 * an object of features keyed by id, or one shape (server/engine/view.ts, MapLayer).
 */
import type { MapLayer } from "../../../../server/engine/view.ts";

export type Item = Record<string, unknown>;

const isObject = (value: unknown): value is Item =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at a dotted path; numeric steps index arrays ("a.1.b"). Missing steps give undefined. */
export function valueAt(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const step of path.split(".")) {
    if (Array.isArray(current)) current = current[Number(step)];
    else if (isObject(current)) current = current[step];
    else return undefined;
  }
  return current;
}

/**
 * The layer's feature objects, in the order of the result. An object of features keeps its key as
 * `id` when the feature has none; missing or malformed sources give no features (an empty map
 * layer, not a crash: a result with no rows is normal).
 */
export function layerItems(results: Record<string, unknown>, layer: MapLayer): Item[] {
  const source = valueAt(results, layer.source);
  switch (layer.shape ?? "array") {
    case "array":
      return Array.isArray(source) ? source.filter(isObject) : [];
    case "object":
      return isObject(source)
        ? Object.entries(source).flatMap(([id, item]) => (isObject(item) ? [{ id, ...item }] : []))
        : [];
    case "single":
      return isObject(source) ? [source] : [];
  }
}

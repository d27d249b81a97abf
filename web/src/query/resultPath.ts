import { valueAt } from "./map/resultPath.ts";

export { valueAt };

/** The rows at a result key: an array of objects, or [] when the result has none there. */
export function rowsAt(
  results: Record<string, unknown> | undefined,
  path: string,
): Record<string, unknown>[] {
  const value = valueAt(results, path);
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

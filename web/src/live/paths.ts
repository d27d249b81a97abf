/**
 * Dotted paths into plain JSON ('datas.2024.validations.facility'), as the live channel's `event`
 * messages name them. Pure and immutable: a patch copies only the objects along the path.
 */

const segmentsOf = (path: string) => path.split(".").filter((segment) => segment !== "");

export function getPath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const segment of segmentsOf(path)) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** A copy of `data` with `value` at `path`; missing objects along the way are created. */
export function setPath<T>(data: T, path: string, value: unknown): T {
  const [head, ...rest] = segmentsOf(path);
  if (head === undefined) return value as T;
  const source = data !== null && typeof data === "object" ? data : {};
  const child = (source as Record<string, unknown>)[head];
  const next = rest.length === 0 ? value : setPath(child, rest.join("."), value);
  if (Array.isArray(source)) {
    const copy = [...source];
    copy[Number(head)] = next;
    return copy as T;
  }
  return { ...(source as object), [head]: next } as T;
}

/** Structural equality for the JSON values events compare (ids, years, flags). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Years and ids may travel as numbers on one side and strings on the other.
  if ((typeof a === "number" || typeof a === "string") && (typeof b === "number" || typeof b === "string")) {
    return String(a) === String(b);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface LiveEvent {
  test_path: string;
  test_value: unknown;
  path: string;
  value: unknown;
}

/**
 * Applies an `event` to one cached answer: when the value at `test_path` is `test_value` (the event is
 * about this organisation and year), `value` is written at `path`. Answers another event is not about
 * are returned unchanged (the same object), so callers can tell whether anything was patched.
 */
export function applyEvent<T>(data: T, event: LiveEvent): T {
  if (!sameJson(getPath(data, event.test_path), event.test_value)) return data;
  return setPath(data, event.path, event.value);
}

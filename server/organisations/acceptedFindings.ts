/**
 * What a validation found, by subject: every non-empty note of its result (a row's, a line's, a
 * provider's, or one of global validation's named notes), named by where it sits - an array's item
 * by its identity (id, NPI, service, provider) rather than its position or figures. A refresh
 * compares these with what staff accepted last time ("Validate anyway"): the same problems with
 * new counts stay accepted; a problem about a new subject needs a person.
 */
const IDENTITY_KEYS = ["id", "npi", "service", "provider_name", "subspeciality", "name"] as const;

function identityOf(item: unknown, index: number): string {
  if (item && typeof item === "object") {
    for (const key of IDENTITY_KEYS) {
      const value = (item as Record<string, unknown>)[key];
      if (typeof value === "string" && value !== "") return `${key}=${value}`;
    }
  }
  return String(index);
}

export function findingsOf(result: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown, path: string, key: string, parentKey: string) => {
    if (typeof value === "string") {
      if (value.trim() !== "" && (key === "note" || parentKey === "note")) found.add(path);
      return;
    }
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries())
        walk(item, `${path}[${identityOf(item, index)}]`, key, parentKey);
      return;
    }
    if (value && typeof value === "object") {
      for (const [child, inner] of Object.entries(value)) walk(inner, `${path}.${child}`, child, key);
    }
  };
  walk(result, "", "", "");
  return found;
}

/** Staff accepted `before`'s problems; `after` found nothing about another subject. */
export function sameFindings(before: unknown, after: unknown): boolean {
  const accepted = findingsOf(before);
  const now = findingsOf(after);
  return accepted.size > 0 && [...now].every((finding) => accepted.has(finding));
}

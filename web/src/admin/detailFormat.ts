/**
 * How the read-only detail modals (service capabilities, macro capabilities, market profile,
 * scoring) show a scheme's JSON: admin-area.md section 2, "Modals".
 */

/** 'new_patient_em' -> 'New patient em': underscores to spaces, first letter capitalised. */
export function formatFieldName(name: string): string {
  const spaced = name.replace(/_/g, " ").trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** How one value is drawn in the Value column. */
export type ValueRendering =
  | { kind: "na" }
  | { kind: "boolean"; value: boolean }
  | { kind: "text"; text: string }
  | { kind: "list"; items: unknown[] }
  | { kind: "pairs"; pairs: [string, unknown][] };

/**
 * null (or undefined) -> orange 'N/A' tag; booleans and the strings 'true'/'false' -> tags; numbers and
 * strings -> plain text; arrays -> lists; objects -> 'key: value' pairs.
 */
export function renderingOf(value: unknown): ValueRendering {
  if (value === null || value === undefined) return { kind: "na" };
  if (typeof value === "boolean") return { kind: "boolean", value };
  if (typeof value === "string") {
    const lowered = value.trim().toLowerCase();
    if (lowered === "true" || lowered === "false") return { kind: "boolean", value: lowered === "true" };
    return { kind: "text", text: value };
  }
  if (typeof value === "number" || typeof value === "bigint") return { kind: "text", text: String(value) };
  if (Array.isArray(value)) return { kind: "list", items: value };
  if (typeof value === "object") return { kind: "pairs", pairs: Object.entries(value as object) };
  return { kind: "text", text: String(value) };
}

/** A short inline text for a list item or a pair's value (nested objects read as key: value). */
export function inlineText(value: unknown): string {
  const rendering = renderingOf(value);
  switch (rendering.kind) {
    case "na":
      return "N/A";
    case "boolean":
      return rendering.value ? "true" : "false";
    case "text":
      return rendering.text;
    case "list":
      return rendering.items.map(inlineText).join(", ");
    case "pairs":
      return rendering.pairs.map(([key, item]) => `${key}: ${inlineText(item)}`).join(", ");
  }
}

export interface DetailSection {
  /** The section heading, or null for top-level fields outside any section. */
  title: string | null;
  rows: [string, unknown][];
}

/**
 * A scheme's detail split in sections: every top-level key whose value is a plain object becomes a
 * section (in the order of `order`, then the rest); other top-level keys go in a first untitled one.
 * `order` names the known sections (e.g. 'LE Joint replacement'), matched against the formatted key.
 */
export function detailSections(
  scheme: Record<string, unknown>,
  order: readonly string[] = [],
): DetailSection[] {
  const loose: [string, unknown][] = [];
  const sections = new Map<string, DetailSection>();
  for (const [key, value] of Object.entries(scheme)) {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      sections.set(key, { title: formatFieldName(key), rows: Object.entries(value as object) });
    } else {
      loose.push([key, value]);
    }
  }
  const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");
  const rank = (title: string) => {
    const index = order.findIndex((name) => normalise(name) === normalise(title));
    return index === -1 ? order.length : index;
  };
  const ordered = [...sections.values()].sort((a, b) => rank(a.title ?? "") - rank(b.title ?? ""));
  return loose.length > 0 ? [{ title: null, rows: loose }, ...ordered] : ordered;
}

/** The sections the spec names for each modal, in display order. */
export const MACRO_SECTIONS = [
  "Governance",
  "Partnerships",
  "Foundational",
  "Integration",
  "Rollup",
] as const;
export const SERVICE_SECTIONS = [
  "LE Joint replacement",
  "Spine",
  "Trauma",
  "Sports medicine",
  "Hand UE",
  "Foot & Ankle",
  "Other surgical",
  "New patient E&M",
  "Established patient E&M",
  "Ultrasound",
  "Advanced imaging",
  "Initial eval",
  "Other PT OT",
  "Chiropractic",
  "Casting spliting straping",
  "Aspiration Injection",
] as const;
export const MARKET_PROFILE_SECTIONS = [...SERVICE_SECTIONS, "Total surgical", "Non specific"] as const;

/**
 * The identity checks the facility and provider validations share: the NPI check digit, the
 * registry lookup, and the name comparison with the registry's entry. Each failed check becomes
 * one problem (a sentence and a severity); the row's state is the worst severity.
 */
import { isValidNpi } from "../reference/npi.ts";
import type { NpiRegistry } from "../registry/npiRegistry.ts";
import type { NppesResult } from "../registry/nppesShape.ts";

export interface Problem {
  severity: "warning" | "error";
  message: string;
}

/** Words that do not tell two organisations apart ("Demo Ortho, LLC" is "Demo Ortho"). */
const ORGANISATION_NOISE = new Set([
  "THE",
  "INC",
  "LLC",
  "LLP",
  "PLLC",
  "PC",
  "PA",
  "SC",
  "LTD",
  "CO",
  "CORP",
  "CORPORATION",
  "COMPANY",
  "OF",
  "AND",
]);

/** Upper case, apostrophes dropped (O'NEIL is ONEIL), '&' as AND, other punctuation as spaces. */
export function nameWords(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/['\u2019]/g, "")
    .replaceAll("&", " AND ")
    .replace(/[^A-Z0-9 ]+/g, " ")
    .split(/\s+/)
    .filter((word) => word !== "");
}

/**
 * Two organisation names match when, without the noise words, the words of one include all the
 * words of the other ("Demo Orthopaedics Clinic" and "DEMO ORTHOPAEDICS CLINIC PC").
 */
export function organisationNamesMatch(a: string, b: string): boolean {
  const left = new Set(nameWords(a).filter((word) => !ORGANISATION_NOISE.has(word)));
  const right = new Set(nameWords(b).filter((word) => !ORGANISATION_NOISE.has(word)));
  if (left.size === 0 || right.size === 0) return false;
  const [small, large] = left.size <= right.size ? [left, right] : [right, left];
  return [...small].every((word) => large.has(word));
}

/**
 * A person matches when the last names are equal and the first names are equal or one starts
 * with the other ("J" and "JOHN", "CHRIS" and "CHRISTOPHER").
 */
export function personNamesMatch(
  profile: { firstName: string; lastName: string },
  registry: { first_name?: string; last_name?: string },
): boolean {
  // Compared without spaces or hyphens: "SMITH-JONES" and "SMITH JONES" are one name.
  const last = nameWords(profile.lastName).join("");
  const first = nameWords(profile.firstName).join("");
  const registryLast = nameWords(registry.last_name ?? "").join("");
  const registryFirst = nameWords(registry.first_name ?? "").join("");
  if (last === "" || last !== registryLast) return false;
  if (first === "" || registryFirst === "") return first === registryFirst;
  return first.startsWith(registryFirst) || registryFirst.startsWith(first);
}

export interface RegistryCheck {
  npiValid: boolean;
  entry: NppesResult | undefined;
  problems: Problem[];
}

/**
 * Check digit, then registry presence and kind. An NPI failing the check digit cannot be in the
 * registry, so only the check-digit error is reported for it. Absence from the registry is a
 * warning: the profile form lets users add an NPI the registry does not know, for staff to check.
 */
export async function checkNpi(
  registry: NpiRegistry,
  npi: string,
  expected: "NPI-1" | "NPI-2",
): Promise<RegistryCheck> {
  if (!isValidNpi(npi)) {
    return {
      npiValid: false,
      entry: undefined,
      problems: [{ severity: "error", message: `NPI ${npi} is not a valid NPI (check digit).` }],
    };
  }
  const entry = (await registry.lookupNpi(npi)).results[0];
  if (!entry) {
    return {
      npiValid: true,
      entry,
      problems: [{ severity: "warning", message: `NPI ${npi} was not found in the provider registry.` }],
    };
  }
  if (entry.enumeration_type !== expected) {
    const kind = expected === "NPI-1" ? "an organisation" : "an individual";
    return {
      npiValid: true,
      entry,
      problems: [{ severity: "error", message: `NPI ${npi} belongs to ${kind} in the provider registry.` }],
    };
  }
  return { npiValid: true, entry, problems: [] };
}

/** The problems joined into the row's note ('' when there is none). */
export const noteOf = (problems: Problem[]) => problems.map((problem) => problem.message).join(" ");

/**
 * The schemes available: every folder of schemes/ with a scheme.ts, discovered once per process.
 * Folders without one (schemes/questionnaire: a form, not a computed scheme) are skipped.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Scheme } from "./scheme.ts";

export const SCHEMES_DIR = join(import.meta.dir, "..", "..", "schemes");

export interface SchemeRegistry {
  all(): Scheme[];
  get(id: string): Scheme | undefined;
}

function isScheme(value: unknown): value is Scheme {
  const candidate = value as Scheme | undefined;
  return typeof candidate?.run === "function" && typeof candidate.id === "string" && !!candidate.result;
}

export async function loadSchemeRegistry(dir: string = SCHEMES_DIR): Promise<SchemeRegistry> {
  const folders = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "scheme.ts")))
        .map((entry) => entry.name)
        .sort()
    : [];
  const schemes = new Map<string, Scheme>();
  for (const folder of folders) {
    const module = await import(join(dir, folder, "scheme.ts"));
    const scheme = module.default;
    if (!isScheme(scheme))
      throw new Error(`schemes/${folder}/scheme.ts must default-export defineScheme({...})`);
    if (scheme.id !== folder)
      throw new Error(`schemes/${folder}: the scheme id '${scheme.id}' must be the folder name`);
    schemes.set(scheme.id, scheme);
  }
  return { all: () => [...schemes.values()], get: (id) => schemes.get(id) };
}

/** A registry of given schemes (tests, or a CLI run with a scheme outside schemes/). */
export function staticSchemeRegistry(list: Scheme[]): SchemeRegistry {
  const schemes = new Map(list.map((scheme) => [scheme.id, scheme]));
  return { all: () => [...schemes.values()], get: (id) => schemes.get(id) };
}

let shared: Promise<SchemeRegistry> | undefined;

/** The registry of the running server (schemes/ read once per process). */
export const schemeRegistry = () => {
  shared ??= loadSchemeRegistry();
  return shared;
};

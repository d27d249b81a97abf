/**
 * The analyses available: every folder of queries/ with a plugin.ts, discovered once at start.
 * Adding an analysis is adding a folder; nothing else is edited.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "./plugin.ts";

export const QUERIES_DIR = join(import.meta.dir, "..", "..", "queries");

export interface Registry {
  /** In menu order: querie1, querie2, ..., querie10 (numbers compared as numbers). */
  all(): Plugin[];
  get(id: string): Plugin | undefined;
}

const naturalOrder = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

function isPlugin(value: unknown): value is Plugin {
  const candidate = value as Plugin | undefined;
  return typeof candidate?.kernel === "function" && typeof candidate.fingerprint === "string";
}

export async function loadRegistry(dir: string = QUERIES_DIR): Promise<Registry> {
  const folders = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "plugin.ts")))
        .map((entry) => entry.name)
        .sort(naturalOrder)
    : [];
  const plugins = new Map<string, Plugin>();
  for (const folder of folders) {
    const module = await import(join(dir, folder, "plugin.ts"));
    const plugin = module.default;
    if (!isPlugin(plugin))
      throw new Error(`queries/${folder}/plugin.ts must default-export definePlugin({...})`);
    if (plugin.id !== folder)
      throw new Error(`queries/${folder}: the plugin id '${plugin.id}' must be the folder name`);
    plugins.set(plugin.id, plugin);
  }
  return {
    all: () => [...plugins.values()],
    get: (id) => plugins.get(id),
  };
}

let shared: Promise<Registry> | undefined;

/** The registry of the running server (queries/ read once per process). */
export const pluginRegistry = () => {
  shared ??= loadRegistry();
  return shared;
};

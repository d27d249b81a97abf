/**
 * The analyses available: every folder of queries/ with a plugin.ts, discovered once at start.
 * Adding an analysis is adding a folder; nothing else is edited. A folder holds plugin.ts (the
 * kernel), catalogue.ts (title and theme group: the navigation) and texts.ts (the default texts staff
 * edit); the server reads all three from here, the web app bundles the last two (import.meta.glob).
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { type AnalysisCatalogue, type AnalysisTexts, analysisOrder, THEMES } from "./catalogue.ts";
import type { Plugin } from "./plugin.ts";

export const QUERIES_DIR = join(import.meta.dir, "..", "..", "queries");

/** What a folder declares about its analysis without its kernel: cheap to load (plain data). */
export interface AnalysisFolder {
  id: string;
  catalogue: AnalysisCatalogue;
  texts: AnalysisTexts;
}

export interface Registry {
  /** In menu order: querie1, querie2, ..., querie10, querie11 (numbers compared as numbers). */
  all(): Plugin[];
  get(id: string): Plugin | undefined;
  /** Each analysis's default texts (texts.ts), in menu order. */
  texts(): Record<string, AnalysisTexts>;
}

/** The analysis folders of `dir` (those with a plugin.ts), in menu order. */
export function analysisFolderNames(dir: string = QUERIES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "plugin.ts")))
    .map((entry) => entry.name)
    .sort(analysisOrder);
}

function isPlugin(value: unknown): value is Plugin {
  const candidate = value as Plugin | undefined;
  return typeof candidate?.kernel === "function" && typeof candidate.fingerprint === "string";
}

async function exported<T>(dir: string, folder: string, file: string, name: string): Promise<T> {
  const path = join(dir, folder, file);
  if (!existsSync(path)) throw new Error(`queries/${folder} has no ${file} (docs/plugins.md)`);
  const value = (await import(path))[name];
  if (value === undefined) throw new Error(`queries/${folder}/${file} must export const ${name}`);
  return value as T;
}

async function loadFolder(dir: string, folder: string): Promise<AnalysisFolder> {
  const catalogue = await exported<AnalysisCatalogue>(dir, folder, "catalogue.ts", "catalogue");
  if (typeof catalogue.title !== "string" || catalogue.title.trim() === "")
    throw new Error(`queries/${folder}/catalogue.ts: the title must be a text`);
  if (!THEMES.includes(catalogue.theme))
    throw new Error(`queries/${folder}/catalogue.ts: the theme must be one of ${THEMES.join(", ")}`);
  const texts = await exported<AnalysisTexts>(dir, folder, "texts.ts", "texts");
  if (typeof texts.title !== "string" || typeof texts.description !== "string")
    throw new Error(`queries/${folder}/texts.ts: a title and a description are required`);
  for (const [field, value] of Object.entries(texts))
    if (typeof value !== "string") throw new Error(`queries/${folder}/texts.ts: ${field} must be a text`);
  return { id: folder, catalogue, texts };
}

/**
 * The folders' catalogues and texts without their kernels (plain data files, no engine): what the
 * back office's Query texts are built from (server/content/queryTexts.ts).
 */
export async function loadAnalysisFolders(dir: string = QUERIES_DIR): Promise<AnalysisFolder[]> {
  return Promise.all(analysisFolderNames(dir).map((folder) => loadFolder(dir, folder)));
}

export async function loadRegistry(dir: string = QUERIES_DIR): Promise<Registry> {
  const plugins = new Map<string, Plugin>();
  const texts: Record<string, AnalysisTexts> = {};
  for (const folder of analysisFolderNames(dir)) {
    // The plain data first: a folder missing its catalogue.ts or texts.ts says so.
    const declared = await loadFolder(dir, folder);
    const module = await import(join(dir, folder, "plugin.ts"));
    const plugin = module.default;
    if (!isPlugin(plugin))
      throw new Error(`queries/${folder}/plugin.ts must default-export definePlugin({...})`);
    if (plugin.id !== folder)
      throw new Error(`queries/${folder}: the plugin id '${plugin.id}' must be the folder name`);
    // One title and one theme: plugin.ts spreads catalogue.ts, which the web's menus read.
    if (plugin.title !== declared.catalogue.title || plugin.theme !== declared.catalogue.theme)
      throw new Error(`queries/${folder}/plugin.ts: title and theme must be catalogue.ts's (...catalogue)`);
    if (plugin.texts !== declared.texts)
      throw new Error(`queries/${folder}/plugin.ts: texts must be texts.ts's (texts)`);
    plugins.set(plugin.id, plugin);
    texts[plugin.id] = declared.texts;
  }
  return {
    all: () => [...plugins.values()],
    get: (id) => plugins.get(id),
    texts: () => texts,
  };
}

let shared: Promise<Registry> | undefined;

/** The registry of the running server (queries/ read once per process). */
export const pluginRegistry = () => {
  shared ??= loadRegistry();
  return shared;
};

/**
 * The plugin path (issue 21): an analysis is added by its folder alone. A copy of querie11 put in a
 * temporary queries/ as querie12 is run by the registry, listed by the manifest under its own
 * theme, given default texts and drawn in the web's navigation, with nothing edited outside the
 * folder; and every folder of the real queries/ is listed by each of them while no other file of
 * server/ or web/src names an analysis.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { texts as growthTexts } from "../../queries/querie11/texts.ts";
import { analysesFrom, themeGroupsOf } from "../../web/src/analyses/catalogueModel.ts";
import { queryTextDefaults } from "../content/queryTexts.ts";
import { ANALYSIS_NAME, type AnalysisCatalogue } from "./catalogue.ts";
import { buildManifest } from "./manifest.ts";
import { analysisFolderNames, loadAnalysisFolders, loadRegistry, QUERIES_DIR } from "./registry.ts";
import { goldenHarness, marketCase } from "./testing/golden.ts";

const REPO = join(QUERIES_DIR, "..");

/** What import.meta.glob("../../../queries/*\/catalogue.ts") gives the web app for these folders. */
async function bundledCatalogues(dir: string): Promise<Record<string, AnalysisCatalogue>> {
  const entries = await Promise.all(
    analysisFolderNames(dir).map(async (id) => [
      `../../../queries/${id}/catalogue.ts`,
      (await import(join(dir, id, "catalogue.ts"))).catalogue as AnalysisCatalogue,
    ]),
  );
  return Object.fromEntries(entries);
}

describe("adding an analysis is adding its folder", () => {
  const harness = goldenHarness();
  let root: string;
  let queries: string;

  beforeAll(() => {
    // A queries/ of its own beside the real server/ (a link): the folders import ../../server/...
    root = mkdtempSync(join(tmpdir(), "vitality-new-analysis-"));
    symlinkSync(join(REPO, "server"), join(root, "server"));
    symlinkSync(join(REPO, "node_modules"), join(root, "node_modules"));
    queries = join(root, "queries");
    mkdirSync(queries);
    cpSync(join(QUERIES_DIR, "querie3"), join(queries, "querie3"), { recursive: true });
    // The new analysis: querie11's folder copied, its id, title and theme its own.
    const folder = join(queries, "querie12");
    cpSync(join(QUERIES_DIR, "querie11"), folder, { recursive: true });
    for (const test of readdirSync(folder).filter((file) => file.endsWith(".test.ts")))
      rmSync(join(folder, test));
    const edit = (file: string, from: string, to: string) => {
      const text = readFileSync(join(folder, file), "utf8");
      expect(text).toContain(from);
      writeFileSync(join(folder, file), text.replace(from, to));
    };
    edit("plugin.ts", 'id: "querie11"', 'id: "querie12"');
    edit("catalogue.ts", '"Growth Opportunities"', '"Growth Scenarios"');
    edit("catalogue.ts", '"Service Strength"', '"Market Alignment"');
  });
  afterAll(() => {
    harness.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("the registry runs it, with the title and theme of its catalogue.ts", async () => {
    const registry = await loadRegistry(queries);
    expect(registry.all().map((plugin) => [plugin.id, plugin.title, plugin.theme])).toEqual([
      ["querie3", "Subspecialty Mix", "Market Alignment"],
      ["querie12", "Growth Scenarios", "Market Alignment"],
    ]);
    // Three spine cases in the PSA paid 3,000 in all: the market's average paid is 1,000 a case.
    const result = await harness.run(registry.get("querie12")!, {
      market: [marketCase({ service_line: "spine", cases: 3, paid_amount: 3000 })],
    });
    const spine = (result.growth_table as Record<string, unknown>[]).find(
      (row) => row.service_line === "spine",
    );
    expect(spine).toMatchObject({ market_cases: 3, average_paid: 1000, price_source: "market" });
  });

  test("the manifest lists it under its theme", async () => {
    const manifest = buildManifest(await loadRegistry(queries), { year: 2024 });
    expect(manifest.queries.map((query) => [query.id, query.title])).toEqual([
      ["querie3", "Subspecialty Mix"],
      ["querie12", "Growth Scenarios"],
    ]);
    expect(manifest.themes).toEqual([
      { theme: "Competitive Comparison", queries: [] },
      { theme: "Partnership Strength", queries: [] },
      { theme: "Market Alignment", queries: ["querie3", "querie12"] },
      { theme: "Service Strength", queries: [] },
    ]);
  });

  test("its default texts are its texts.ts, titled by its catalogue.ts", async () => {
    const texts = queryTextDefaults(await loadAnalysisFolders(queries));
    expect(Object.keys(texts)).toEqual(["querie3", "querie12", "scoring"]);
    // querie11's texts, word for word, under the copy's own title (texts.ts reads catalogue.title).
    expect(texts.querie12).toEqual({ ...growthTexts, title: "Growth Scenarios" });
    expect(texts.querie12?.chart_title).toBe("Revenue today and in five years");
    expect((await loadRegistry(queries)).texts().querie12).toEqual(texts.querie12!);
  });

  test("a folder without its catalogue or texts, or whose plugin.ts has a title of its own, is refused at start", async () => {
    const broken = (name: string, change: (folder: string) => void) => {
      const dir = join(root, name);
      cpSync(join(QUERIES_DIR, "querie3"), join(dir, "querie3"), { recursive: true });
      change(join(dir, "querie3"));
      return dir;
    };
    const noCatalogue = broken("no-catalogue", (folder) => rmSync(join(folder, "catalogue.ts")));
    await expect(loadRegistry(noCatalogue)).rejects.toThrow("queries/querie3 has no catalogue.ts");
    await expect(loadAnalysisFolders(noCatalogue)).rejects.toThrow("queries/querie3 has no catalogue.ts");
    const noTexts = broken("no-texts", (folder) => rmSync(join(folder, "texts.ts")));
    await expect(loadRegistry(noTexts)).rejects.toThrow("queries/querie3 has no texts.ts");
    const ownTitle = broken("own-title", (folder) => {
      const file = join(folder, "plugin.ts");
      writeFileSync(file, readFileSync(file, "utf8").replace("...catalogue,", '...catalogue, title: "Mix",'));
    });
    await expect(loadRegistry(ownTitle)).rejects.toThrow(
      "queries/querie3/plugin.ts: title and theme must be catalogue.ts's (...catalogue)",
    );
  });

  test("the web's navigation draws it in its theme group", async () => {
    const analyses = analysesFrom(await bundledCatalogues(queries));
    expect(analyses).toEqual([
      { id: "querie3", title: "Subspecialty Mix", theme: "Market Alignment" },
      { id: "querie12", title: "Growth Scenarios", theme: "Market Alignment" },
    ]);
    expect(themeGroupsOf(analyses).map((group) => [group.id, group.queries])).toEqual([
      ["competitive-comparison", []],
      ["partnership-strength", []],
      ["market-alignment", ["querie3", "querie12"]],
      ["service-strength", []],
    ]);
  });
});

describe("every folder of queries/ is listed from the folder, and nowhere else", () => {
  test("each folder holds plugin.ts, catalogue.ts and texts.ts and is named querie<number>", () => {
    const folders = readdirSync(QUERIES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.length).toBe(analysisFolderNames().length);
    for (const folder of folders) {
      const files = readdirSync(join(QUERIES_DIR, folder.name));
      expect({ folder: folder.name, named: ANALYSIS_NAME.test(folder.name) }).toEqual({
        folder: folder.name,
        named: true,
      });
      expect(files).toEqual(expect.arrayContaining(["plugin.ts", "catalogue.ts", "texts.ts", "README.md"]));
    }
  });

  test("the registry, the manifest, the default texts and the navigation list the same analyses", async () => {
    const folders = analysisFolderNames();
    const registry = await loadRegistry();
    const manifest = buildManifest(registry, { year: 2024 });
    const texts = queryTextDefaults(await loadAnalysisFolders());
    const analyses = analysesFrom(await bundledCatalogues(QUERIES_DIR));
    const groups = themeGroupsOf(analyses);
    expect(registry.all().map((plugin) => plugin.id)).toEqual(folders);
    expect(manifest.queries.map((query) => query.id)).toEqual(folders);
    expect(Object.keys(texts)).toEqual([...folders, "scoring"]);
    expect(analyses.map((analysis): string => analysis.id)).toEqual(folders);
    for (const plugin of registry.all()) {
      const where = plugin.id;
      const theme = manifest.themes.find((entry) => entry.queries.includes(plugin.id))?.theme;
      const group = groups.find((entry) => entry.queries.includes(plugin.id as `querie${number}`));
      expect({ where, theme, group: group?.label, title: texts[plugin.id]?.title }).toEqual({
        where,
        theme: plugin.theme,
        group: plugin.theme,
        title: plugin.title,
      });
    }
  });

  test("no file of server/ or web/src names an analysis as a string or a key (a registration)", () => {
    // "querie7" or 'querie7' or `querie7`, or a line starting `querie7:` (an object keyed by
    // analysis), in code: comments naming an analysis as an example are not registrations.
    const registration = /["'`]querie[0-9]+["'`]|^\s*querie[0-9]+\s*:/;
    const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          // The engine's own test folders are examples, not registrations.
          if (entry.name !== "testing" && entry.name !== "node_modules") walk(path);
        } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$|^test[A-Z]/.test(entry.name)) {
          const lines = readFileSync(path, "utf8").split("\n");
          lines.forEach((line, index) => {
            if (!isComment(line) && registration.test(line))
              offenders.push(`${relative(REPO, path)}:${index + 1}`);
          });
        }
      }
    };
    walk(join(REPO, "server"));
    walk(join(REPO, "web", "src"));
    expect(offenders).toEqual([]);
  });
});

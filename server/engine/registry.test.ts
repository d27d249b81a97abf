import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { z } from "zod";
import { buildManifest } from "./manifest.ts";
import { loadRegistry } from "./registry.ts";
import { goldenHarness, marketCase } from "./testing/golden.ts";

const harness = goldenHarness();
afterAll(() => harness.close());

describe("plugin registry", () => {
  test("queries/ holds the eleven analyses, in menu order, in the spec's navigation groups", async () => {
    const registry = await loadRegistry();
    expect(registry.all().map((plugin) => [plugin.id, plugin.theme])).toEqual([
      ["querie1", "Competitive Comparison"],
      ["querie2", "Partnership Strength"],
      ["querie3", "Market Alignment"],
      ["querie4", "Partnership Strength"],
      ["querie5", "Market Alignment"],
      ["querie6", "Market Alignment"],
      ["querie7", "Service Strength"],
      ["querie8", "Partnership Strength"],
      ["querie9", "Service Strength"],
      ["querie10", "Service Strength"],
      ["querie11", "Service Strength"],
    ]);
  });

  test("adding an analysis is adding a folder: it is discovered, listed and runs", async () => {
    const registry = await loadRegistry(join(import.meta.dir, "testing", "exampleQueries"));
    const plugin = registry.get("cases_by_setting")!;
    expect(plugin.title).toBe("Cases by setting");
    const result = await harness.run(plugin, {
      market: [marketCase({ setting: "IP", cases: 3 }), marketCase({ setting: "ASC" })],
    });
    expect(result).toEqual({
      cases_by_setting: [
        { setting: "ASC", cases: 1, share: 25 },
        { setting: "IP", cases: 3, share: 75 },
      ],
    });
    const manifest = buildManifest(registry, { year: 2024, availableYears: [2024] });
    expect(manifest.queries[0]).toMatchObject({ id: "cases_by_setting", defaults: { year: 2024 } });
    expect(manifest.themes.find((theme) => theme.theme === "Market Alignment")?.queries).toEqual([
      "cases_by_setting",
    ]);
  });

  test("a folder whose plugin id differs from its name is refused at start", async () => {
    await expect(loadRegistry(join(import.meta.dir, "testing", "misnamedQueries"))).rejects.toThrow(
      "the plugin id 'querie_right' must be the folder name",
    );
  });

  test("every manifest entry is plain JSON (the web app receives it as is)", async () => {
    const manifest = buildManifest(await loadRegistry(), { year: 2024 });
    expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
    expect(z.object({ type: z.literal("object") }).safeParse(manifest.queries[0]!.filters).success).toBe(
      true,
    );
  });
});

import { describe, expect, test } from "bun:test";
import { filtersKey, parseFilters } from "./filters.ts";
import { pluginRegistry } from "./registry.ts";
import { WARM_UP_RUNS, warmUpFilters } from "./warmUp.ts";

describe("the filter sets a starting process warms each analysis with", () => {
  test("each is one a screen may send, the first is the defaults, and they differ", async () => {
    for (const plugin of (await pluginRegistry()).all()) {
      const keys = new Set<string>();
      for (let index = 0; index < WARM_UP_RUNS; index++) {
        const raw = warmUpFilters(plugin, index);
        const parsed = parseFilters(plugin.filters, { year: 2024 }, raw);
        if (!parsed.success) throw new Error(`${plugin.id} #${index}: ${parsed.error.message}`);
        keys.add(filtersKey(parsed.data));
      }
      expect(warmUpFilters(plugin, 0)).toEqual({});
      // Nearly every set differs where the service lines are offered (two may meet where a set of
      // each list comes round again).
      if (plugin.filters.fields.includes("servicelines"))
        expect(keys.size).toBeGreaterThanOrEqual(0.95 * WARM_UP_RUNS);
    }
  });
});

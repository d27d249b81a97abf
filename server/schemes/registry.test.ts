import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SCHEME_IDS, SCHEME_TARGETS } from "./catalogue.ts";
import { loadSchemeRegistry, SCHEMES_DIR } from "./registry.ts";

test("every folder of schemes/ with a scheme.ts is discovered; the questionnaire (a form) is not a scheme", async () => {
  const registry = await loadSchemeRegistry();
  const ids = registry.all().map((scheme) => scheme.id);
  expect(existsSync(join(SCHEMES_DIR, "questionnaire"))).toBe(true);
  expect(ids).not.toContain("questionnaire");
  // The catalogue's schemes are installed, each of the kind its storage expects.
  for (const id of SCHEME_IDS) {
    const scheme = registry.get(id);
    expect(scheme?.id).toBe(id);
    const target = SCHEME_TARGETS[id];
    expect(scheme!.kind).toBe(target.table === "validations" ? "validation" : target.kind);
  }
});

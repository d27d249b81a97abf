import { expect, test } from "bun:test";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");

// biome's noImportCycles (biome.json: type imports and lazy import() count too) run alone, so that
// `npm test` holds it; the whole lint is `npm run lint`. A cycle leaves a module's imports
// uninitialised when it is loaded first and ties unrelated parts together (session 30 untied one of
// 13 server modules around context.ts, and three smaller ones).
test("no module imports itself through others", () => {
  const lint = Bun.spawnSync(
    [join(ROOT, "node_modules", ".bin", "biome"), "lint", "--only=suspicious/noImportCycles", "."],
    { cwd: ROOT },
  );
  const said = `${lint.stdout.toString()}${lint.stderr.toString()}`;
  expect(said).not.toContain("noImportCycles");
  expect(lint.exitCode).toBe(0);
});

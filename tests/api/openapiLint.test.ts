/**
 * The served OpenAPI document passes Redocly CLI's lint (a widely used OpenAPI linter, a dev
 * dependency) with the rules of redocly.yaml: no error and no warning. A rule switched off is
 * switched off there, with its reason.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

const ROOT = join(import.meta.dir, "../..");

interface Problem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer?: string }[];
}

/** Runs `redocly lint` on the document and answers its problems (the JSON format's `problems`). */
function lint(document: unknown): Problem[] {
  const folder = mkdtempSync(join(tmpdir(), "vitality-openapi-"));
  try {
    const file = join(folder, "openapi.json");
    writeFileSync(file, JSON.stringify(document));
    const run = Bun.spawnSync(
      [
        join(ROOT, "node_modules/.bin/redocly"),
        "lint",
        file,
        "--config",
        join(ROOT, "redocly.yaml"),
        "--format=json",
        ...(process.env.OPENAPI_LINT_SKIP ? ["--skip-rule", process.env.OPENAPI_LINT_SKIP] : []),
      ],
      {
        cwd: ROOT,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
    const output = run.stdout.toString();
    const start = output.indexOf("{");
    if (start < 0) throw new Error(`redocly lint gave no report: ${run.stderr.toString()}`);
    return (JSON.parse(output.slice(start)) as { problems: Problem[] }).problems;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("the OpenAPI document passes Redocly's lint", () => {
  let t: TestApp;
  let document: unknown;
  beforeAll(async () => {
    // The document names the site's public address as its server: a real one, not localhost.
    t = await startTestApp("pglite", { PUBLIC_URL: "https://vitality.test" });
    document = (await t.client().get("/api/openapi.json")).json;
  });
  afterAll(() => t.close());

  test("no error and no warning", () => {
    const problems = lint(document).map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`,
    );
    expect(problems).toEqual([]);
  }, 60_000);

  test("the lint can fail: an operation without an answer is an error", () => {
    const broken = structuredClone(document) as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    const health = broken.paths["/api/health"]!.get!;
    health.responses = {};
    const rules = lint(broken).map((problem) => problem.ruleId);
    expect(rules).toContain("operation-2xx-response");
  }, 60_000);
});

/**
 * The typed client for integrators (docs/api.md, "Your first call in five minutes"): openapi-typescript
 * generates the types from the document a test server serves, the first-call example
 * (clients/typescript/firstCall.ts) type-checks against them with openapi-fetch, and runs there: a
 * staff sign-in and a read. A wrong body or path in the example is a type error the test names.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { createStaff, STAFF_PASSWORD } from "../helpers/factories.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";

const CLIENT_DIR = path.resolve(import.meta.dir, "../../clients/typescript");
const TYPES_FILE = path.join(CLIENT_DIR, "vitality-api.ts");
const EXAMPLE_FILE = path.join(CLIENT_DIR, "firstCall.ts");

/**
 * The type errors of a program made of `files` (the generated types and the example). A program
 * passed as `old` lends its unchanged files: the 880 kB of generated types are parsed once.
 */
function typeCheck(files: string[], replace: Record<string, string> = {}, old?: ts.Program) {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (file) => replace[path.resolve(file)] ?? read(file);
  const program = ts.createProgram(files, options, host, old);
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
  return { program, errors };
}

describe("the typed client generated from the served document", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("pglite");
    const document = (await t.client().get("/api/openapi.json")).json;
    const types = astToString(await openapiTS(document, { alphabetize: true }));
    await Bun.write(TYPES_FILE, types);
  }, 60_000);
  afterAll(async () => {
    rmSync(TYPES_FILE, { force: true });
    await t.close();
  });

  test("the first-call example type-checks against the generated types, and a wrong call does not", async () => {
    const right = typeCheck([EXAMPLE_FILE]);
    expect(right.errors).toEqual([]);
    const example = await Bun.file(EXAMPLE_FILE).text();
    const wrong = example
      .replace("body: { username, password }", "body: { username, pasword: password }")
      .replace('api.GET("/api/management/admin/detail"', 'api.GET("/api/management/admin/details"');
    const { errors } = typeCheck([EXAMPLE_FILE], { [EXAMPLE_FILE]: wrong }, right.program);
    expect(errors.some((error) => error.includes("pasword"))).toBe(true);
    expect(errors.some((error) => error.includes('"/api/management/admin/details"'))).toBe(true);
  });

  test("the example signs in and reads against a test server", async () => {
    const staff = await createStaff(t, "site_admin");
    const { firstCall } = await import(EXAMPLE_FILE);
    const answer = await firstCall(t.listen(), staff.username, STAFF_PASSWORD);
    expect(answer.username).toBe(staff.username);
    expect(answer.permissions).toBeGreaterThan(10);
    await expect(firstCall(t.listen(), staff.username, "not the password")).rejects.toThrow(
      "Sign-in refused",
    );
  });
});

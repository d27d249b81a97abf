/**
 * The web app reads every answer through types derived from the server's answer schemas (issue 20):
 * fails when an answer type is written by hand again (rules: tests/helpers/answerTypeRules.ts).
 */
import { describe, expect, test } from "bun:test";
import path from "node:path";
import { Glob } from "bun";
import {
  ANSWERS_FILE,
  answerTypeProblems,
  REQUEST_SHAPES,
  WEB_API,
  WEB_SRC,
} from "../../../tests/helpers/answerTypeRules.ts";

const inApi = (name: string) => path.join(WEB_API, name);
const messagesOf = (file: string, text: string) =>
  answerTypeProblems(file, text).map((problem) => problem.message);

describe("the rules catch a hand-written answer type", () => {
  test("an interface of an answer in web/src/api", () => {
    const text = `export interface Faq { id: number; question: string }\n`;
    expect(messagesOf(inApi("helpcenter.ts"), text)).toEqual([
      expect.stringContaining("Faq is a shape written by hand"),
    ]);
  });

  test("an object type alias in web/src/api, even inside an intersection", () => {
    const text = `import type { Agent } from "./answers.ts";\nexport type Added = Agent & { agents: Agent[] };\n`;
    expect(messagesOf(inApi("agents.ts"), text)).toEqual([
      expect.stringContaining("Added is a shape written by hand"),
    ]);
  });

  test("a call typed by hand, by a type from elsewhere, or not typed at all, anywhere in web/src", () => {
    const text = [
      `import type { FaqsAnswer } from "../api/answers.ts";`,
      `import type { Thing } from "./thing.ts";`,
      `apiRequest<{ status: number; faqs: unknown[] }>("/a");`,
      `apiRequest<Thing>("/b");`,
      `postMultipart("/c", body);`,
      `apiRequest<FaqsAnswer>("/d");`,
    ].join("\n");
    const problems = answerTypeProblems(path.join(WEB_SRC, "helpcenter", "screen.tsx"), text);
    expect(problems.map((problem) => problem.line)).toEqual([3, 4, 5]);
    expect(problems[1]?.message).toContain("Thing is not from there");
  });

  test("answers.ts: an object type, an interface, a type not read from a schema, a value import", () => {
    const text = [
      `import type { z } from "zod";`,
      `import * as customer from "../../../server/http/answers/customer.ts";`,
      `type Of<Schema extends z.ZodType> = z.output<Schema>;`,
      `export type CustomerUser = Of<typeof customer.customerUser>;`,
      `export type Listed = { users: CustomerUser[] };`,
      `export interface Detail { status: number }`,
      `export type Kind = "a" | "b";`,
    ].join("\n");
    expect(messagesOf(ANSWERS_FILE, text)).toEqual([
      expect.stringContaining("for more than its types"),
      expect.stringContaining("interface Detail"),
      expect.stringContaining("Listed writes an object type outside Narrowed<>"),
      expect.stringContaining("Kind is not derived"),
    ]);
  });

  test("answers.ts may narrow an open part, and derive from its own derived types", () => {
    const text = [
      `import type { z } from "zod";`,
      `import type * as analyses from "../../../server/http/answers/analyses.ts";`,
      `import type { Narrowed } from "./narrowed.ts";`,
      `type Of<Schema extends z.ZodType> = z.output<Schema>;`,
      `export type RunResponse = Of<typeof analyses.runAnswer>;`,
      `export type Saved = RunResponse & Required<Pick<RunResponse, "saved_query">>;`,
      `export type Entry = Narrowed<Of<typeof analyses.queryManifestEntry>, { view: { charts: [] } }>;`,
    ].join("\n");
    expect(messagesOf(ANSWERS_FILE, text)).toEqual([]);
  });
});

describe("the web app as it is", () => {
  test("every answer type comes from web/src/api/answers.ts", async () => {
    const files = [...new Glob("**/*.{ts,tsx}").scanSync(WEB_SRC)].filter(
      (name) => !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts"),
    );
    expect(files.length).toBeGreaterThan(100);
    const problems = [];
    for (const name of files) {
      const file = path.join(WEB_SRC, name);
      problems.push(...answerTypeProblems(file, await Bun.file(file).text()));
    }
    expect(
      problems.map((problem) => `${path.relative(WEB_SRC, problem.file)}:${problem.line} ${problem.message}`),
    ).toEqual([]);
  });

  test("each request shape still exists (a stale entry would let a hand-written answer take its name)", async () => {
    const apiText = (
      await Promise.all(
        [...new Glob("*.ts").scanSync(WEB_API)].map((name) => Bun.file(path.join(WEB_API, name)).text()),
      )
    ).join("\n");
    for (const name of Object.keys(REQUEST_SHAPES)) {
      expect(apiText).toMatch(new RegExp(`(interface|type) ${name}\\b`));
    }
  });
});

/**
 * The web app reads every answer through types derived from the server's answer schemas (issue 20)
 * and sends every body typed by the server's request schemas (issue 34): fails when an answer or a
 * request type, or a server enum's values, are written by hand again (rules:
 * tests/helpers/answerTypeRules.ts).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import { Glob } from "bun";
import {
  ANSWERS_FILE,
  answerTypeProblems,
  OWN_SHAPES,
  REQUESTS_FILE,
  serverChoiceLists,
  WEB_API,
  WEB_SRC,
} from "../../../tests/helpers/answerTypeRules.ts";

/** The server's enums as the rules see them (read once: the schemas' modules are imported). */
let choiceLists: string[][] = [];
beforeAll(async () => {
  choiceLists = await serverChoiceLists();
});

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

describe("the rules catch a hand-written request type or server enum", () => {
  test("a body sent without its type, typed by hand, or by a type from elsewhere, anywhere in web/src", () => {
    const text = [
      `import type { FaqsAnswer } from "../api/answers.ts";`,
      `import type { RemoveFaqBody } from "../api/requests.ts";`,
      `import type { FaqRemoval } from "./faq.ts";`,
      `apiRequest<FaqsAnswer>("/a", { method: "DELETE", body: { id } });`,
      `apiRequest<FaqsAnswer, { id: number }>("/b", { method: "DELETE", body: { id } });`,
      `apiRequest<FaqsAnswer, FaqRemoval>("/c", { method: "DELETE", body });`,
      `apiRequest<FaqsAnswer, RemoveFaqBody>("/d", { method: "DELETE", body: { id } });`,
      `apiRequest<FaqsAnswer, FormData>("/e", { method: "POST", body: form });`,
      `apiRequest<FaqsAnswer>("/f", { method: "DELETE" });`,
    ].join("\n");
    const problems = answerTypeProblems(path.join(WEB_SRC, "helpcenter", "screen.tsx"), text);
    expect(problems.map((problem) => problem.line)).toEqual([4, 5, 6]);
    expect(problems[0]?.message).toContain("sends a body without its type");
    expect(problems[2]?.message).toContain("FaqRemoval is not from there");
  });

  test("a request shape written by hand in web/src/api: a parameter's object type, a body interface", () => {
    const text = [
      `import type { StaffSigninAnswer } from "./answers.ts";`,
      `import type { StaffSigninBody } from "./requests.ts";`,
      `export interface NewUser { username: string; email: string }`,
      `export function staffSignin(credentials: { username: string; password: string }) {`,
      `  return apiRequest<StaffSigninAnswer, StaffSigninBody>("/s", { method: "POST", body: credentials });`,
      `}`,
      `export const signin = (credentials: StaffSigninBody) => credentials;`,
    ].join("\n");
    expect(
      answerTypeProblems(inApi("auth.ts"), text).map((problem) => [problem.line, problem.message]),
    ).toEqual([
      [3, expect.stringContaining("NewUser is a shape written by hand")],
      [4, expect.stringContaining("{ username: string; password: string }")],
    ]);
  });

  test("requests.ts: an object type, a type not read from a schema, a value import", () => {
    const text = [
      `import type { z } from "zod";`,
      `import * as users from "../../../server/routes/customer/users.ts";`,
      `type In<Schema extends z.ZodType> = z.input<Schema>;`,
      `export type AddUserBody = In<typeof users.addUser>;`,
      `export type RemoveUserBody = { user_id: string };`,
      `export type Frequency = "weekly" | "monthly";`,
      `export type ChangeUserData = AddUserBody["user_data"];`,
    ].join("\n");
    expect(messagesOf(REQUESTS_FILE, text)).toEqual([
      expect.stringContaining("for more than its types"),
      expect.stringContaining("RemoveUserBody writes an object type"),
      expect.stringContaining("RemoveUserBody is not derived from a server schema (In<typeof ...>)"),
      expect.stringContaining("Frequency is not derived"),
    ]);
  });

  test("the server's enums are read from its schemas, and a union repeating one is refused anywhere in web/src", () => {
    const has = (...values: string[]) =>
      choiceLists.some(
        (list) => values.every((value) => list.includes(value)) && list.length === values.length,
      );
    expect(has("csv", "xlsx")).toBe(true);
    expect(has("weekly", "monthly")).toBe(true);
    expect(has("PSA", "SSA", "TSA")).toBe(true);
    expect(has("OP", "IP", "DEMO")).toBe(true);
    const text = [
      `type Format = "csv" | "xlsx";`,
      `function schedule(frequency: "weekly" | "monthly" | null) {}`,
      `const areas: ("PSA" | "SSA")[] = [];`,
      `type Session = "client" | "admin";`,
      `type Shape = "square" | "circle";`,
    ].join("\n");
    const problems = answerTypeProblems(path.join(WEB_SRC, "reports", "dialog.tsx"), text, choiceLists);
    expect(problems.map((problem) => problem.line)).toEqual([1, 2, 3]);
    expect(problems[0]?.message).toContain("repeats the server's choices (csv, xlsx)");
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
      problems.push(...answerTypeProblems(file, await Bun.file(file).text(), choiceLists));
    }
    expect(
      problems.map((problem) => `${path.relative(WEB_SRC, problem.file)}:${problem.line} ${problem.message}`),
    ).toEqual([]);
  });

  test("each own shape still exists (a stale entry would let a hand-written answer or body take its name)", async () => {
    const apiText = (
      await Promise.all(
        [...new Glob("*.ts").scanSync(WEB_API)].map((name) => Bun.file(path.join(WEB_API, name)).text()),
      )
    ).join("\n");
    for (const name of Object.keys(OWN_SHAPES)) {
      expect(apiText).toMatch(new RegExp(`(interface|type) ${name}\\b`));
    }
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../tests/helpers/backends.ts";
import { createCustomer, createOrganisation, latestSigninToken } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { MAX_JSON_DEPTH, nestsTooDeep } from "./jsonText.ts";
import { unsafeTextField } from "./textSafety.ts";

const nullCharacterPath = (value: unknown) => unsafeTextField(value)?.field;

/** `{"email":` and `levels` arrays inside one another: the audit's body. */
const deepBody = (levels: number) => `{"email":${"[".repeat(levels)}${"]".repeat(levels)}}`;

describe("JSON nesting is bounded before parsing", () => {
  test("depth is counted outside strings only", () => {
    expect(nestsTooDeep(`${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`)).toBe(false);
    expect(nestsTooDeep(`${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
    expect(nestsTooDeep(JSON.stringify({ text: "[".repeat(1000), quote: '"[[[' }))).toBe(false);
  });

  test("the null-character check walks a deep value without recursion and names the first field", () => {
    let deep: unknown = "a\u0000";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(nullCharacterPath(deep)).toHaveLength(100_000 * 2 - 1);
    expect(nullCharacterPath({ a: { b: ["ok", "x\u0000"] }, "c\u0000": "" })).toBe("a.b.1");
    expect(nullCharacterPath({ a: "ok", "c\u0000": "", d: "y\u0000" })).toBe("c\u0000");
    expect(nullCharacterPath({ a: ["ok"] })).toBeUndefined();
  });
});

for (const backend of backends) {
  describe(`a deep JSON body to an anonymous route (${backend})`, () => {
    let t: TestApp;
    let email: string;
    beforeAll(async () => {
      t = await startTestApp(backend);
      const org = await createOrganisation(t, { name: "Deep Clinic" });
      email = (await createCustomer(t, org.id)).email;
    }, 60_000);
    afterAll(() => t.close());

    test("40 KB and 100 KB of nested arrays answer 400 at once, naming the body; a sign-in still works", async () => {
      const browser = await t.client().prime();
      for (const levels of [20_000, 50_000]) {
        const started = performance.now();
        const answer = await browser.post("/api/services/auth/signin/", deepBody(levels), {
          "content-type": "application/json",
        });
        expect(performance.now() - started).toBeLessThan(1000);
        expect(answer.status).toBe(400);
        expect(answer.json).toEqual({
          code: "field_invalid",
          status: 400,
          detail: `The request body must not nest deeper than ${MAX_JSON_DEPTH} levels.`,
          errors: [{ field: "body", message: `must not nest deeper than ${MAX_JSON_DEPTH} levels` }],
        });
      }
      const asked = await browser.post("/api/services/auth/signin/", { email });
      expect(asked.status).toBe(200);
      expect(latestSigninToken(t)).toHaveLength(43);
    });
  });
}

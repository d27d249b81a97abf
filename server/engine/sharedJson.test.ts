import { describe, expect, test } from "bun:test";
import { jsonText, recordJson, shareJson } from "./sharedJson.ts";

describe("shared JSON texts", () => {
  const providers = shareJson([
    { npi: "1000000001", name: "Ada Lovelace" },
    { npi: "1000000002", name: 'Quote "Q" Back\\slash' },
  ]);

  test("an answer's text is JSON.stringify's, shared values or not", () => {
    const results = {
      providers_name_list: providers,
      rows: [{ claims: 3, share: 0.25, zip: null }],
      total: 7,
      note: undefined,
      skipped: Symbol("not JSON"),
      method: () => 1,
      when: new Date(Date.UTC(2026, 0, 2)),
      nothing: null,
    };
    expect(recordJson(results)).toBe(JSON.stringify(results));
    // Twice: the second time from the kept text.
    expect(recordJson(results)).toBe(JSON.stringify(results));
    expect(recordJson([1, 2])).toBe("[1,2]");
    expect(recordJson({ toJSON: () => "x" })).toBe('"x"');
    expect(jsonText(undefined)).toBe(JSON.stringify(undefined));
  });

  test("a shared value's text is written once and reused", () => {
    const list = shareJson([{ npi: "1", name: "First" }]);
    const first = jsonText(list);
    // Shared values must not change; were one changed, the text first written would still be sent.
    list.push({ npi: "2", name: "Second" });
    expect(jsonText(list)).toBe(first);
    const unshared = [{ npi: "1", name: "First" }];
    jsonText(unshared);
    unshared.push({ npi: "2", name: "Second" });
    expect(jsonText(unshared)).toBe(JSON.stringify(unshared));
  });
});

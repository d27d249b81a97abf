import { describe, expect, test } from "bun:test";
import { EncodedBody } from "../http/encodedBody.ts";
import { recordJsonParts, shareJson } from "./sharedJson.ts";

/** The text an answer's body of `record` reads as (its frames decompressed one after the other). */
const bodyText = (record: object) => new EncodedBody(recordJsonParts(record)).text();

describe("shared JSON values", () => {
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
      facilities_name_list: shareJson([{ npi: "1000000003", name: "Two", zipcode: null }]),
    };
    expect(bodyText(results)).toBe(JSON.stringify(results));
    // Twice: the second time from the kept frames.
    expect(bodyText(results)).toBe(JSON.stringify(results));
    expect(bodyText({ only: providers })).toBe(JSON.stringify({ only: providers }));
    expect(bodyText({})).toBe("{}");
    expect(bodyText([1, 2])).toBe("[1,2]");
    expect(bodyText({ toJSON: () => "x" })).toBe('"x"');
  });

  test("a shared value is compressed once and its frame reused", () => {
    const list = shareJson([{ npi: "1", name: "First" }]);
    const [, , frame] = recordJsonParts({ list });
    expect(frame).toBeInstanceOf(Uint8Array);
    expect(recordJsonParts({ list })[2]).toBe(frame!);
    // Shared values must not change; were one changed, the text first written would still be sent.
    list.push({ npi: "2", name: "Second" });
    expect(bodyText({ list })).toBe('{"list":[{"npi":"1","name":"First"}]}');
    const unshared = [{ npi: "1", name: "First" }];
    bodyText({ unshared });
    unshared.push({ npi: "2", name: "Second" });
    expect(bodyText({ unshared })).toBe(JSON.stringify({ unshared }));
  });
});

import { describe, expect, test } from "bun:test";
import { acceptsGzip, EncodedBody } from "./encodedBody.ts";

describe("acceptsGzip (RFC 9110 Accept-Encoding)", () => {
  test.each([
    ["gzip, deflate, br, zstd", true], // what browsers send
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", true],
    ["GZIP", true],
    ["x-gzip", true],
    ["*", true],
    ["gzip;q=0", false],
    ["gzip; q=0.000, *", false], // gzip named and refused: the wildcard does not bring it back
    ["*;q=0", false],
    ["br, deflate", false],
    ["identity", false],
    ["", false],
  ])("%p -> %p", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
    expect(acceptsGzip(header)).toBe(expected); // the remembered answer is the same
  });

  test("no header: plain", () => {
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe("EncodedBody", () => {
  test("an answer is held gzipped and gives back the same JSON, plain or parsed", () => {
    const json = JSON.stringify({
      results: Array.from({ length: 500 }, (_, i) => ({ zip: `${10000 + i}`, n: i })),
    });
    const body = new EncodedBody(json);
    expect(body.gzip.length).toBeLessThan(json.length / 3);
    expect(new TextDecoder().decode(Bun.gunzipSync(body.gzip))).toBe(json);
    expect(new TextDecoder().decode(body.identity())).toBe(json);
    expect(body.text()).toBe(json);
  });
});

import { describe, expect, test } from "bun:test";
import { EncodedBody, preferredEncoding } from "./encodedBody.ts";

describe("preferredEncoding (RFC 9110 Accept-Encoding)", () => {
  test.each([
    ["gzip, deflate, br, zstd", "zstd"], // what Chromium sends
    ["gzip, deflate, br", "gzip"], // what a browser without zstd sends
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", "gzip"], // zstd only through the wildcard, below gzip
    ["zstd;q=0.5, gzip;q=0.8", "gzip"],
    ["zstd;q=0.8, gzip;q=0.8", "zstd"],
    ["ZSTD", "zstd"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["*", "zstd"],
    ["zstd;q=0, gzip", "gzip"],
    ["gzip;q=0", "identity"],
    ["gzip; q=0.000, *", "zstd"], // gzip named and refused; the wildcard brings zstd
    ["gzip;q=0, zstd;q=0, *", "identity"],
    ["*;q=0", "identity"],
    ["br, deflate", "identity"],
    ["identity", "identity"],
    ["", "identity"],
  ])("%p -> %p", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected as ReturnType<typeof preferredEncoding>);
    expect(preferredEncoding(header)).toBe(expected as ReturnType<typeof preferredEncoding>); // remembered
  });

  test("no header: plain", () => {
    expect(preferredEncoding(undefined)).toBe("identity");
  });
});

describe("EncodedBody", () => {
  test("an answer is held compressed and gives back the same JSON: plain, gzipped or parsed", () => {
    const json = JSON.stringify({
      results: Array.from({ length: 500 }, (_, i) => ({ zip: `${10000 + i}`, n: i })),
    });
    const body = new EncodedBody(json);
    expect(body.byteLength).toBeLessThan(json.length / 3);
    expect(new TextDecoder().decode(Bun.zstdDecompressSync(body.zstd))).toBe(json);
    expect(new TextDecoder().decode(Bun.gunzipSync(body.gzip()))).toBe(json);
    expect(new TextDecoder().decode(body.identity())).toBe(json);
    expect(body.text()).toBe(json);
  });
});

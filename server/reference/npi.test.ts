import { describe, expect, test } from "bun:test";
import { completeNpi, isValidNpi, npiCheckDigit } from "./npi.ts";

describe("NPI check digit", () => {
  test("matches the CMS worked example 123456789 -> 3", () => {
    expect(npiCheckDigit("123456789")).toBe(3);
    expect(isValidNpi("1234567893")).toBe(true);
  });
  test("refuses a wrong check digit, wrong length and non-digits", () => {
    expect(isValidNpi("1234567890")).toBe(false);
    expect(isValidNpi("123456789")).toBe(false);
    expect(isValidNpi("12345678931")).toBe(false);
    expect(isValidNpi("12345678a3")).toBe(false);
  });
  test("completeNpi always yields a valid NPI", () => {
    for (const prefix of ["100000000", "199999999", "287654321", "150000001"]) {
      expect(isValidNpi(completeNpi(prefix))).toBe(true);
    }
  });
});

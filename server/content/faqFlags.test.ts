import { describe, expect, test } from "bun:test";
import { HttpError } from "../http/errors.ts";
import { nextFaqFlags } from "./faqFlags.ts";

describe("FAQ flags (admin-area.md section 4)", () => {
  test("turning active off forces promote off", () => {
    expect(nextFaqFlags({ promote: true, active: true }, { promote: true, active: false })).toEqual({
      promote: false,
      active: false,
    });
  });

  test("turning promote on forces active on", () => {
    expect(nextFaqFlags({ promote: false, active: false }, { promote: true, active: false })).toEqual({
      promote: true,
      active: true,
    });
  });

  test("consistent changes are kept as sent", () => {
    expect(nextFaqFlags({ promote: false, active: true }, { promote: true, active: true })).toEqual({
      promote: true,
      active: true,
    });
    expect(nextFaqFlags({ promote: true, active: true }, { promote: false, active: true })).toEqual({
      promote: false,
      active: true,
    });
    expect(nextFaqFlags({ promote: false, active: true }, { promote: false, active: false })).toEqual({
      promote: false,
      active: false,
    });
  });

  test("active off and promote on in one call contradict each other and are refused", () => {
    expect(() => nextFaqFlags({ promote: false, active: true }, { promote: true, active: false })).toThrow(
      HttpError,
    );
  });
});

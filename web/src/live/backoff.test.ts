import { describe, expect, test } from "bun:test";
import { reconnectDelay } from "./backoff.ts";

describe("reconnectDelay", () => {
  test("doubles from 1 s and stops at 30 s", () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  test("jitter takes off at most a fifth", () => {
    // attempt 2 -> 4000 ms; full jitter removes 20% -> 3200 ms.
    expect(reconnectDelay(2, () => 1)).toBe(3200);
  });
});

import { describe, expect, test } from "bun:test";
import { EvenTiming } from "./evenTiming.ts";

describe("EvenTiming", () => {
  test("the path without work waits about as long as the real work has been taking", () => {
    const timing = new EvenTiming(0);
    for (let i = 0; i < 50; i++) timing.observe(40);
    expect(timing.delayMs(() => 0.5)).toBeCloseTo(40, 0);
    expect(timing.delayMs(() => 0)).toBeCloseTo(36, 0);
    expect(timing.delayMs(() => 1)).toBeCloseTo(44, 0);
  });

  test("one slow outlier cannot make every later answer wait long", () => {
    const timing = new EvenTiming(10, 0.2, 2_000);
    timing.observe(60_000);
    expect(timing.delayMs(() => 0.5)).toBeLessThanOrEqual(10 + (2_000 - 10) * 0.2);
  });

  test("imitate really waits", async () => {
    const timing = new EvenTiming(30);
    const started = performance.now();
    await timing.imitate();
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});

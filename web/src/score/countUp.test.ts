import { describe, expect, test } from "bun:test";
import { COUNT_UP_STEPS, countUpFrames } from "./countUp.ts";

describe("score count-up", () => {
  test("20 frames climbing to the value, ending exactly on it", () => {
    const frames = countUpFrames(14.3);
    expect(frames).toHaveLength(COUNT_UP_STEPS);
    // 14.3 / 20 = 0.715 per step: step 1 shows 0.7, step 10 shows 7.2 (7.15 rounded), step 20 14.3.
    expect(frames[0]).toBe(0.7);
    expect(frames[9]).toBe(7.2);
    expect(frames.at(-1)).toBe(14.3);
    for (let index = 1; index < frames.length; index++) {
      expect(frames[index]!).toBeGreaterThanOrEqual(frames[index - 1]!);
    }
  });

  test("a zero score stays at zero; a broken value shows 0", () => {
    expect(new Set(countUpFrames(0))).toEqual(new Set([0]));
    expect(countUpFrames(Number.NaN)).toEqual([0]);
  });
});

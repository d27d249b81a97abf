import { describe, expect, test } from "bun:test";
import { emptySnapshot, type YearSnapshot, yearProgress } from "./yearProgress.ts";

const valid = { valid: true, done: true };
const done = { status: "done" as const };

/** Every item done except what the test changes. */
const full = (): YearSnapshot => ({
  validations: { facility: valid, provider: valid, global: valid },
  schemes: { SC: done, MC: done, MP: done, SCORING: done },
  questionnaire: "valid",
});

describe("yearProgress: 8 units, percent = units x 100 / 8", () => {
  test("nothing stored: 0 units, 0%", () => {
    const progress = yearProgress(emptySnapshot());
    expect(progress.units).toBe(0);
    expect(progress.percent).toBe(0);
    expect(progress.complete).toBe(false);
    expect(progress.missing).toHaveLength(8);
  });

  test("questionnaire alone: none 0, waiting 0.5, under_analysis 0.5, valid 1", () => {
    const alone = (questionnaire: YearSnapshot["questionnaire"]) =>
      yearProgress({ ...emptySnapshot(), questionnaire });
    expect(alone(null).units).toBe(0);
    // 0.5 x 100 / 8 = 6.25
    expect(alone("waiting").units).toBe(0.5);
    expect(alone("waiting").percent).toBe(6.25);
    expect(alone("under_analysis").units).toBe(0.5);
    // 1 x 100 / 8 = 12.5
    expect(alone("valid").units).toBe(1);
    expect(alone("valid").percent).toBe(12.5);
    expect(alone("valid").items.questionnaire).toBe(1);
  });

  test("everything done: 8 units, 100%, complete, nothing missing", () => {
    const progress = yearProgress(full());
    expect(progress.units).toBe(8);
    expect(progress.percent).toBe(100);
    expect(progress.complete).toBe(true);
    expect(progress.missing).toEqual([]);
  });

  test("questionnaire only submitted: 7.5 units = 93.75%, the questionnaire is missing", () => {
    const progress = yearProgress({ ...full(), questionnaire: "under_analysis" });
    // 7 x 1 + 0.5 = 7.5; 7.5 x 100 / 8 = 93.75
    expect(progress.units).toBe(7.5);
    expect(progress.percent).toBe(93.75);
    expect(progress.complete).toBe(false);
    expect(progress.missing).toEqual(["Questionnaire"]);
  });

  test("a validation done but not valid ('Validate anyway') and a running scheme count 0", () => {
    const snapshot = full();
    snapshot.validations.global = { valid: false, done: true };
    snapshot.schemes.MP = { status: "running" };
    snapshot.schemes.SCORING = { status: "failed" };
    const progress = yearProgress(snapshot);
    // 8 - global - MP - scoring = 5 units; 5 x 100 / 8 = 62.5
    expect(progress.units).toBe(5);
    expect(progress.percent).toBe(62.5);
    expect(progress.missing).toEqual(["Global validation", "Market profile", "Scoring"]);
  });

  test("three validations valid, no scheme, questionnaire waiting: 3.5 units = 43.75%", () => {
    const progress = yearProgress({
      validations: { facility: valid, provider: valid, global: valid },
      schemes: {},
      questionnaire: "waiting",
    });
    expect(progress.units).toBe(3.5);
    expect(progress.percent).toBe(43.75);
  });
});

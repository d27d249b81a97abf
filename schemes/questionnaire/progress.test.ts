import { expect, test } from "bun:test";
import { questionnaireProgress } from "./progress.ts";

test("the questionnaire counts 0 when none, 0.5 once it exists, 1 once valid", () => {
  expect(questionnaireProgress(null)).toBe(0);
  expect(questionnaireProgress(undefined)).toBe(0);
  expect(questionnaireProgress("waiting")).toBe(0.5);
  expect(questionnaireProgress("under_analysis")).toBe(0.5);
  expect(questionnaireProgress("valid")).toBe(1);
});

test("with the seven other units done, a valid questionnaire makes the year 100% (8 units)", () => {
  const percent = (state: Parameters<typeof questionnaireProgress>[0]) =>
    ((7 + questionnaireProgress(state)) * 100) / 8;
  expect(percent("valid")).toBe(100);
  expect(percent("under_analysis")).toBe(93.75);
  expect(percent(null)).toBe(87.5);
});

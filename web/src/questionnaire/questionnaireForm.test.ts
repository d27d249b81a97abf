import { describe, expect, test } from "bun:test";
import { exampleAnswers } from "../../../schemes/questionnaire/example.ts";
import { questionnaireForm } from "../../../schemes/questionnaire/form.ts";
import {
  type Answers,
  fieldProblem,
  formProblems,
  shownAnswers,
  stepsWithProblems,
} from "./questionnaireForm.ts";

const steps = questionnaireForm.steps;

describe("questionnaire form rules on the web", () => {
  test("the scheme's example answers have no problem", () => {
    expect(formProblems(steps, exampleAnswers as Answers).size).toBe(0);
  });

  test("an empty form names the seven always-required answers", () => {
    expect([...formProblems(steps, {}).keys()].sort()).toEqual(
      [
        "blue_distinction_center",
        "communication_with_pcps",
        "educational_care_coordination_discussions",
        "facility_services",
        "incentive_based_compensation",
        "local_athletic_organizations",
        "site_of_care_selection",
      ].sort(),
    );
  });

  test("ASC ownership Yes requires the stake, on step 1", () => {
    const answers: Answers = { ...(exampleAnswers as Answers), ownership_ambulatory_surgical_centers: "Yes" };
    delete answers.ownership_stake;
    const problems = formProblems(steps, answers);
    expect(problems.get("ownership_stake")).toBe("Please fill out this field");
    expect(stepsWithProblems(steps, problems)).toEqual([1]);
  });

  test("numbers: digits with an optional decimal part, percentages at most 100", () => {
    const field = { name: "x", label: "x", type: "text" as const, format: "number" as const, max: 100 };
    expect(fieldProblem(field, "2.5")).toBeNull();
    expect(fieldProblem(field, "")).toBeNull();
    expect(fieldProblem(field, "abc")).toBe("Please fill out this field or verify number format.");
    expect(fieldProblem(field, "101")).toBe("Please fill out this field or verify number format.");
  });

  test("numbers: NA in any case means not known and answers a required number", () => {
    const field = { name: "x", label: "x", type: "text" as const, format: "number" as const, required: true };
    expect(fieldProblem(field, "NA")).toBeNull();
    expect(fieldProblem(field, " na ")).toBeNull();
    expect(fieldProblem(field, "N/A")).toBe("Please fill out this field or verify number format.");
  });

  test("hidden answers are not sent", () => {
    const answers: Answers = { patient_navigators: "No", fte_navigators: "3" };
    expect(shownAnswers(steps, answers)).toEqual({ patient_navigators: "No" });
  });
});

import { describe, expect, test } from "bun:test";
import { type Condition, conditionHolds, isAnswered, visibleFieldNames } from "./conditions.ts";

describe("isAnswered", () => {
  test("blank text, empty selections, null and missing are no answer", () => {
    for (const value of ["", "   ", [], null, undefined]) expect(isAnswered(value)).toBe(false);
    for (const value of ["No", " x ", ["Spine"]]) expect(isAnswered(value)).toBe(true);
  });
});

describe("conditionHolds", () => {
  const holds = (condition: Condition, answer: unknown) => conditionHolds(condition, { a: answer });

  test("equals compares the whole answer", () => {
    expect(holds({ field: "a", op: "equals", value: "Yes" }, "Yes")).toBe(true);
    expect(holds({ field: "a", op: "equals", value: "Yes" }, "No")).toBe(false);
    expect(holds({ field: "a", op: "equals", value: "Yes" }, undefined)).toBe(false);
  });

  test("in and notIn: an empty answer is never in, always notIn", () => {
    const bands = ["0-25%", "25-50%"];
    expect(holds({ field: "a", op: "in", values: bands }, "0-25%")).toBe(true);
    expect(holds({ field: "a", op: "in", values: bands }, "100%")).toBe(false);
    expect(holds({ field: "a", op: "in", values: bands }, undefined)).toBe(false);
    expect(holds({ field: "a", op: "notIn", values: ["100%"] }, "0-25%")).toBe(true);
    expect(holds({ field: "a", op: "notIn", values: ["100%"] }, "100%")).toBe(false);
    expect(holds({ field: "a", op: "notIn", values: ["100%"] }, undefined)).toBe(true);
  });

  test("notEmpty", () => {
    expect(holds({ field: "a", op: "notEmpty" }, "25-50%")).toBe(true);
    expect(holds({ field: "a", op: "notEmpty" }, " ")).toBe(false);
    expect(holds({ field: "a", op: "notEmpty" }, [])).toBe(false);
  });

  test("includesAny reads selections, and a single answer as one selection", () => {
    const condition: Condition = { field: "a", op: "includesAny", values: ["Spine", "Trauma"] };
    expect(holds(condition, ["Foot and Ankle", "Spine"])).toBe(true);
    expect(holds(condition, ["None of the above"])).toBe(false);
    expect(holds(condition, "Trauma")).toBe(true);
    expect(holds(condition, undefined)).toBe(false);
  });
});

describe("visibleFieldNames", () => {
  const fields = [
    { name: "owns" },
    { name: "stake", showWhen: [{ field: "owns", op: "equals", value: "Yes" }] as Condition[] },
    {
      name: "partners",
      showWhen: [
        { field: "stake", op: "notEmpty" },
        { field: "stake", op: "notIn", values: ["100%"] },
      ] as Condition[],
    },
  ];

  test("unconditional fields always show; conditional ones when every condition holds", () => {
    expect([...visibleFieldNames(fields, {})]).toEqual(["owns"]);
    expect([...visibleFieldNames(fields, { owns: "Yes" })]).toEqual(["owns", "stake"]);
    expect([...visibleFieldNames(fields, { owns: "Yes", stake: "100%" })]).toEqual(["owns", "stake"]);
    expect([...visibleFieldNames(fields, { owns: "Yes", stake: "0-25%" })]).toEqual([
      "owns",
      "stake",
      "partners",
    ]);
  });

  test("a field controlled by a hidden field hides too, whatever the stale answer says", () => {
    expect([...visibleFieldNames(fields, { owns: "No", stake: "0-25%" })]).toEqual(["owns"]);
  });
});

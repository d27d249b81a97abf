import { describe, expect, test } from "bun:test";
import { applyEvent, getPath, setPath } from "./paths.ts";

describe("dotted paths", () => {
  test("getPath reads through objects and arrays, undefined past a leaf", () => {
    const data = { datas: { "2024": { service_area: [{ zipcode: "46201" }] } } };
    expect(getPath(data, "datas.2024.service_area.0.zipcode")).toBe("46201");
    expect(getPath(data, "datas.2025.service_area")).toBeUndefined();
    expect(getPath(data, "datas.2024.service_area.0.zipcode.x")).toBeUndefined();
  });

  test("setPath copies only along the path and creates missing objects", () => {
    const other = { keep: true };
    const data = { a: { b: 1 }, other };
    const next: unknown = setPath(data, "a.c.d", 2);
    expect(next).toEqual({ a: { b: 1, c: { d: 2 } }, other });
    expect((next as typeof data).other).toBe(other);
    expect(data).toEqual({ a: { b: 1 }, other: { keep: true } });
  });
});

describe("applyEvent", () => {
  const answer: { id: string; year: number; validations: { facility: unknown } } = {
    id: "org-1",
    year: 2024,
    validations: { facility: null },
  };
  const event = {
    test_path: "id",
    test_value: "org-1",
    path: "validations.facility",
    value: { valid: true, done: true, running_on: null },
  };

  test("patches the answer the event is about", () => {
    expect(applyEvent(answer, event).validations.facility).toEqual({
      valid: true,
      done: true,
      running_on: null,
    });
  });

  test("leaves another organisation's answer as the same object", () => {
    expect(applyEvent(answer, { ...event, test_value: "org-2" })).toBe(answer);
  });

  test("a year compared as text or number matches", () => {
    expect(applyEvent(answer, { ...event, test_path: "year", test_value: "2024" })).not.toBe(answer);
  });
});

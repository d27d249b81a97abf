import { describe, expect, test } from "bun:test";
import type { Organization } from "../api/types.ts";
import { setupSteps } from "./setupSteps.ts";

const blank: Organization = {
  id: "org",
  name: "Org",
  full_address: "",
  phone_1: "",
  phone_2: "",
  fax: "",
  logo: null,
  initialized: false,
  agreement_accepted: true,
  users: [],
  facilities: [],
  providers: [],
  years: [],
  available_years: [],
  pending_years: [],
};

const done = (organization: Organization) =>
  setupSteps(organization).map((step) => `${step.label}:${step.done ? "done" : "todo"}`);

describe("setupSteps", () => {
  test("a new organisation has everything to do", () => {
    expect(done(blank)).toEqual([
      "Facilities:todo",
      "Providers:todo",
      "Data upload:todo",
      "AHI Review:todo",
      "Questionnaire:todo",
      "AHI Review:todo",
    ]);
  });

  test("each step is checked from its own data, even out of order", () => {
    const organization = {
      ...blank,
      providers: [{ id: "p", npi: "1234567893", full_name: "A B" }],
      years: [2024],
    };
    expect(done(organization)).toEqual([
      "Facilities:todo",
      "Providers:done",
      "Data upload:todo",
      "AHI Review:done",
      "Questionnaire:todo",
      "AHI Review:todo",
    ]);
  });

  test("initialization completes the questionnaire and its review", () => {
    const steps = setupSteps({ ...blank, initialized: true });
    expect(steps.slice(4).every((step) => step.done)).toBe(true);
  });
});

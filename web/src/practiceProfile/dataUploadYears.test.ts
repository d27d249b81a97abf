import { describe, expect, test } from "bun:test";
import { uploadYearChoices, yearLines } from "./dataUploadYears.ts";

describe("data upload years", () => {
  test("each year's status; the oldest requested year is the reference", () => {
    const lines = yearLines({
      years: [2023],
      available_years: [2023, 2024],
      pending_years: [2026, 2025],
      replaced_years: [],
      held_years: [],
    });
    expect(lines).toEqual([
      { year: 2023, status: "enabled", reference: false },
      { year: 2024, status: "analysing", reference: false },
      { year: 2025, status: "requested", reference: true },
      { year: 2026, status: "requested", reference: false },
    ]);
  });

  test("a year whose reviewed data was replaced says it is reviewed again", () => {
    const lines = yearLines({
      years: [],
      available_years: [2024],
      pending_years: [],
      replaced_years: [2024],
      held_years: [],
    });
    expect(lines).toEqual([{ year: 2024, status: "replaced", reference: false }]);
  });

  test("a replaced year whose enabled version stays open says so", () => {
    const lines = yearLines({
      years: [],
      available_years: [2024],
      pending_years: [],
      replaced_years: [2024],
      held_years: [2024],
    });
    expect(lines).toEqual([{ year: 2024, status: "held", reference: false }]);
  });

  test("no year yet: no line", () => {
    expect(
      yearLines({ years: [], available_years: [], pending_years: [], replaced_years: [], held_years: [] }),
    ).toEqual([]);
  });

  test("the years asked for are the choices when there are any", () => {
    expect(uploadYearChoices({ pending_years: [2025, 2024] }, 2026)).toEqual({
      choices: [2024, 2025],
      selected: [2024, 2025],
    });
  });

  test("a first upload offers the last five years and the current one, last year ticked", () => {
    const { choices, selected } = uploadYearChoices({ pending_years: [] }, 2026);
    expect(choices).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    expect(selected).toEqual([2025]);
  });
});

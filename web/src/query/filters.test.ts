import { describe, expect, test } from "bun:test";
import { filterFields, filterLabel, numberDraft } from "./filterFields.ts";
import { filterSummary } from "./filterSummary.ts";
import { schemaProblems } from "./jsonSchema.ts";
import { filtersToSearch, resolveFilters, sameFilters, validateQuerySearch } from "./searchParams.ts";
import { LINES, testQuery } from "./testManifest.ts";

const YEARS = [2023, 2024, 2025];

describe("schemaProblems (the filter JSON Schema on the web)", () => {
  test("the defaults fit", () => {
    expect(schemaProblems(testQuery.filters, testQuery.defaults)).toEqual([]);
  });

  test("querie3 needs at least 3 service lines (minItems)", () => {
    const problems = schemaProblems(testQuery.filters, {
      ...testQuery.defaults,
      servicelines: ["spine", "trauma"],
    });
    expect(problems).toEqual([{ field: "servicelines", message: "select at least 3" }]);
  });

  test("an unknown service line, a bad NPI, a bad year and an unknown filter are named", () => {
    const problems = schemaProblems(testQuery.filters, {
      year: 20,
      servicelines: ["spine", "trauma", "knees"],
      facilities: ["123"],
      colour: "red",
    });
    expect(problems.map((problem) => problem.field)).toEqual([
      "year",
      "servicelines",
      "facilities",
      "colour",
    ]);
    expect(problems[1]!.message).toStartWith("must be one of le_joint_replacement");
    expect(problems[2]!.message).toBe('"123" is not valid');
  });

  test("a year may come as its 4-digit text (anyOf)", () => {
    expect(schemaProblems(testQuery.filters, { year: "2024" })).toEqual([]);
  });
});

describe("filters in the address", () => {
  test("validateSearch keeps known keys, numbers the year and splits a comma list", () => {
    expect(
      validateQuerySearch({ year: "2024", servicelines: "spine,trauma", page: 3, facilities: ["1"] }),
    ).toEqual({
      year: 2024,
      servicelines: ["spine", "trauma"],
      facilities: ["1"],
    });
  });

  test("only the filters that differ from the defaults are written", () => {
    const filters = { year: 2024, servicelines: [...LINES].reverse(), facilities: [] };
    expect(filtersToSearch(filters, testQuery.defaults)).toEqual({ year: 2024 });
  });

  test("fitting address filters overlay the defaults", () => {
    const resolved = resolveFilters(
      { year: 2024, servicelines: ["trauma", "spine", "hand_ue"] },
      testQuery,
      YEARS,
    );
    expect(resolved.problems).toEqual([]);
    expect(resolved.filters).toEqual({
      facilities: [],
      servicelines: ["hand_ue", "spine", "trauma"],
      year: 2024,
    });
  });

  test("unfitting ones fall back to the defaults with the reasons", () => {
    const tooFew = resolveFilters({ servicelines: ["spine"] }, testQuery, YEARS);
    expect(tooFew.filters).toEqual(resolveFilters({}, testQuery, YEARS).filters);
    expect(tooFew.problems).toEqual([{ field: "servicelines", message: "select at least 3" }]);
    const noData = resolveFilters({ year: 2019 }, testQuery, YEARS);
    expect(noData.problems).toEqual([
      { field: "year", message: "2019 has no data (available: 2023, 2024, 2025)" },
    ]);
  });

  test("filters the analysis does not offer are ignored (a saved query stores them all)", () => {
    const resolved = resolveFilters({ service_area: ["SSA"], year: 2023 }, testQuery, YEARS);
    expect(resolved.problems).toEqual([]);
    expect(resolved.filters.year).toBe(2023);
    expect("service_area" in resolved.filters).toBe(false);
  });

  test("the order of a list does not make filters differ (Save stays disabled)", () => {
    expect(sameFilters({ servicelines: ["spine", "trauma"] }, { servicelines: ["trauma", "spine"] })).toBe(
      true,
    );
    expect(sameFilters({ year: 2024 }, { year: 2025 })).toBe(false);
  });
});

describe("the filter dialog's fields", () => {
  const results = {
    service_list: [{ value: "spine", label: "Spine" }],
    facilities_name_list: [
      { npi: "2222222222", name: "Zeta Hospital", zipcode: "46201" },
      { npi: "1111111111", name: "Alpha Clinic", zipcode: "46032" },
    ],
  };
  const fields = filterFields(testQuery.filters, YEARS, results);

  test("the year lists the available years, newest first", () => {
    expect(fields[0]).toMatchObject({ key: "year", kind: "year" });
    expect(fields[0]!.options.map((option) => option.value)).toEqual(["2025", "2024", "2023"]);
  });

  test("service lines are checkboxes with the result's labels, keeping minItems", () => {
    expect(fields[1]).toMatchObject({ key: "servicelines", kind: "checkboxes", minItems: 3 });
    expect(fields[1]!.options.map((option) => option.label)).toEqual([
      "Joint Replacement (LE)",
      "Spine",
      "Trauma",
      "Hand & Upper Extremity",
    ]);
  });

  test("facilities are a multi-select of the named list, by name", () => {
    expect(fields[2]).toMatchObject({ key: "facilities", kind: "multiselect" });
    expect(fields[2]!.options).toEqual([
      { value: "1111111111", label: "Alpha Clinic" },
      { value: "2222222222", label: "Zeta Hospital" },
    ]);
  });

  test("without a named list an NPI filter takes free entries", () => {
    expect(filterFields(testQuery.filters, YEARS, {})[2]).toMatchObject({
      kind: "tags",
      pattern: "^\\d{10}$",
    });
  });

  test("the summary reads a full or empty list as all, else the labels", () => {
    expect(filterSummary(fields, { year: 2024, servicelines: LINES, facilities: ["2222222222"] })).toEqual([
      "Year: 2024",
      "Service lines: all",
      "Facilities: Zeta Hospital",
    ]);
    expect(
      filterSummary(fields, { year: 2024, servicelines: ["spine", "trauma", "hand_ue"], facilities: [] }),
    ).toEqual(["Year: 2024", "Service lines: Spine, Trauma, Hand & Upper Extremity", "Facilities: all"]);
  });
});

describe("an analysis's own number filters", () => {
  const withNumbers = {
    ...testQuery,
    filters: {
      ...testQuery.filters,
      properties: {
        ...testQuery.filters.properties,
        recapture_pct: {
          anyOf: [{ type: "number", minimum: 0, maximum: 100 }, { type: "string" }],
          title: "Recapture",
        },
      },
    },
    defaults: { ...testQuery.defaults, recapture_pct: 25 },
  };

  test("the address keeps a *_pct filter as a number; a saved view's numbers are read", () => {
    expect(validateQuerySearch({ recapture_pct: "50", page: 3 })).toEqual({ recapture_pct: 50 });
    const saved = resolveFilters({ numbers: { recapture_pct: 40 } }, withNumbers, YEARS);
    expect(saved.problems).toEqual([]);
    expect(saved.filters.recapture_pct).toBe(40);
    expect(resolveFilters({ recapture_pct: 120 }, withNumbers, YEARS).problems).toEqual([
      { field: "recapture_pct", message: "must be at most 100" },
    ]);
  });

  test("the dialog draws it as a number input with its bounds and label", () => {
    const field = filterFields(withNumbers.filters, YEARS).find((entry) => entry.key === "recapture_pct");
    expect(field).toMatchObject({ kind: "number", label: "Recapture", minimum: 0, maximum: 100 });
  });

  // Issue 32: typing 50.5 left 5 in the box (the "50." on the way was dropped, the next digit kept).
  test("a number input keeps text on the way to a decimal; a decimal is accepted", () => {
    expect(numberDraft("50.")).toBe("50.");
    expect(numberDraft(50.5)).toBe(50.5);
    expect(numberDraft("12.5")).toBe(12.5);
    expect(numberDraft("")).toBeUndefined();
    expect(resolveFilters({ recapture_pct: 50.5 }, withNumbers, YEARS).problems).toEqual([]);
    // Text that stays unfinished is refused with a message, never changed into another number
    // (the server's schema: a number, or its text by this pattern).
    const served = {
      ...withNumbers.filters,
      properties: {
        ...withNumbers.filters.properties,
        recapture_pct: {
          title: "Recapture",
          anyOf: [
            { type: "number", minimum: 0, maximum: 100 },
            { type: "string", pattern: "^-?\\d+(\\.\\d+)?$" },
          ],
        },
      },
    };
    expect(schemaProblems(served, { ...withNumbers.defaults, recapture_pct: "50." })).toEqual([
      { field: "recapture_pct", message: "must be a number" },
    ]);
  });

  test("a problem names the filter by its label, not its key", () => {
    expect(filterLabel("recapture_pct", withNumbers.filters)).toBe("Recapture");
    expect(filterLabel("year", withNumbers.filters)).toBe("Year");
    expect(filterLabel("unknown_key", withNumbers.filters)).toBe("unknown_key");
  });
});

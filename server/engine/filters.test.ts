import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { YEAR_MESSAGE } from "../organisations/yearField.ts";
import { ALL_FILTER_FIELDS, defaultFilters, filterSchema, parseFilters } from "./filters.ts";

const all = { fields: [...ALL_FILTER_FIELDS] };

describe("query filters", () => {
  test("defaults: the organisation's last year, all lines, PSA, all facility types, no restriction", () => {
    const parsed = parseFilters(all, { year: 2024 }, {});
    expect(parsed.success && parsed.data).toEqual({
      year: 2024,
      servicelines: [
        "le_joint_replacement",
        "spine",
        "trauma",
        "hand_ue",
        "foot_ankle",
        "sports_medicine",
        "other",
      ],
      service_area: ["PSA"],
      facility_type: ["IP", "OP", "ASC", "OFFICE"],
      facility_zipcodes: [],
      provider_zipcodes: [],
      facilities: [],
      providers: [],
    });
  });

  test("normalised: lists in canonical order without repeats, so equal filters share a cache key", () => {
    const parsed = parseFilters(
      all,
      { year: 2024 },
      {
        year: "2023",
        servicelines: ["trauma", "spine", "trauma"],
        service_area: ["TSA", "PSA"],
        facility_zipcodes: ["46060", "10001", "46060"],
      },
    );
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data.year).toBe(2023);
    expect(parsed.data.servicelines).toEqual(["spine", "trauma"]);
    expect(parsed.data.service_area).toEqual(["PSA", "TSA"]);
    expect(parsed.data.facility_zipcodes).toEqual(["10001", "46060"]);
  });

  test.each([
    [{ year: "20x4" }, "year", YEAR_MESSAGE],
    [{ year: 99 }, "year", YEAR_MESSAGE],
    [{ servicelines: ["knees"] }, "servicelines.0", "must be one of"],
    [{ servicelines: [] }, "servicelines", "must list at least one service line"],
    [{ service_area: ["XSA"] }, "service_area.0", "must be PSA, SSA or TSA"],
    [{ facility_type: [] }, "facility_type", "must list at least one of IP, OP, ASC, OFFICE"],
    [{ facility_zipcodes: ["1234"] }, "facility_zipcodes.0", "5-digit zip"],
    [{ providers: ["123' OR '1'='1"] }, "providers.0", "10-digit NPI"],
  ])("%j is refused at %s", (raw, field, message) => {
    const parsed = parseFilters(all, { year: 2024 }, raw);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.issues[0]!.path.join(".")).toBe(field);
    expect(parsed.error.issues[0]!.message).toContain(message);
  });

  test("without a default year, the year is required", () => {
    expect(parseFilters(all, {}, {}).success).toBe(false);
  });

  test("a screen's filters: known filters it does not offer are dropped, unknown keys refused", () => {
    const yearOnly = { fields: ["year" as const] };
    const parsed = parseFilters(yearOnly, { year: 2024 }, { servicelines: ["spine"] });
    expect(parsed.success && parsed.data.servicelines).toHaveLength(7);
    expect(parseFilters(yearOnly, { year: 2024 }, { colour: "red" }).success).toBe(false);
  });

  test("a known filter a screen does not offer is still held to its rule (one rule for every analysis)", () => {
    const yearOnly = { fields: ["year" as const] };
    const bad = parseFilters(yearOnly, { year: 2024 }, { service_area: "PSA", facility_type: ["XX"] });
    expect(bad.success).toBe(false);
    if (bad.success) return;
    expect(bad.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["service_area", "must be a list of: PSA, SSA, TSA"],
      ["facility_type.0", "must be IP, OP, ASC or OFFICE"],
    ]);
    const good = parseFilters(yearOnly, { year: 2024 }, { service_area: ["SSA", "TSA"] });
    expect(good.success && good.data.service_area).toEqual(["PSA"]);
  });

  test("JSON Schema and defaults for the manifest", () => {
    const schema = z.toJSONSchema(
      filterSchema({ fields: ["year", "servicelines"], minServicelines: 3 }, { year: 2024 }),
      {
        io: "input",
        unrepresentable: "any",
      },
    ) as {
      properties: Record<string, { minItems?: number; default?: unknown }>;
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties)).toEqual(["year", "servicelines"]);
    expect(schema.properties.servicelines!.minItems).toBe(3);
    expect(schema.properties.year!.default).toBe(2024);
    expect(schema.additionalProperties).toBe(false);
    expect(defaultFilters({ fields: ["year"] }, {})).toEqual({ year: null });
  });
});

import { describe, expect, test } from "bun:test";
import { vegaOf } from "../../../server/engine/chartVega.ts";
import { chartSpec, opensBreakdown } from "./chartSpec.ts";
import { screenTexts } from "./siteTexts.ts";
import { cellText, compareValues, highlightOf } from "./tableModel.ts";
import { testQuery } from "./testManifest.ts";
import type { ChartDescriptor, TableDescriptor } from "./types.ts";
import { viewNote } from "./viewNote.ts";

describe("table cells (customer-area.md section 9)", () => {
  test("percentages with 2 decimals, $ with separators, integers with separators", () => {
    expect(cellText({ key: "p", label: "P", format: "percent" }, 7.6923076923)).toBe("7.69%");
    expect(cellText({ key: "r", label: "R", format: "currency" }, 1140960.26)).toBe("$1,140,960.26");
    expect(cellText({ key: "n", label: "N", format: "integer" }, 2538)).toBe("2,538");
  });

  test("a missing value shows the column's stand-in: N/A, or 0 in the column's format", () => {
    expect(cellText({ key: "v", label: "V", format: "integer", missing: "N/A" }, null)).toBe("N/A");
    expect(cellText({ key: "p", label: "P", format: "percent", missing: 0 }, undefined)).toBe("0.00%");
    expect(cellText({ key: "t", label: "T", format: "text" }, undefined)).toBe("");
  });

  const mix: TableDescriptor = {
    id: "mix",
    title: "Mix",
    rowsKey: "subspecialty_mix",
    columns: [],
    highlights: [
      { key: "differential", above: 10, color: "orange" },
      { key: "differential", below: -10, color: "yellow" },
    ],
  };

  test("querie3: above +10 points orange, below -10 yellow, else none", () => {
    expect(highlightOf(mix, "differential", 10.5)).toBe("var(--mantine-color-orange-2)");
    expect(highlightOf(mix, "differential", -12)).toBe("var(--mantine-color-yellow-2)");
    expect(highlightOf(mix, "differential", 10)).toBeUndefined();
    expect(highlightOf(mix, "differential", -10)).toBeUndefined();
    expect(highlightOf(mix, "market_mix", 50)).toBeUndefined();
  });

  test("sorting: numbers by value, text naturally, missing below everything", () => {
    expect([3, null, 20, 1].sort(compareValues)).toEqual([null, 1, 3, 20]);
    expect(["b10", "b9", "A"].sort(compareValues)).toEqual(["A", "b9", "b10"]);
  });
});

describe("chart specs", () => {
  const described: ChartDescriptor = {
    id: "services",
    title: "Services",
    spec: {
      title: "From the plugin",
      data: { name: "financial_impact_services" },
      params: [{ name: "group", value: "Surgery" }],
      transform: [{ filter: "datum.group === group" }],
      mark: { type: "arc" },
      encoding: { theta: { field: "revenue", type: "quantitative" }, color: { field: "name" } },
    },
    selectedBy: { chart: "groups", field: "name", param: "group" },
  };
  // As the manifest sends it: with its Vega spec, compiled by the server.
  const pie: ChartDescriptor = { ...described, vega: vegaOf(described) };
  const rows = [{ group: "Imaging", name: "Ultrasound", revenue: 10 }];
  const signal = (spec: Record<string, unknown>, name: string) =>
    (spec.signals as { name: string; value?: unknown; init?: string }[]).find((entry) => entry.name === name);

  test("the named dataset comes from the result key, params from the screen, width from the card", () => {
    const spec = chartSpec(pie, { financial_impact_services: rows }, { group: "Imaging" });
    expect((spec.data as { name: string; values?: unknown }[])[0]).toEqual({
      name: "financial_impact_services",
      values: rows,
    });
    expect(signal(spec, "group")?.value).toBe("Imaging");
    expect(signal(spec, "width")?.init).toContain("containerSize()");
    expect(spec.height).toBe(280);
    expect(spec.title).toBeUndefined();
    // The descriptor itself is left untouched (it is shared by every render).
    expect(signal(pie.vega!, "group")?.value).toBe("Surgery");
    expect((pie.vega!.data as { values?: unknown }[])[0]!.values).toBeUndefined();
  });

  test("a missing result key draws an empty dataset", () => {
    expect((chartSpec(pie, {}).data as { values?: unknown }[])[0]!.values).toEqual([]);
  });

  test("querie4: only the OTHER slice (npi null) opens the breakdown", () => {
    const breakdown = { chart: "facilities", field: "npi", equals: null };
    expect(opensBreakdown(breakdown, { name: "OTHER", npi: null })).toBe(true);
    expect(opensBreakdown(breakdown, { name: "Hamilton", npi: "1087635276" })).toBe(false);
  });
});

describe("site texts", () => {
  const query = {
    ...testQuery,
    view: {
      layout: "standard" as const,
      charts: [
        { id: "facilities", title: "By facility", spec: {} },
        {
          id: "facilities_other",
          title: "OTHER facilities",
          spec: {},
          breakdownOf: { chart: "facilities", field: "npi", equals: null },
        },
        { id: "providers", title: "By provider", spec: {} },
      ],
      tables: [{ id: "facilities", title: "Facilities table", rowsKey: "x", columns: [] }],
      maps: [],
    },
  };

  test("numbered titles go to the main charts in order; breakdowns keep the manifest's", () => {
    const texts = screenTexts(query, {
      status: 200,
      contents: { aboutText: "", licenceText: "", copyrightText: "" },
      queries: {
        querie3: {
          title: "Mix",
          chart_title1: "Facilities used",
          chart_title2: "Surgeons",
          table_title: "T",
        },
      },
    });
    expect(texts.title).toBe("Mix");
    expect(texts.description).toBe("Mix against the market.");
    expect(texts.charts).toEqual({
      facilities: "Facilities used",
      facilities_other: "OTHER facilities",
      providers: "Surgeons",
    });
    expect(texts.tables).toEqual({ facilities: "T" });
  });

  test("without site texts the manifest's titles stay", () => {
    expect(screenTexts(query).charts.providers).toBe("By provider");
  });
});

describe("notes in place of a chart or table (issue 32)", () => {
  const chart = { id: "maturity", title: "Maturity", note: "trend_note", spec: {} } satisfies ChartDescriptor;
  test("a text at the note's key replaces the chart", () => {
    expect(viewNote(chart, { trend_note: "A trend needs a second year of data" })).toBe(
      "A trend needs a second year of data",
    );
  });
  test("no note key, a null or an empty text: the chart is drawn", () => {
    expect(viewNote(chart, { trend_note: null })).toBeUndefined();
    expect(viewNote(chart, { trend_note: " " })).toBeUndefined();
    expect(viewNote({ ...chart, note: undefined }, { trend_note: "x" })).toBeUndefined();
    expect(viewNote(chart, undefined)).toBeUndefined();
  });
});

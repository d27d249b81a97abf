import { afterAll, describe, expect, test } from "bun:test";
import { GOLDEN_REFERENCE_YEAR, goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * Practice providers 1111111111, 1111111112. Spine, PSA 10001.
 * Reference year: practice 4 cases by 1111111111 (1 in an ASC), referred by R1; competitor 6.
 *   volume 4, market share 4/10 = 40%, ASC 1/4 = 25%, providers 1, referrers 1 (R1)
 * Selected year: practice 6 cases (3 ASC) by both providers, referred by R1 and R2; competitor 6;
 *   plus 2 practice cases referred by its own provider (not an outside referrer).
 *   -> practice 8 (3+2+1+2 with ASC 3), market 14
 *   volume 8 -> +100%; market share 8/14 = 57.142...% -> +17.142... points;
 *   ASC 3/8 = 37.5% -> +12.5 points; providers 2 -> +100%; referrers 2 -> +100%
 *   maturity = (100 + (800/14 - 40) + 12.5 + 100 + 100) / 5
 * Trauma has no case in either year: every component 0 (a change from 0 is 0).
 */
const r1 = { referring_npi: "5000000001" };
const r2 = { referring_npi: "5000000002" };
const reference = [
  marketCase({ rendering_npi: "1111111111", ...r1, setting: "ASC" }),
  marketCase({ rendering_npi: "1111111111", ...r1, cases: 3 }),
  marketCase({ rendering_npi: "4000000001", cases: 6 }),
];
const current = [
  marketCase({ rendering_npi: "1111111111", ...r1, setting: "ASC", cases: 3 }),
  marketCase({ rendering_npi: "1111111112", ...r2, cases: 2 }),
  marketCase({ rendering_npi: "1111111112", ...r1 }),
  marketCase({ rendering_npi: "1111111111", referring_npi: "1111111112", cases: 2 }),
  marketCase({ rendering_npi: "4000000001", cases: 6 }),
];
const providers = [
  { npi: "1111111111", full_name: "Dr Own" },
  { npi: "1111111112", full_name: "Dr Two" },
];

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie10 Service Maturity", () => {
  test("components and maturity against the reference year, by hand", async () => {
    const result = await harness.run(
      plugin,
      { providers, market: current, marketReference: reference },
      { servicelines: ["spine", "trauma", "other"] },
    );
    expect(result.reference_year).toBe(GOLDEN_REFERENCE_YEAR);
    const marketSharePoints = (8 / 14) * 100 - (4 / 10) * 100;
    expect(result.maturity_component).toEqual({
      spine: {
        volume: 100,
        market_share: marketSharePoints,
        asc_shift: 12.5,
        provider_depth: 100,
        referral_base: 100,
      },
      trauma: { volume: 0, market_share: 0, asc_shift: 0, provider_depth: 0, referral_base: 0 },
    });
    expect(result.maturity_total).toEqual([
      { service_line: "spine", service: "Spine", maturity: (100 + marketSharePoints + 12.5 + 100 + 100) / 5 },
      { service_line: "trauma", service: "Trauma", maturity: 0 },
    ]);
    expect(result.maturity_detail.spine).toEqual({
      volume: { reference: 4, current: 8 },
      market_share: { reference: 40, current: (8 / 14) * 100 },
      asc_shift: { reference: 25, current: 37.5 },
      provider_depth: { reference: 1, current: 2 },
      referral_base: { reference: 1, current: 2 },
    });
  });

  test("the line other is never listed", async () => {
    const result = await harness.run(plugin, { providers, market: current });
    expect(Object.keys(result.maturity_component)).not.toContain("other");
    expect(result.maturity_total).toHaveLength(6);
  });

  test("when the selected year is the reference year, nothing changed", async () => {
    const result = await harness.run(plugin, { providers, market: current });
    expect(result.maturity_total.every((line) => line.maturity === 0)).toBe(true);
  });

  // Issue 32: a customer with one year saw a chart of zeros and nothing saying why.
  test("with a single year the answer says a second year is needed and gives this year's values", async () => {
    const result = await harness.run(plugin, { providers, market: current }, { servicelines: ["spine"] });
    expect(result.year).toBe(result.reference_year);
    expect(result.trend_note).toBe("A trend needs a second year of data");
    // The selected year's own values (practice 8 cases of 14, 3 in an ASC, 2 providers, 2 referrers).
    expect(result.maturity_values).toEqual([
      {
        service_line: "spine",
        service: "Spine",
        volume: 8,
        market_share: (8 / 14) * 100,
        asc_shift: 37.5,
        provider_depth: 2,
        referral_base: 2,
      },
    ]);
    // The view draws neither the chart nor the table of changes from these zeros: it shows the note.
    expect(plugin.view.charts[0]!.note).toBe("trend_note");
    expect(plugin.view.tables.find((table) => table.id === "maturity")!.note).toBe("trend_note");
  });

  test("the reference year selected while a later year exists: the note says which to choose", async () => {
    const result = await harness.run(plugin, { providers, market: current, availableYears: [2024, 2025] });
    expect(result.trend_note).toBe(
      "A trend needs a second year of data: 2024 is the reference year; choose 2025 to see the change",
    );
  });

  test("with two years there is no note", async () => {
    const result = await harness.run(plugin, { providers, market: current, marketReference: reference });
    expect(result.trend_note).toBeNull();
  });

  test("insights: the largest line's change since the reference year, from the answer's figures", async () => {
    const answer = await harness.answer(
      plugin,
      { providers, market: current, marketReference: reference },
      { servicelines: ["spine", "trauma"] },
    );
    // Spine: 4 -> 8 cases (+100%), share 40% -> 57.14% (+17.14 points), ASC 25% -> 37.5% (+12.5);
    // maturity (100 + 17.14 + 12.5 + 100 + 100) / 5 = 65.93. Trauma has no case: not spoken of.
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "Since 2022 your Spine cases went from 4 to 8 (up 100.0%) and your share of the market's from 40.0% to 57.1% (up 17.1 points).",
      "The share of them done in an ASC went from 25.0% to 37.5% (up 12.5 points).",
      "Spine's maturity since 2022 is +65.9, the mean of its five changes.",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: lines ranked by maturity, the declining one named", async () => {
    // Trauma: 2 practice cases of 2 in the reference year, 1 of 3 now: volume -50%, share 100% ->
    // 33.33% (-66.67 points), ASC 0 -> 0, providers 1 -> 1 (0%), referrers 0 -> 0:
    // maturity (-50 - 66.67 + 0 + 0 + 0) / 5 = -23.33.
    const trauma = { service_line: "trauma" };
    const answer = await harness.answer(
      plugin,
      {
        providers,
        market: [
          ...current,
          marketCase({ ...trauma, rendering_npi: "1111111111" }),
          marketCase({ ...trauma, cases: 2 }),
        ],
        marketReference: [...reference, marketCase({ ...trauma, rendering_npi: "1111111111", cases: 2 })],
      },
      { servicelines: ["spine", "trauma"] },
    );
    expect(answer.insights.map((insight) => insight.text).slice(2)).toEqual([
      "Spine matured most since 2022: a score of +65.9, the mean of its five changes.",
      "Trauma declined most since 2022: a score of -23.3.",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: one year gives this year's values and says a change needs a second year", async () => {
    const answer = await harness.answer(plugin, { providers, market: current }, { servicelines: ["spine"] });
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "In 2024 you performed 8 Spine cases, 57.1% of the market's, 37.5% of them in an ASC; a change needs a second year of data.",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: no case of the practice in either year, no sentence", async () => {
    const competitors = (rows: typeof current) => rows.filter((row) => row.rendering_npi === "4000000001");
    const answer = await harness.answer(plugin, {
      providers,
      market: competitors(current),
      marketReference: competitors(reference),
    });
    expect(answer.insights).toEqual([]);
    const oneYear = await harness.answer(plugin, { providers, market: competitors(current) });
    expect(oneYear.insights).toEqual([]);
  });
});

import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * Practice provider 1111111111. M (PSA):
 *   spine: practice 3, competitor 1      -> market 4
 *   trauma: practice 1, competitor 4     -> market 5
 *   hand_ue: competitor 1                -> market 1
 * Practice total 4, market total 10.
 *   spine   customer_mix 3/4 = 75%,  market_mix 40%  -> +35 (orange)
 *   trauma  customer_mix 25%,        market_mix 50%  -> -25 (yellow)
 *   hand_ue customer_mix 0%,         market_mix 10%  -> -10 (not below -10: no highlight)
 */
const own = { rendering_npi: "1111111111" };
const other = { rendering_npi: "4000000001" };
const market = [
  marketCase({ ...own, service_line: "spine", cases: 3 }),
  marketCase({ ...other, service_line: "spine" }),
  marketCase({ ...own, service_line: "trauma" }),
  marketCase({ ...other, service_line: "trauma", cases: 4 }),
  marketCase({ ...other, service_line: "hand_ue" }),
];
const data = { providers: [{ npi: "1111111111", full_name: "Dr Own" }], market };
const three = { servicelines: ["spine", "trauma", "hand_ue"] };

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie3 Subspecialty Mix", () => {
  test("mixes and differentials, by hand", async () => {
    const result = await harness.run(plugin, data, three);
    expect(result.customer_surgical_cases).toBe(4);
    expect(result.market_surgical_cases).toBe(10);
    expect(result.subspecialty_mix).toEqual([
      {
        service_line: "spine",
        service: "Spine",
        customer_cases: 3,
        market_cases: 4,
        customer_mix: 75,
        market_mix: 40,
        differential: 35,
        highlight: "orange",
      },
      {
        service_line: "trauma",
        service: "Trauma",
        customer_cases: 1,
        market_cases: 5,
        customer_mix: 25,
        market_mix: 50,
        differential: -25,
        highlight: "yellow",
      },
      {
        service_line: "hand_ue",
        service: "Hand & Upper Extremity",
        customer_cases: 0,
        market_cases: 1,
        customer_mix: 0,
        market_mix: 10,
        differential: -10,
        highlight: null,
      },
    ]);
  });

  test("invariant: each side's mix sums to 100", async () => {
    const result = await harness.run(plugin, data);
    const total = (key: "customer_mix" | "market_mix") =>
      result.subspecialty_mix.reduce((sum, row) => sum + row[key], 0);
    expect(total("customer_mix")).toBeCloseTo(100, 10);
    expect(total("market_mix")).toBeCloseTo(100, 10);
    expect(result.subspecialty_mix).toHaveLength(7);
  });

  test("fewer than 3 service lines is refused, naming the field and the rule", () => {
    const parsed = plugin.filterSchema({ year: 2024 }).safeParse({ servicelines: ["spine", "trauma"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["servicelines"]);
    expect(parsed.error?.issues[0]?.message).toBe("must list at least 3 service lines");
  });

  test("repeated lines count once, so two distinct lines are still too few", () => {
    const parsed = plugin
      .filterSchema({ year: 2024 })
      .safeParse({ servicelines: ["spine", "spine", "trauma"] });
    expect(parsed.success).toBe(false);
  });

  test("insights: the lines furthest above and below the market's mix, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, data, three);
    // Spine 75% against 40% (+35 points); Trauma 25% against 50% (-25), beyond Hand's -10.
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "Your mix leans most to Spine: 75.0% of your 4 cases against 40.0% of the market's, 35.0 points above.",
      "Trauma is furthest below the market: 25.0% of your cases against 50.0% of the market's 10, 25.0 points below.",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: a practice with no case in the lines writes no sentence", async () => {
    const answer = await harness.answer(
      plugin,
      { ...data, market: market.filter((row) => row.rendering_npi !== "1111111111") },
      three,
    );
    expect(answer.results.customer_surgical_cases).toBe(0);
    expect(answer.insights).toEqual([]);
  });
});

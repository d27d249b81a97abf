import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * Practice providers 1111111111 and 1111111112. R = cases of M (PSA) they referred:
 *   spine: 3 performed by the practice, 2 by Dr Alpha, 1 by Dr Beta -> total 6, leaked 3, 50%
 *   trauma: 4 performed by Dr Alpha                                  -> total 4, leaked 4, 100%
 *   Not in R: a spine case referred by an outside doctor to Dr Alpha (5), and a case referred by
 *   the practice but outside the PSA (7).
 */
const referred = { referring_npi: "1111111112" };
const alpha = { rendering_npi: "4000000001", rendering_name: "Dr Alpha" };
const beta = { rendering_npi: "4000000002", rendering_name: "Dr Beta" };
const market = [
  marketCase({ ...referred, rendering_npi: "1111111111", service_line: "spine", cases: 3 }),
  marketCase({ ...referred, ...alpha, service_line: "spine", cases: 2 }),
  marketCase({ referring_npi: "1111111111", ...beta, service_line: "spine" }),
  marketCase({ ...referred, ...alpha, service_line: "trauma", cases: 4 }),
  marketCase({ referring_npi: "5000000001", ...alpha, service_line: "spine", cases: 5 }),
  marketCase({ ...referred, ...alpha, service_line: "spine", patient_zip: "20000", cases: 7 }),
];
const data = {
  providers: [
    { npi: "1111111111", full_name: "Dr Own" },
    { npi: "1111111112", full_name: "Dr Two" },
  ],
  market,
};

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie8 Leakage", () => {
  test("leakage and leakage_provider, by hand", async () => {
    const result = await harness.run(plugin, data, { servicelines: ["spine", "trauma", "hand_ue"] });
    expect(result.leakage).toEqual({
      spine: { cases_leeked: 3, total: 6, percentage: 50 },
      trauma: { cases_leeked: 4, total: 4, percentage: 100 },
      hand_ue: { cases_leeked: 0, total: 0, percentage: 0 },
    });
    expect(result.leakage_provider).toEqual({
      spine: { volume: 3, competitors: { "Dr Alpha": 2, "Dr Beta": 1 } },
      trauma: { volume: 4, competitors: { "Dr Alpha": 4 } },
      hand_ue: { volume: 0, competitors: {} },
    });
    expect(result.leakage_provider_table[0]).toEqual({
      name: "Spine",
      service_line: "spine",
      volume: 3,
      competitors: [
        { name: "Dr Alpha", volume: 2 },
        { name: "Dr Beta", volume: 1 },
      ],
    });
  });

  test("invariant: a line's competitors sum to its leaked cases", async () => {
    const result = await harness.run(plugin, data);
    for (const [line, entry] of Object.entries(result.leakage_provider)) {
      const competitors = Object.values(entry.competitors).reduce((sum, cases) => sum + cases, 0);
      expect(competitors).toBe(result.leakage[line]!.cases_leeked);
    }
  });

  test("insights: the line leaking most, its receiver, the steepest line, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, data, { servicelines: ["spine", "trauma", "hand_ue"] });
    // Trauma leaks most (4 of 4, 100%), all to Dr Alpha; it is also the steepest: no third sentence.
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "Your providers referred 4 Trauma cases; 4 (100.0%) were performed by competitors.",
      "Dr Alpha received the most of them: 4.",
    ]);
    expectInsightsCiteTheAnswer(answer);
    // With spine's 3 leaked of 6 beside 2 of 2 hand cases: spine leaks most, hand the largest share.
    const hands = [
      marketCase({
        referring_npi: "1111111112",
        rendering_npi: "4000000003",
        rendering_name: "Dr Gamma",
        service_line: "hand_ue",
        cases: 2,
      }),
    ];
    const both = await harness.answer(
      plugin,
      { ...data, market: [...market.slice(0, 3), ...hands] },
      {
        servicelines: ["spine", "hand_ue"],
      },
    );
    expect(both.insights.map((insight) => insight.text)).toEqual([
      "Your providers referred 6 Spine cases; 3 (50.0%) were performed by competitors.",
      "Dr Alpha received the most of them: 2.",
      "Hand & Upper Extremity leaks the largest share: 100.0% of 2 referred cases (2).",
    ]);
    expectInsightsCiteTheAnswer(both);
  });

  test("insights: nothing referred by the practice, no sentence", async () => {
    const answer = await harness.answer(plugin, { ...data, market: [market[4]!] });
    expect(answer.insights).toEqual([]);
  });
});

import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, marketCase } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * Practice: provider 1111111111. Competitor provider 4000000001. PSA 10001.
 * Referrer R1 (5000000001): 3 cases to the competitor + 1 to the practice -> total 4, share 25%.
 * Referrer R2 (5000000002): 2 cases to the practice -> share 100%.
 * Referrer R3 (5000000003): 1 case to the competitor, but outside the PSA -> not in M.
 * 1111111111 refers 6 cases to the competitor: one of the practice's own providers, not a referrer.
 * A case without a referrer is ignored.
 */
const toPractice = { rendering_npi: "1111111111" };
const toCompetitor = { rendering_npi: "4000000001", facility_npi: "3000000001" };
const market = [
  marketCase({ ...toCompetitor, referring_npi: "5000000001", referring_name: "Dr R1", cases: 3 }),
  marketCase({ ...toPractice, referring_npi: "5000000001", referring_name: "Dr R1" }),
  marketCase({ ...toPractice, referring_npi: "5000000002", referring_name: "Dr R2", cases: 2 }),
  marketCase({ ...toCompetitor, referring_npi: "5000000003", patient_zip: "20000" }),
  marketCase({ ...toCompetitor, referring_npi: "1111111111", cases: 6 }),
  marketCase({ ...toCompetitor, cases: 9 }),
];
const data = { providers: [{ npi: "1111111111", full_name: "Dr Own" }], market };

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie2 Referral Targets", () => {
  test("targets and partners, by hand", async () => {
    const result = await harness.run(plugin, data);
    expect(result.referrers_count).toBe(2);
    expect(result.referral_targets).toEqual([
      { npi: "5000000001", name: "Dr R1", total: 4, customer: 1, competitors: 3, customer_share: 25 },
    ]);
    expect(result.referral_partners).toEqual([
      { npi: "5000000002", name: "Dr R2", total: 2, customer: 2, competitors: 0, customer_share: 100 },
      { npi: "5000000001", name: "Dr R1", total: 4, customer: 1, competitors: 3, customer_share: 25 },
    ]);
  });

  test("invariant: to the practice plus to competitors is the total", async () => {
    const result = await harness.run(plugin, data, { service_area: ["PSA", "SSA", "TSA"] });
    for (const row of [...result.referral_targets, ...result.referral_partners]) {
      expect(row.customer + row.competitors).toBe(row.total);
    }
  });

  test("the service-area filter brings R3 in when its zip is listed", async () => {
    const result = await harness.run(
      plugin,
      {
        ...data,
        serviceArea: [
          { zipcode: "10001", type: "PSA" },
          { zipcode: "20000", type: "SSA" },
        ],
      },
      { service_area: ["PSA", "SSA"] },
    );
    expect(result.referral_targets.map((row) => row.npi)).toEqual(["5000000001", "5000000003"]);
  });

  test("insights: the first outreach target and the strongest partner, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, data);
    // R1: 3 of 4 to competitors, 1 to the practice (25%); R2: 2 of 2 to the practice (100%).
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "Of the 2 outside referrers sending cases in your PSA, Dr R1 sent the most to competitors: 3 of 4 (you performed 25.0%).",
      "Your strongest referral partner, Dr R2, sent you 2 of 2 cases (100.0%).",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: no referrer, no sentence", async () => {
    const answer = await harness.answer(plugin, { ...data, market: [marketCase({ cases: 3 })] });
    expect(answer.results.referrers_count).toBe(0);
    expect(answer.insights).toEqual([]);
  });
});

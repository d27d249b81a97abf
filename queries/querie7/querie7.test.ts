import { afterAll, describe, expect, test } from "bun:test";
import { goldenHarness, practiceLine } from "../../server/engine/testing/golden.ts";
import { expectInsightsCiteTheAnswer } from "../../server/engine/testing/insightChecks.ts";
import plugin from "./plugin.ts";

/*
 * Practice lines and their paid amounts:
 *   spine 1000 + trauma 500 (surgical)            -> Surgery 1500
 *   new patient E&M 150 + established E&M 50      -> Evaluation & management 200
 *   advanced imaging 300                           -> Imaging 300
 *   other PT/OT 0 (paid_amount missing = 0)        -> Therapy 0
 *   injection 100                                  -> In-office procedures 100
 *   a line with no category 400                    -> Other 400
 * Total 2500: Surgery 60%, E&M 8%, Imaging 12%, Therapy 0%, In-office 4%, Other 16%.
 * Within Surgery: spine 1000/1500 = 66.66...%, trauma 33.33...%.
 */
const practice = [
  practiceLine({ category: "spine", paid_amount: 1000 }),
  practiceLine({ category: "trauma", paid_amount: 500 }),
  practiceLine({ category: "new_patient_em", paid_amount: 150 }),
  practiceLine({ category: "established_em", paid_amount: 50 }),
  practiceLine({ category: "advanced_imaging", paid_amount: 300 }),
  practiceLine({ category: "other_pt_ot", paid_amount: null }),
  practiceLine({ category: "aspiration_injection", paid_amount: 100 }),
  practiceLine({ category: null, cpt: "0275T", paid_amount: 400 }),
];

const harness = goldenHarness();
afterAll(() => harness.close());

describe("querie7 Revenue by Service", () => {
  test("groups and services, by hand", async () => {
    const result = await harness.run(plugin, { practice });
    expect(result.financial_impact_group).toEqual({
      Surgery: 1500,
      "Evaluation & management": 200,
      Imaging: 300,
      Therapy: 0,
      "In-office procedures": 100,
      Other: 400,
    });
    expect(result.financial_impact_category_to_service.Imaging).toEqual(["ultrasound", "advanced_imaging"]);
    expect(result.financial_impact.spine).toBe(1000);
    expect(result.financial_impact.other_pt_ot).toBe(0);
    expect(result.financial_impact.other).toBe(400);
    const surgery = result.financial_impact_table[0]!;
    expect(surgery.percentage).toBe((1500 / 2500) * 100);
    expect(surgery.services[1]).toEqual({
      name: "Spine",
      service: "spine",
      revenue: 1000,
      percentage: (1000 / 1500) * 100,
    });
    expect(result.financial_impact_table.map((group) => group.percentage)).toEqual([
      (1500 / 2500) * 100,
      (200 / 2500) * 100,
      (300 / 2500) * 100,
      0,
      (100 / 2500) * 100,
      (400 / 2500) * 100,
    ]);
  });

  test("invariants: groups sum to 100, each group's services sum to 100 (or 0)", async () => {
    const result = await harness.run(plugin, { practice });
    const groups = result.financial_impact_table;
    expect(groups.reduce((sum, group) => sum + group.percentage, 0)).toBeCloseTo(100, 10);
    for (const group of groups) {
      const services = group.services.reduce((sum, service) => sum + service.percentage, 0);
      expect(services).toBeCloseTo(group.revenue === 0 ? 0 : 100, 10);
    }
  });

  test("no practice data: every group at 0", async () => {
    const result = await harness.run(plugin, {});
    expect(Object.values(result.financial_impact_group)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(result.financial_impact_table[0]!.percentage).toBe(0);
  });

  test("insights: the year's revenue, the leading group and service, the next group, from the answer's figures", async () => {
    const answer = await harness.answer(plugin, { practice });
    // 2500 in all; Surgery 1500 (60%), Spine 1000 of it (66.67%); Other 400 (16%) next.
    expect(answer.insights.map((insight) => insight.text)).toEqual([
      "In 2024 your practice was paid $2.5k; Surgery brought the most: $1.5k (60.0%).",
      "Within Surgery, Spine led: $1.0k (66.7% of the group).",
      "Other came next: $400 (16.0%).",
    ]);
    expectInsightsCiteTheAnswer(answer);
  });

  test("insights: no practice data, no sentence", async () => {
    expect((await harness.answer(plugin, {})).insights).toEqual([]);
  });
});

import { describe, expect, test } from "bun:test";
import { counted, insightsOf, sentence } from "./insights.ts";
import { changeWords, dollarWords, linesCasesWords, percentWords, pointsWords } from "./insightWords.ts";

const answer = { results: {}, filters: {} as never, year: 2024, reference_year: 2022 };

describe("insights", () => {
  test("a sentence carries its figures by path; none when a figure is missing", () => {
    expect(sentence({ share: ["results.share", 23.4375] }, ({ share }) => `${percentWords(share)}.`)).toEqual(
      {
        text: "23.4%.",
        figures: { "results.share": 23.4375 },
      },
    );
    for (const missing of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(sentence({ share: ["results.share", missing] }, () => "never written")).toBeNull();
    // A count of nothing is no figure: a share of it is not claimed.
    expect(sentence({ total: ["results.total", counted(0)] }, () => "0% of nothing")).toBeNull();
  });

  test("the engine keeps at most four sentences, leaving out the ones without figures", () => {
    const some = (text: string) => ({ text, figures: { x: 1 } });
    const kept = insightsOf(() => [some("a"), null, some("b"), some("c"), some("d"), some("e")], answer);
    expect(kept.map((insight) => insight.text)).toEqual(["a", "b", "c", "d"]);
  });

  test("numbers in words", () => {
    expect([950, 2500, 13_500, 99_949, 412_300, 999_600, 4_491_549].map(dollarWords)).toEqual([
      "$950",
      "$2.5k",
      "$13.5k",
      "$99.9k",
      "$412k",
      "$1.0M",
      "$4.5M",
    ]);
    expect(dollarWords(-1_250)).toBe("-$1.3k");
    expect(changeWords(-3.14, pointsWords)).toBe("down 3.1 points");
    expect(changeWords(0.04, percentWords)).toBe("unchanged");
    expect(linesCasesWords(["spine", "trauma"])).toBe("Spine and Trauma cases");
    expect(linesCasesWords(["spine", "trauma", "hand_ue", "foot_ankle"])).toBe(
      "cases of the 4 chosen service lines",
    );
  });
});

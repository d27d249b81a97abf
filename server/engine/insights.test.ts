import { describe, expect, test } from "bun:test";
import { counted, insightsOf, sentence, templateError, templatePlaceholders } from "./insights.ts";
import { changeWords, dollarWords, linesCasesWords, percentWords, pointsWords } from "./insightWords.ts";
import { loadRegistry } from "./registry.ts";

const answer = { results: {}, filters: {} as never, year: 2024, reference_year: 2022 };

describe("insights", () => {
  test("a sentence carries its figures by path; none when a figure is missing", () => {
    expect(
      sentence("insight_share", { share: ["results.share", 23.4375] }, ({ share }) => ({
        share: percentWords(share),
      })),
    ).toEqual({
      template: "insight_share",
      words: { share: "23.4%" },
      figures: { "results.share": 23.4375 },
    });
    for (const missing of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(sentence("insight_share", { share: ["results.share", missing] }, () => ({}))).toBeNull();
    // A count of nothing is no figure: a share of it is not claimed.
    expect(sentence("insight_share", { total: ["results.total", counted(0)] }, () => ({}))).toBeNull();
  });

  const draft = (template: `insight_${string}`, share: number) =>
    sentence(template, { share: ["results.share", share] }, ({ share }) => ({ share: percentWords(share) }));
  const texts = {
    insight_a: "A {share}.",
    insight_b: "B {share}.",
    insight_c: "C.",
    insight_d: "D {share}.",
    insight_e: "E {share}.",
  };

  test("the engine keeps at most four sentences, leaving out the ones without figures", () => {
    const plugin = {
      texts,
      insights: () => [
        draft("insight_a", 1),
        null,
        draft("insight_b", 2),
        draft("insight_c", 3),
        draft("insight_d", 4),
        draft("insight_e", 5),
      ],
    };
    expect(insightsOf(plugin, answer).map((insight) => insight.text)).toEqual([
      "A 1.0%.",
      "B 2.0%.",
      "C.",
      "D 4.0%.",
    ]);
  });

  test("a sentence is written in staff's template; an empty one is left out, one that no longer fits is the default", () => {
    const plugin = {
      texts,
      insights: () => [draft("insight_a", 23.44), draft("insight_b", 1), draft("insight_d", 2)],
    };
    const edits = { insight_a: "Your share: {share}!", insight_b: "", insight_d: "Gone {total}." };
    expect(insightsOf(plugin, answer, { ...texts, ...edits })).toEqual([
      { text: "Your share: 23.4%!", figures: { "results.share": 23.44 } },
      { text: "D 2.0%.", figures: { "results.share": 2 } },
    ]);
  });

  test("an edited template may name only its default's placeholders, each brace around one", () => {
    const defaults = "In your {area} you performed {share} ({cases} of {total}).";
    expect(templateError("You did {share} of {total} in the {area}.", defaults)).toBeNull();
    expect(templateError("", defaults)).toBeNull();
    expect(templateError("You did {percent}.", defaults)).toBe(
      "{percent} is not a figure of this sentence: use {area}, {share}, {cases}, {total}",
    );
    expect(templateError("You did {share.", defaults)).toBe(
      "a brace must enclose a figure's name: {area}, {share}, {cases}, {total}",
    );
    expect(templatePlaceholders(defaults)).toEqual(["area", "share", "cases", "total"]);
  });

  test("every analysis declares its sentences' templates in its texts.ts, each with its placeholders", async () => {
    const registry = await loadRegistry();
    for (const plugin of registry.all()) {
      const fields = Object.keys(plugin.texts).filter((field) => field.startsWith("insight_"));
      expect(fields.length, plugin.id).toBeGreaterThanOrEqual(2);
      for (const field of fields)
        expect(templatePlaceholders(plugin.texts[field]!).length, `${plugin.id}.${field}`).toBeGreaterThan(0);
    }
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

/**
 * What every analysis's insights test checks of an answer (issue 32): each figure is the answer's
 * own value at the path it names and is written in its sentence, and every number a sentence shows
 * is one of its figures rounded as the sentence writes it, so no sentence cites a number it does
 * not account for.
 */
import { expect } from "bun:test";
import { figureAt, type Insight } from "../insights.ts";

/** A number as a sentence writes it ("23.4%", "1,234", "$412k", "$1.2M") and how far it was rounded. */
function writtenNumbers(text: string) {
  const numbers: { token: string; value: number; tolerance: number }[] = [];
  // A number glued to a word is part of a name ("Dr R1", "Hospital 2B").
  for (const match of text.matchAll(/(?<![A-Za-z\d.,])\$?\d[\d,]*(?:\.(\d+))?([kM])?(?![A-Za-z\d])/g)) {
    const token = match[0];
    const digits = token.replace(/[$,kM]/g, "");
    // A long plain number is a name's (an NPI, a zip code): counts of 1,000 or more have commas.
    if (!token.includes(",") && !token.startsWith("$") && /^\d{5,}$/.test(digits)) continue;
    const decimals = match[1]?.length ?? 0;
    const scale = match[2] === "M" ? 1_000_000 : match[2] === "k" ? 1_000 : 1;
    numbers.push({ token, value: Number(digits) * scale, tolerance: (0.5 / 10 ** decimals) * scale + 1e-9 });
  }
  return numbers;
}

export function expectInsightsCiteTheAnswer(answer: { insights: Insight[] }) {
  for (const insight of answer.insights) {
    expect(insight.text).toMatch(/^\S.*\.$/);
    for (const [path, value] of Object.entries(insight.figures))
      expect({ path, value: figureAt(answer, path) }).toEqual({ path, value });
    const figures = Object.values(insight.figures).map(Math.abs);
    const written = writtenNumbers(insight.text);
    // Each figure is cited: written in the sentence (a change too small to write says "unchanged").
    for (const [path, value] of Object.entries(insight.figures)) {
      const shown =
        written.some((number) => Math.abs(Math.abs(value) - number.value) <= number.tolerance) ||
        (Math.abs(value) < 0.05 && insight.text.includes("unchanged"));
      expect({ text: insight.text, figure: path, shown }).toEqual({
        text: insight.text,
        figure: path,
        shown: true,
      });
    }
    for (const written of writtenNumbers(insight.text)) {
      const cited = figures.some((figure) => Math.abs(figure - written.value) <= written.tolerance);
      expect({ text: insight.text, number: written.token, cited }).toEqual({
        text: insight.text,
        number: written.token,
        cited: true,
      });
    }
  }
}

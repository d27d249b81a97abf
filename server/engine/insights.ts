/**
 * The finding in words (issue 32): each analysis's `insights` function (its folder's insights.ts)
 * reads its own answer and writes a few sentences, each with the raw numbers it cites. The engine
 * adds them to the answer as `insights`; the screen shows them above the charts, the exports and
 * the mailed report carry them. A figure is named by its dotted path in the answer
 * ("results.customer_market_share.market_share", "filters.numbers.recapture_pct",
 * "reference_year"), so a test, or an auditor, finds each one where the answer holds it. A
 * sentence's wording is a template in the folder's texts.ts (`insight_…` fields, `{placeholder}`s
 * for the words it writes), which staff edit in Manage contents, Query texts.
 */
import { z } from "zod";
import type { Filters } from "./filters.ts";

export const insightSchema = z.strictObject({
  text: z.string().meta({
    description:
      "One sentence, its figures rounded for reading, written in the analysis's template for it (the `insight_…` query texts, which staff may edit).",
  }),
  figures: z.record(z.string(), z.number()).meta({
    description:
      "The raw numbers the sentence cites, each named by its dotted path in this answer (results.…, filters.…, year, reference_year).",
  }),
});
export type Insight = z.infer<typeof insightSchema>;

/** What an analysis's insights read: its answer without them. */
export interface InsightAnswer<Result> {
  results: Result;
  filters: Filters;
  year: number;
  reference_year: number;
}

/**
 * A sentence before its words meet its template: the template's field in the folder's texts.ts
 * (`insight_…`, edited by staff in Query texts), the words each `{placeholder}` stands for, and the
 * figures it cites.
 */
export interface InsightDraft {
  template: InsightTemplateField;
  words: Readonly<Record<string, string>>;
  figures: Record<string, number>;
}

/** The texts.ts field of a sentence's template. */
export type InsightTemplateField = `insight_${string}`;

/** A folder's insights.ts: sentences over its answer; null for a sentence its data cannot support. */
export type InsightsWriter<Result> = (answer: InsightAnswer<Result>) => ReadonlyArray<InsightDraft | null>;

/** The issue's "2-4 sentences": an analysis writing more keeps its first four. */
export const MAX_INSIGHTS = 4;

type Figure = number | null | undefined;

const present = (value: Figure): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * A sentence of template `template` citing `figures` (a short name -> [its path in the answer, its
 * value]), its placeholders' words written by `words` from the values by those names; none when a
 * figure is missing (null, undefined, not a finite number), so no sentence is ever written from data
 * that is not there. A figure that is 0 only because nothing was counted is the caller's to leave
 * out (`counted`).
 */
export function sentence<Name extends string>(
  template: InsightTemplateField,
  figures: Record<Name, readonly [path: string, value: Figure]>,
  words: (values: Record<Name, number>) => Record<string, string>,
): InsightDraft | null {
  const entries = Object.entries(figures) as [Name, readonly [string, Figure]][];
  if (!entries.every(([, [, value]]) => present(value))) return null;
  const values = Object.fromEntries(entries.map(([name, [, value]]) => [name, value])) as Record<
    Name,
    number
  >;
  return {
    template,
    words: words(values),
    figures: Object.fromEntries(entries.map(([, [path, value]]) => [path, value as number])),
  };
}

/** A count that says something: null when it is 0 (a share of nothing, a sum of no case). */
export const counted = (value: number | null | undefined) => (value === 0 ? null : value);

const PLACEHOLDER = /\{([a-z][a-z0-9_]*)\}/g;

/** The placeholders a template names, in order ("{share} of {total}" -> share, total). */
export const templatePlaceholders = (template: string) => [
  ...new Set(Array.from(template.matchAll(PLACEHOLDER), (match) => match[1]!)),
];

/**
 * What is wrong with an edited template, in words, or null: it may name only the placeholders of
 * its default (the words the analysis writes) and no stray brace. Empty is allowed: the sentence is
 * then left out.
 */
export function templateError(template: string, defaultTemplate: string): string | null {
  const known = templatePlaceholders(defaultTemplate);
  const unknown = templatePlaceholders(template).filter((name) => !known.includes(name));
  if (unknown.length > 0)
    return `{${unknown[0]}} is not a figure of this sentence: use ${known.map((name) => `{${name}}`).join(", ")}`;
  if (/[{}]/.test(template.replace(PLACEHOLDER, "")))
    return `a brace must enclose a figure's name: ${known.map((name) => `{${name}}`).join(", ")}`;
  return null;
}

/** A template with its placeholders' words put in (every placeholder has one: templateError). */
function fill(template: string, words: Readonly<Record<string, string>>, field: string) {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const word = words[name];
    if (word === undefined) throw new Error(`${field}: no word for {${name}}`);
    return word;
  });
}

/** The templates a sentence may take: the analysis's texts, staff's edits over its defaults. */
export type InsightTemplates = Readonly<Record<string, string>>;

/**
 * The sentences of an answer: at most four, each with every figure present, written in `templates`
 * (the analysis's texts: its folder's defaults, or staff's edits over them). A template staff
 * emptied leaves its sentence out; one that no longer fits the sentence (a default changed since
 * it was edited) is replaced by the default.
 */
export function insightsOf<Result>(
  plugin: { insights: InsightsWriter<Result>; texts: InsightTemplates },
  answer: InsightAnswer<Result>,
  templates: InsightTemplates = plugin.texts,
): Insight[] {
  return plugin
    .insights(answer)
    .filter((draft): draft is InsightDraft => draft !== null)
    .filter((draft) => Object.values(draft.figures).every(present))
    .flatMap((draft) => {
      const fallback = plugin.texts[draft.template];
      if (fallback === undefined) throw new Error(`texts.ts has no ${draft.template}`);
      const edited = templates[draft.template];
      const template = edited !== undefined && templateError(edited, fallback) === null ? edited : fallback;
      if (template.trim() === "") return [];
      return [{ text: fill(template, draft.words, draft.template), figures: draft.figures }];
    })
    .slice(0, MAX_INSIGHTS);
}

/** The value at a dotted path of an answer ("results.growth_totals.leaked_revenue"). */
export function figureAt(answer: object, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], answer);
}

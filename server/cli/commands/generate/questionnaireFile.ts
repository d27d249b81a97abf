/**
 * The questionnaire answers a batch run stores as each year's valid questionnaire
 * (`--questionnaire FILE`). Two forms:
 *   {"answers": {...}}                     the same answers for every organisation of the run;
 *   {"<slug>": {...}, "<slug2>": {...}}    answers per organisation (one not listed gets none).
 * Every set is checked with the questionnaire's own schema (schemes/questionnaire), so a file the
 * form would refuse is refused here too, naming the organisation and the field.
 */
import { readFileSync } from "node:fs";
import {
  type QuestionnaireAnswers,
  questionnaireAnswersSchema,
} from "../../../../schemes/questionnaire/schema.ts";

export type AnswersBySlug = (slug: string) => QuestionnaireAnswers | undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function checked(label: string, raw: unknown): QuestionnaireAnswers {
  const parsed = questionnaireAnswersSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`--questionnaire: ${label}${issue.path.join(".") || "(answers)"}: ${issue.message}`);
  }
  return parsed.data;
}

export function readQuestionnaireFile(path: string): AnswersBySlug {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(
      `--questionnaire: cannot read ${path}: ${error instanceof Error ? error.message : error}`,
    );
  }
  if (!isObject(content)) throw new Error("--questionnaire: the file must hold a JSON object");
  if ("answers" in content) {
    const answers = checked("answers.", content.answers);
    return () => answers;
  }
  const bySlug = new Map<string, QuestionnaireAnswers>();
  for (const [slug, raw] of Object.entries(content)) bySlug.set(slug, checked(`${slug}.`, raw));
  return (slug) => bySlug.get(slug);
}

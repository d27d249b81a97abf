import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { readQuestionnaireFile } from "../cli/commands/generate/questionnaireFile.ts";
import { type GenerateReporter, runGenerate } from "../cli/commands/generate/steps.ts";
import type { AppContext } from "../context.ts";
import { organisations, organisationYears } from "../db/schema/index.ts";
import { yearProgress } from "../organisations/yearProgress.ts";
import { loadYearSnapshot } from "../organisations/yearState.ts";

/** How many of the demo's latest years a newcomer finds enabled. */
export const DEMO_ENABLED_YEARS = 2;

const quiet: GenerateReporter = { phaseStart() {}, progress() {}, phaseEnd() {}, problem() {} };

/**
 * Makes the demo organisation what a newcomer expects after `npm start`: its last two years run
 * through the back office exactly as staff would (facility, provider and global validations, with
 * 'Validate anyway' where the synthetic data has notes; service and macro capabilities, market
 * profile; the fixture's questionnaire answers stored valid; scoring), then enabled, so the
 * organisation is initialized and the analyses and the score show at the first sign-in.
 * Idempotent: years already enabled are left alone. Answers the years enabled and the time taken.
 * The questionnaire answers are `answersDir`'s (the fixture's own by default; the query bench's
 * generated fixtures have none and give the demo's).
 */
export async function enableDemoYears(
  context: AppContext,
  organisation: { id: string; slug: string },
  fixtureDir: string,
  answersDir = fixtureDir,
): Promise<{ years: number[]; ms: number }> {
  const started = performance.now();
  const { db } = context.database;
  const rows = await db
    .select()
    .from(organisationYears)
    .where(eq(organisationYears.organisationId, organisation.id));
  const latest = rows
    .filter((row) => row.fileState === "uploaded")
    .map((row) => row.year)
    .sort((a, b) => a - b)
    .slice(-DEMO_ENABLED_YEARS);
  const todo = latest.filter((year) => !rows.find((row) => row.year === year)?.enabled);
  if (todo.length === 0) return { years: [], ms: 0 };

  const answersFile = join(answersDir, "questionnaire.demo.json");
  const summary = await runGenerate({
    context,
    orgYears: todo.map((year) => ({ slug: organisation.slug, organisationId: organisation.id, year })),
    steps: ["validations", "sc", "mc", "mp", "scoring"],
    answers: existsSync(answersFile) ? readQuestionnaireFile(answersFile) : undefined,
    validateAnyway: true,
    reporter: quiet,
  });
  for (const run of summary.runs.filter((candidate) => candidate.status !== "done")) {
    context.logger.warn(`Demo ${run.year} ${run.scheme} ${run.status}: ${run.message ?? ""}`);
  }
  const complete: number[] = [];
  for (const year of todo) {
    if (yearProgress(await loadYearSnapshot(db, organisation.id, year)).complete) complete.push(year);
  }
  if (complete.length > 0) {
    await db.transaction(async (tx) => {
      await tx
        .update(organisationYears)
        .set({ enabled: true })
        .where(
          and(
            eq(organisationYears.organisationId, organisation.id),
            inArray(organisationYears.year, complete),
          ),
        );
      await tx.update(organisations).set({ initialized: true }).where(eq(organisations.id, organisation.id));
    });
  }
  return { years: complete, ms: Math.round(performance.now() - started) };
}

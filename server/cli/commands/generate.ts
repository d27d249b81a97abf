import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import cliProgress from "cli-progress";
import type { Command } from "../main.ts";
import { parseGenerateOptions, usage } from "./generate/options.ts";
import type { GenerateReporter } from "./generate/steps.ts";

/** A bar per step on a terminal; one line per step (and per problem) otherwise, e.g. in CI logs. */
function reporter(): GenerateReporter {
  const tty = process.stderr.isTTY === true;
  let bar: cliProgress.SingleBar | undefined;
  let label = "";
  let started = 0;
  let problems: string[] = [];
  return {
    phaseStart(name, units) {
      label = name;
      started = performance.now();
      problems = [];
      if (!tty) return;
      bar = new cliProgress.SingleBar(
        {
          format: `${name.padEnd(20)} {bar} {percentage}% | {detail} | {duration_formatted}`,
          stream: process.stderr,
          fps: 4,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(units, 0, { detail: "" });
    },
    progress(units, detail) {
      bar?.increment(units, { detail });
    },
    phaseEnd() {
      bar?.stop();
      bar = undefined;
      for (const problem of problems) console.error(problem);
      if (!tty) console.error(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    },
    problem(message) {
      // Printed under the bar once the step ends, so the bar is not torn.
      if (tty) problems.push(message);
      else console.error(message);
    },
  };
}

/**
 * Runs the back-office schemes on a fixture folder (data-contract.md section 8): validations,
 * service capabilities, macro capabilities, market profile and scoring, per organisation and
 * year, respecting the year's gates, and writes one JSON file per organisation, year and step:
 * OUT/<slug>/<year>/<step>.json, plus OUT/summary.json (every run, its status and time).
 */
export const command: Command = {
  summary: "run the validations, generators and scoring on a fixture folder; one JSON file per step",
  usage,
  async run(args) {
    const parsed = parseGenerateOptions(args);
    if (!parsed.ok) {
      console.error(`${parsed.message}\nUsage: ${usage}`);
      return 2;
    }
    const options = parsed.options;
    const { readQuestionnaireFile } = await import("./generate/questionnaireFile.ts");
    const { fixtureOrganisations, openSchemeFixture } = await import("./generate/fixtureSession.ts");
    const { runGenerate } = await import("./generate/steps.ts");
    // The answers are checked before the (possibly long) ingestion starts.
    const answers = options.questionnaire ? readQuestionnaireFile(options.questionnaire) : undefined;
    const slugs = options.all ? fixtureOrganisations(options.fixture) : [options.org!];
    const outDir = resolve(options.out);
    mkdirSync(outDir, { recursive: true });

    const wall = performance.now();
    const session = await openSchemeFixture(options.fixture, slugs, (phase) => console.error(`${phase}...`));
    const loadMs = Math.round(performance.now() - wall);
    try {
      const orgYears = slugs.flatMap((slug) =>
        options.years.map((year) => ({ slug, organisationId: session.organisations.get(slug)!, year })),
      );
      const summary = await runGenerate({
        context: session.context,
        orgYears,
        steps: options.steps,
        outDir,
        answers,
        validateAnyway: options["validate-anyway"],
        reporter: reporter(),
      });
      const report = {
        fixture: resolve(options.fixture),
        organisations: slugs,
        years: options.years,
        steps: options.steps,
        load_ms: loadMs,
        wall_ms: Math.round(performance.now() - wall),
        ...summary,
      };
      writeFileSync(join(outDir, "summary.json"), `${JSON.stringify(report, null, 2)}\n`);
      const done = summary.runs.filter((run) => run.status === "done").length;
      console.log(
        `${done} of ${summary.runs.length} scheme runs done for ${orgYears.length} organisation-years in ${(report.wall_ms / 1000).toFixed(1)} s (loading ${(loadMs / 1000).toFixed(1)} s); results in ${outDir}`,
      );
      return summary.ok ? 0 : 1;
    } finally {
      await session.close();
    }
  },
};

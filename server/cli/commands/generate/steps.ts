/**
 * The steps of `vitality generate`, run the way staff run them in the year detail: each scheme only
 * when its gate (server/organisations/yearActions.ts) allows it, through the runtime's no-job entry
 * (runSchemeNow), which stores every result as the job would. Steps run in order for every
 * organisation-year before the next step starts; a refused or failed scheme stops that
 * organisation-year (later steps would be refused anyway) and is reported.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../../context.ts";
import { questionnaires, validations } from "../../../db/schema/index.ts";
import type { Gate, YearActions } from "../../../organisations/yearActions.ts";
import { loadYearActions } from "../../../organisations/yearState.ts";
import type { SchemeId, ValidationType } from "../../../schemes/catalogue.ts";
import { runSchemeNow } from "../../../schemes/runScheme.ts";
import { validateAnyway } from "../../../schemes/store.ts";
import type { Step } from "./options.ts";
import type { AnswersBySlug } from "./questionnaireFile.ts";

export interface OrgYear {
  slug: string;
  organisationId: string;
  year: number;
}

interface Phase {
  step: Step;
  label: string;
  schemes: SchemeId[];
}

/**
 * Global validation needs the service capabilities (admin-area.md section 4), so the validations
 * step is split: facility and provider first, global right after sc.
 */
export function phasesOf(steps: readonly Step[]): Phase[] {
  const phases: Phase[] = [];
  const wants = (step: Step) => steps.includes(step);
  if (wants("validations"))
    phases.push({
      step: "validations",
      label: "validations",
      schemes: ["validation_facility", "validation_provider"],
    });
  if (wants("sc")) phases.push({ step: "sc", label: "sc", schemes: ["service_capabilities"] });
  if (wants("validations"))
    phases.push({ step: "validations", label: "validations (global)", schemes: ["validation_global"] });
  if (wants("mc")) phases.push({ step: "mc", label: "mc", schemes: ["macro_capabilities"] });
  if (wants("mp")) phases.push({ step: "mp", label: "mp", schemes: ["market_profile"] });
  if (wants("scoring")) phases.push({ step: "scoring", label: "scoring", schemes: ["scoring"] });
  return phases;
}

const VALIDATION_TYPE: Partial<Record<SchemeId, ValidationType>> = {
  validation_facility: "facility",
  validation_provider: "provider",
  validation_global: "global",
};

function gateOf(gates: YearActions, schemeId: SchemeId): Gate {
  const type = VALIDATION_TYPE[schemeId];
  if (type) return gates[`${type}_validation`];
  return gates[schemeId as "service_capabilities" | "macro_capabilities" | "market_profile" | "scoring"];
}

/** What the command shows while it works (progress bars on a terminal, lines otherwise). */
export interface GenerateReporter {
  phaseStart(label: string, units: number): void;
  progress(units: number, detail: string): void;
  phaseEnd(): void;
  problem(message: string): void;
}

export interface SchemeRunRecord {
  organisation: string;
  year: number;
  step: Step;
  scheme: SchemeId;
  status: "done" | "refused" | "failed";
  ms: number;
  message?: string;
}

export interface GenerateSummary {
  runs: SchemeRunRecord[];
  /** Wall time of each step (the two validation phases added together), in ms. */
  step_ms: Partial<Record<Step, number>>;
  ok: boolean;
}

export interface GenerateRequest {
  context: AppContext;
  orgYears: OrgYear[];
  steps: readonly Step[];
  /** Where the result files go; undefined writes none (the demo seeding only wants the stored results). */
  outDir?: string;
  answers?: AnswersBySlug;
  validateAnyway: boolean;
  reporter: GenerateReporter;
}

/** Stores the file's answers as the year's valid questionnaire (what staff validation leaves). */
export async function storeQuestionnaire(
  context: AppContext,
  orgYear: OrgYear,
  data: Record<string, unknown>,
) {
  await context.database.db
    .insert(questionnaires)
    .values({ organisationId: orgYear.organisationId, year: orgYear.year, state: "valid", data })
    .onConflictDoUpdate({
      target: [questionnaires.organisationId, questionnaires.year],
      set: { state: "valid", data },
    });
}

function writeJson(outDir: string | undefined, orgYear: OrgYear, step: Step, content: unknown) {
  if (outDir === undefined) return;
  const dir = join(outDir, orgYear.slug, String(orgYear.year));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${step}.json`), `${JSON.stringify(content, null, 2)}\n`);
}

async function validationsFile(context: AppContext, orgYear: OrgYear, anyway: Set<string>) {
  const rows = await context.database.db
    .select()
    .from(validations)
    .where(and(eq(validations.organisationId, orgYear.organisationId), eq(validations.year, orgYear.year)));
  const entry = (type: ValidationType) => {
    const row = rows.find((candidate) => candidate.type === type);
    if (!row) return null;
    return { done: row.done, valid: row.valid, validated_anyway: anyway.has(type), result: row.result };
  };
  return {
    organisation: orgYear.slug,
    year: orgYear.year,
    step: "validations",
    facility: entry("facility"),
    provider: entry("provider"),
    global: entry("global"),
  };
}

export async function runGenerate(request: GenerateRequest): Promise<GenerateSummary> {
  const { context, reporter } = request;
  const { db } = context.database;
  const runs: SchemeRunRecord[] = [];
  const stepMs: Partial<Record<Step, number>> = {};
  const blocked = new Set<OrgYear>();
  const anyway = new Map<OrgYear, Set<string>>(request.orgYears.map((orgYear) => [orgYear, new Set()]));

  // The answers are in place before the first step, so MC reads them too (README of the scheme).
  for (const orgYear of request.orgYears) {
    const answers = request.answers?.(orgYear.slug);
    if (answers) await storeQuestionnaire(context, orgYear, answers);
  }

  for (const phase of phasesOf(request.steps)) {
    const started = performance.now();
    reporter.phaseStart(phase.label, request.orgYears.length * phase.schemes.length * 100);
    for (const orgYear of request.orgYears) {
      const where = `${orgYear.slug} ${orgYear.year}`;
      for (const schemeId of phase.schemes) {
        if (blocked.has(orgYear)) {
          reporter.progress(100, where);
          continue;
        }
        const record = { organisation: orgYear.slug, year: orgYear.year, step: phase.step, scheme: schemeId };
        const gate = gateOf(await loadYearActions(context, orgYear.organisationId, orgYear.year), schemeId);
        if (!gate.allowed) {
          blocked.add(orgYear);
          runs.push({ ...record, status: "refused", ms: 0, message: gate.message });
          reporter.problem(`${where} ${phase.label}: ${schemeId} refused: ${gate.message}`);
          reporter.progress(100, where);
          continue;
        }
        let reported = 0;
        try {
          const outcome = await runSchemeNow({
            context,
            organisationId: orgYear.organisationId,
            year: orgYear.year,
            schemeId,
            progress: async (percent) => {
              reporter.progress(Math.max(0, percent - reported), `${where} ${schemeId}`);
              reported = Math.max(reported, percent);
            },
          });
          runs.push({ ...record, status: "done", ms: Math.round(outcome.durationMs) });
          const type = VALIDATION_TYPE[schemeId];
          if (type && outcome.result.valid !== true && request.validateAnyway) {
            // Staff's 'Validate anyway' (admin-area.md section 4): accepted despite its notes.
            await validateAnyway(db, orgYear.organisationId, orgYear.year, type);
            anyway.get(orgYear)!.add(type);
          }
          if (!type)
            writeJson(request.outDir, orgYear, phase.step, {
              organisation: orgYear.slug,
              year: orgYear.year,
              step: phase.step,
              scheme: schemeId,
              version: outcome.scheme.version,
              duration_ms: Math.round(outcome.durationMs),
              result: outcome.result,
            });
        } catch (error) {
          blocked.add(orgYear);
          const message = error instanceof Error ? error.message : String(error);
          runs.push({ ...record, status: "failed", ms: 0, message });
          reporter.problem(`${where} ${phase.label}: ${schemeId} failed: ${message}`);
        }
        reporter.progress(Math.max(0, 100 - reported), where);
      }
      if (phase.step === "validations")
        writeJson(
          request.outDir,
          orgYear,
          "validations",
          await validationsFile(context, orgYear, anyway.get(orgYear)!),
        );
    }
    reporter.phaseEnd();
    stepMs[phase.step] = (stepMs[phase.step] ?? 0) + Math.round(performance.now() - started);
  }
  return { runs, step_ms: stepMs, ok: runs.every((run) => run.status === "done") };
}

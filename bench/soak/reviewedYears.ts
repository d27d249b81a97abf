/**
 * The soak's organisations' latest years reviewed as staff review a year (issue 33): the tenant
 * fixture has no questionnaire, so a refresh after a new extract stopped for staff every time and
 * the soak never reached "enable". Each year that is not complete goes through what staff do in the
 * year detail, by the product's own entries (those of `vitality generate` and the demo's seeding,
 * server/bootstrap/demoAnalyses.ts): the demo's questionnaire answers stored valid, then each step
 * the year still misses, in the rule's order and only when its gate allows it (runSchemeNow, as the
 * year's buttons run it), a validation with notes validated anyway. A refresh after new data then
 * reruns what the data outdates and ends ready for staff's one click. Complete years are left alone.
 */
import { join, resolve } from "node:path";
import { readQuestionnaireFile } from "../../server/cli/commands/generate/questionnaireFile.ts";
import { storeQuestionnaire } from "../../server/cli/commands/generate/steps.ts";
import type { AppContext } from "../../server/context.ts";
import { REFRESH_STEPS } from "../../server/organisations/refreshShapes.ts";
import { yearProgress } from "../../server/organisations/yearProgress.ts";
import { loadYearActions, loadYearSnapshot } from "../../server/organisations/yearState.ts";
import type { SchemeId, ValidationType } from "../../server/schemes/catalogue.ts";
import { runSchemeNow } from "../../server/schemes/runScheme.ts";
import { validateAnyway } from "../../server/schemes/store.ts";
import type { TenantOrganisation } from "../tenants/setup.ts";

/** The demo's answers (the generated tenant fixture has none), as the query bench uses them. */
const DEMO_ANSWERS = join(
  resolve(import.meta.dir, "..", ".."),
  "fixtures",
  "small",
  "questionnaire.demo.json",
);

const SCHEME_OF: Record<(typeof REFRESH_STEPS)[number], { scheme: SchemeId; validation?: ValidationType }> = {
  facility_validation: { scheme: "validation_facility", validation: "facility" },
  provider_validation: { scheme: "validation_provider", validation: "provider" },
  service_capabilities: { scheme: "service_capabilities" },
  global_validation: { scheme: "validation_global", validation: "global" },
  macro_capabilities: { scheme: "macro_capabilities" },
  market_profile: { scheme: "market_profile" },
  scoring: { scheme: "scoring" },
};

/** Reviews each organisation's `yearOf(slug)` year unless complete; answers how many it reviewed. */
export async function reviewYears(
  context: AppContext,
  orgs: TenantOrganisation[],
  yearOf: (slug: string) => number,
) {
  const started = performance.now();
  const { db } = context.database;
  const answers = readQuestionnaireFile(DEMO_ANSWERS);
  let reviewed = 0;
  for (const org of orgs) {
    const orgYear = { slug: org.slug, organisationId: org.id, year: yearOf(org.slug) };
    const progress = async () => yearProgress(await loadYearSnapshot(db, org.id, orgYear.year));
    if ((await progress()).complete) continue;
    if ((await progress()).items.questionnaire < 1)
      await storeQuestionnaire(context, orgYear, answers(org.slug)!);
    for (const step of REFRESH_STEPS) {
      if ((await progress()).items[step] >= 1) continue;
      const gate = (await loadYearActions(context, org.id, orgYear.year))[step];
      if (!gate.allowed) throw new Error(`${org.slug} ${orgYear.year} ${step}: ${gate.message}`);
      const { scheme, validation } = SCHEME_OF[step];
      const outcome = await runSchemeNow({
        context,
        organisationId: org.id,
        year: orgYear.year,
        schemeId: scheme,
      });
      // Staff's 'Validate anyway' (admin-area.md section 4): the synthetic data has notes.
      if (validation && outcome.result.valid !== true)
        await validateAnyway(db, org.id, orgYear.year, validation);
    }
    const after = await progress();
    if (!after.complete)
      throw new Error(`${org.slug} ${orgYear.year} not complete: missing ${after.missing.join(", ")}`);
    reviewed++;
  }
  return { reviewed, seconds: (performance.now() - started) / 1000 };
}

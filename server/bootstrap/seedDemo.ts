import type { AppContext } from "../context.ts";
import { prepareEveryOrganisation } from "../engine/derived/prepareFiles.ts";
import { enableDemoYears } from "./demoAnalyses.ts";
import { DEMO_FIXTURE, seedDemoOrganisation } from "./demoOrganisation.ts";
import { seedMidSetupOrganisation } from "./midSetupOrganisation.ts";

/**
 * What `npm start` seeds (SEED_DEMO=1): the demo organisation with its data and its last two years
 * enabled (analyses and score at the first sign-in), and the second fixture organisation mid-setup.
 * With `analyses: false` (SEED_DEMO_ANALYSES=0) the demo's years are left to staff. Each part is idempotent, so a restart costs little; the time of each is logged.
 */
export async function seedDemo(
  context: AppContext,
  fixtureDir = DEMO_FIXTURE,
  options: { analyses?: boolean } = {},
) {
  const started = performance.now();
  const demo = await seedDemoOrganisation(context, fixtureDir);
  const loaded = performance.now();
  // SEED_DEMO_ANALYSES=0 leaves every demo year for staff to review (the back-office E2E suites).
  const enabled =
    (options.analyses ?? true) ? await enableDemoYears(context, demo, fixtureDir) : { years: [], ms: 0 };
  if (enabled.years.length > 0) {
    context.logger.info(
      `Demo years ${enabled.years.join(", ")} validated, generated, scored and enabled in ${enabled.ms} ms`,
    );
  }
  await seedMidSetupOrganisation(context, fixtureDir);
  // Loaded before the job worker starts: the demo's analysis files are written here, so its first
  // analyses do not pay for them (a restart finds them and writes nothing).
  const [prepared] = await prepareEveryOrganisation(context, [demo.id]);
  const timings = {
    load_ms: Math.round(loaded - started),
    analyses_ms: enabled.ms,
    files_ms: prepared?.ms ?? 0,
    total_ms: Math.round(performance.now() - started),
  };
  context.logger.info(
    `Demo seeding took ${timings.total_ms} ms (organisation and data ${timings.load_ms} ms, enabling years ${timings.analyses_ms} ms, analysis files ${timings.files_ms} ms)`,
  );
  return { demo, enabledYears: enabled.years, analysisFiles: prepared, timings };
}

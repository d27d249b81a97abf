import { eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { appSettings, organisations } from "../db/schema/index.ts";
import { settingOnce } from "../db/settingOnce.ts";
import { prepareEveryOrganisation } from "../engine/derived/prepareFiles.ts";
import { enableDemoYears } from "./demoAnalyses.ts";
import { DEMO_FIXTURE, DEMO_SLUG, seedDemoOrganisation } from "./demoOrganisation.ts";
import { seedMidSetupOrganisation } from "./midSetupOrganisation.ts";

const SEEDING = "demo_seeding_started";
const SEEDED = "demo_seeded";

/**
 * Whether a seed finished at an earlier start. A demo organisation with no mark at all was seeded
 * by code from before the marks: taken as seeded (recorded now), since its staff may have deleted
 * parts of it since; an older seed killed midway is not resumed.
 */
async function seededBefore(db: Db) {
  const rows = await db
    .select({ name: appSettings.name })
    .from(appSettings)
    .where(inArray(appSettings.name, [SEEDING, SEEDED]));
  const marks = new Set(rows.map((row) => row.name));
  if (marks.has(SEEDED)) return true;
  if (marks.has(SEEDING)) return false; // a seed interrupted at an earlier start: it resumes
  const [demo] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, DEMO_SLUG));
  if (!demo) return false;
  await settingOnce(db, SEEDED, () => new Date().toISOString());
  return true;
}

/**
 * What `npm start` seeds (SEED_DEMO=1): the demo organisation with its data and its last two years
 * enabled (analyses and score at the first sign-in), and the second fixture organisation mid-setup.
 * With `analyses: false` (SEED_DEMO_ANALYSES=0) the demo's years are left to staff. Each part is idempotent, so a start interrupted mid-seed resumes; the time of each is logged.
 * Once finished, the seed is recorded (app_settings) and never runs again: what staff then delete
 * (a demo year, the organisation) is not re-created at the next start.
 */
export async function seedDemo(
  context: AppContext,
  fixtureDir = DEMO_FIXTURE,
  options: { analyses?: boolean } = {},
) {
  const started = performance.now();
  if (await seededBefore(context.database.db)) {
    context.logger.info("Demo seeded at an earlier start: nothing is seeded again");
    return { demo: undefined, enabledYears: [], analysisFiles: undefined, timings: undefined };
  }
  // Marked before anything is made: a demo organisation without this mark was seeded by older code.
  await settingOnce(context.database.db, SEEDING, () => new Date().toISOString());
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
  await settingOnce(context.database.db, SEEDED, () => new Date().toISOString());
  context.logger.info(
    `Demo seeding took ${timings.total_ms} ms (organisation and data ${timings.load_ms} ms, enabling years ${timings.analyses_ms} ms, analysis files ${timings.files_ms} ms)`,
  );
  return { demo, enabledYears: enabled.years, analysisFiles: prepared, timings };
}

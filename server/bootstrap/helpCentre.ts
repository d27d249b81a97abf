import { sql } from "drizzle-orm";
import { defaultFaqs } from "../content/defaultFaqs.ts";
import type { AppContext } from "../context.ts";
import { appSettings, faqs } from "../db/schema/index.ts";

const SEEDED = "helpcenter_seeded";

/**
 * Publishes the Help Center's default questions (server/content/defaultFaqs.ts) once per
 * installation, into the FAQ table staff publish with, so that a new installation does not say "No
 * question has been published yet." The mark (app_settings) is taken in the same transaction: a
 * later start adds nothing, so a question staff deleted or edited is never re-added or overwritten.
 * An installation whose FAQ table ever held a question (its id sequence was used: staff published,
 * maybe deleted everything) gets the mark and no question. Answers how many were added.
 */
export async function seedHelpCentre(context: AppContext): Promise<number> {
  return context.database.db.transaction(async (tx) => {
    const marked = await tx
      .insert(appSettings)
      .values({ name: SEEDED, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ name: appSettings.name });
    if (marked.length === 0) return 0;
    // The serial's sequence says whether any question was ever inserted, even if all were deleted.
    const [sequence] = await tx.select({ used: sql<boolean>`is_called` }).from(sql`faqs_id_seq`);
    if (sequence?.used) return 0;
    await tx
      .insert(faqs)
      .values(
        defaultFaqs.map((faq, index) => ({ ...faq, active: true, promote: false, position: index + 1 })),
      );
    context.logger.info(`Help Center: ${defaultFaqs.length} default questions published`);
    return defaultFaqs.length;
  });
}

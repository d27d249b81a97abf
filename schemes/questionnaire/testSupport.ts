import type { Db } from "../../server/db/client.ts";
import { organisationYears, schemeResults, validations } from "../../server/db/schema/index.ts";
import { currentInputs } from "../../server/organisations/yearInputs.ts";

/**
 * Test support: gives an organisation a year whose six core items are complete (validations valid,
 * schemes done), as the year-detail screen would show before 'Allow user'. `except` leaves some out.
 */
export async function completeCoreItems(
  db: Db,
  organisationId: string,
  year: number,
  except: { validations?: ("facility" | "provider" | "global")[]; schemes?: ("SC" | "MC" | "MP")[] } = {},
) {
  await db.insert(organisationYears).values({ organisationId, year }).onConflictDoNothing();
  // Stamped with the year's input versions of now, as a run would be: current until one changes.
  const inputs = await currentInputs(db, organisationId, year);
  const validationTypes = (["facility", "provider", "global"] as const).filter(
    (type) => !except.validations?.includes(type),
  );
  const schemeKinds = (["SC", "MC", "MP"] as const).filter((kind) => !except.schemes?.includes(kind));
  if (validationTypes.length > 0) {
    await db
      .insert(validations)
      .values(
        validationTypes.map((type) => ({ organisationId, year, type, valid: true, done: true, inputs })),
      );
  }
  if (schemeKinds.length > 0) {
    await db
      .insert(schemeResults)
      .values(schemeKinds.map((kind) => ({ organisationId, year, kind, status: "done" as const, inputs })));
  }
}

/**
 * Test support for the back-office year calls: a year in a chosen state, built from the rows the
 * screens read (no scheme is run), and signed-in clients each from their own address.
 */
import type { QuestionnaireState } from "../../../schemes/questionnaire/states.ts";
import { completeCoreItems } from "../../../schemes/questionnaire/testSupport.ts";
import { signInCustomer } from "../../../tests/helpers/factories.ts";
import type { TestApp } from "../../../tests/helpers/testApp.ts";
import { organisationYears, questionnaires, schemeResults } from "../../db/schema/index.ts";
import { notifyDataChanged } from "../../engine/dataChanges.ts";
import { marketFiles } from "../../engine/organisationInputs.ts";
import { marketCase } from "../../engine/testing/golden.ts";
import { writeWarehouse } from "../../engine/testing/queriesApp.ts";
import { currentInputs } from "../../organisations/yearInputs.ts";

export interface YearSetup {
  /** Default 'uploaded' (accepted practice data). */
  fileState?: (typeof organisationYears.$inferInsert)["fileState"];
  questionnaire?: QuestionnaireState | null;
  scoring?: boolean;
  /** Leave core items out, as completeCoreItems takes them. */
  except?: Parameters<typeof completeCoreItems>[3];
  /** Default true: the year's market data exists (one IP case), as a year's review needs. */
  market?: boolean;
}

/**
 * A year whose six core items are complete; with the defaults also a valid questionnaire, a
 * scoring and the year's market data: 8 units, 100%, and a year that may be enabled.
 */
export async function yearAt(t: TestApp, organisationId: string, year: number, setup: YearSetup = {}) {
  const { db } = t.context.database;
  if ((setup.market ?? true) && marketFiles(t.dataDir, year).length === 0) {
    await writeWarehouse(t.dataDir, { year, market: [marketCase({ year })] });
  }
  // The data first: the core items are stamped with the input versions they find.
  await db
    .insert(organisationYears)
    .values({ organisationId, year, fileState: setup.fileState ?? "uploaded", dataVersion: 1, rows: 10 })
    .onConflictDoUpdate({
      target: [organisationYears.organisationId, organisationYears.year],
      set: { fileState: setup.fileState ?? "uploaded", dataVersion: 1, rows: 10 },
    });
  await completeCoreItems(db, organisationId, year, setup.except);
  await notifyDataChanged(t.context, organisationId);
  const questionnaire = setup.questionnaire === undefined ? "valid" : setup.questionnaire;
  if (questionnaire) await db.insert(questionnaires).values({ organisationId, year, state: questionnaire });
  if (setup.scoring ?? true) {
    await db.insert(schemeResults).values({
      organisationId,
      year,
      kind: "SCORING",
      status: "done",
      result: { total: 12.5 },
      inputs: await currentInputs(db, organisationId, year),
    });
  }
}

let addresses = 0;

/** Each customer signs in from its own address, so the per-address sign-in limit stays out of the way. */
export async function signInFromOwnAddress(t: TestApp, email: string) {
  addresses++;
  const browser = await t
    .client({ ip: `10.88.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` })
    .prime();
  return signInCustomer(t, email, browser);
}

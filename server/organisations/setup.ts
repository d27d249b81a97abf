import { eq } from "drizzle-orm";
import type { QuestionnaireState } from "../../schemes/questionnaire/states.ts";
import type { Db } from "../db/client.ts";
import { organisationYears, questionnaires } from "../db/schema/index.ts";
import { missingCoreItems } from "./yearActions.ts";
import { loadYearRows, snapshotsOf, yearKey } from "./yearState.ts";

/**
 * The Home setup checklist (customer-area.md sections 2 and 4: Facilities, Providers, Data upload,
 * AHI Review, Questionnaire, AHI Review), computed here from the organisation's own records so that
 * every step tells the truth at every moment, including staff's two review steps:
 *
 * - facilities / providers: at least one of each (the practice profile's red notices);
 * - data upload: at least one year with an accepted file;
 * - data review (staff): at least one year with an accepted file whose six core items are complete
 *   - the facility, provider and global validations valid (or accepted with 'Validate anyway'), and
 *   the service capabilities, macro capabilities and market profile generated, each current (no
 *   input changed since: server/organisations/yearInputs.ts). That is exactly when staff may open the
 *   questionnaire ('Allow user', admin-area.md section 4);
 * - questionnaire (customer): a questionnaire submitted, i.e. under_analysis or valid; before staff
 *   open it the step waits for Vitality, not for the customer;
 * - questionnaire review (staff): a questionnaire valid.
 */

export type SetupStepKey =
  | "facilities"
  | "providers"
  | "data-upload"
  | "data-review"
  | "questionnaire"
  | "questionnaire-review";

export interface SetupStep {
  key: SetupStepKey;
  label: string;
  description: string;
  done: boolean;
  /** Not done and Vitality's to take: what the customer is waiting for (null: the customer's own step). */
  waiting: string | null;
}

export interface SetupView {
  steps: SetupStep[];
  done: number;
  total: number;
  /** The first step not done yet (null once all are). */
  next: SetupStepKey | null;
  /** The next step's waiting words when it is Vitality's turn, not the customer's (else null). */
  waiting: string | null;
}

/** What the steps are decided from. */
export interface SetupFacts {
  facilities: number;
  providers: number;
  /** Years with an accepted data file. */
  uploadedYears: number[];
  /** Years (among those) whose six core items are complete and current. */
  reviewedYears: number[];
  questionnaireStates: QuestionnaireState[];
}

export function setupView(facts: SetupFacts): SetupView {
  const submitted = facts.questionnaireStates.some(
    (state) => state === "under_analysis" || state === "valid",
  );
  const reviewed = facts.reviewedYears.some((year) => facts.uploadedYears.includes(year));
  const accepted = facts.questionnaireStates.includes("valid");
  // Staff open the questionnaire ('Allow user'): until then there is nothing for the customer to answer.
  const opened = facts.questionnaireStates.length > 0;
  const waitingUnless = (done: boolean, words: string) => (done ? null : words);
  const steps: SetupStep[] = [
    {
      key: "facilities",
      label: "Facilities",
      description: "Add at least one facility",
      done: facts.facilities > 0,
      waiting: null,
    },
    {
      key: "providers",
      label: "Providers",
      description: "Add at least one provider",
      done: facts.providers > 0,
      waiting: null,
    },
    {
      key: "data-upload",
      label: "Data upload",
      description: "Upload your yearly data file",
      done: facts.uploadedYears.length > 0,
      waiting: null,
    },
    {
      key: "data-review",
      label: "AHI Review",
      description: "Our team checks your data and prepares your analyses",
      done: reviewed,
      waiting: waitingUnless(reviewed, "Waiting for Vitality to review your data"),
    },
    {
      key: "questionnaire",
      label: "Questionnaire",
      description: "Answer the yearly questionnaire",
      done: submitted,
      waiting: waitingUnless(submitted || opened, "Waiting for Vitality to open the questionnaire"),
    },
    {
      key: "questionnaire-review",
      label: "AHI Review",
      description: "Our team reviews your answers",
      done: accepted,
      waiting: waitingUnless(accepted, "Waiting for Vitality to review your answers"),
    },
  ];
  const done = steps.filter((step) => step.done).length;
  const next = steps.find((step) => !step.done);
  return { steps, done, total: steps.length, next: next?.key ?? null, waiting: next?.waiting ?? null };
}

/** Reads the facts (the caller already holds the facility and provider counts) and decides the steps. */
export async function organisationSetup(
  db: Db,
  organisationId: string,
  counts: { facilities: number; providers: number },
): Promise<SetupView> {
  const [yearRows, stateRows, questionnaireRows] = await Promise.all([
    db
      .select({ year: organisationYears.year, fileState: organisationYears.fileState })
      .from(organisationYears)
      .where(eq(organisationYears.organisationId, organisationId)),
    loadYearRows(db, { organisationIds: [organisationId] }),
    db
      .select({ state: questionnaires.state })
      .from(questionnaires)
      .where(eq(questionnaires.organisationId, organisationId)),
  ]);
  const snapshots = snapshotsOf(stateRows);
  // Reviewed: the six core items done and current (an input changed since: not any more).
  const reviewedYears = yearRows
    .filter((row) => {
      const snapshot = snapshots.get(yearKey(organisationId, row.year));
      return snapshot !== undefined && missingCoreItems(snapshot).length === 0;
    })
    .map((row) => row.year);
  return setupView({
    ...counts,
    uploadedYears: yearRows.filter((row) => row.fileState === "uploaded").map((row) => row.year),
    reviewedYears,
    questionnaireStates: questionnaireRows.map((row) => row.state),
  });
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { completeCoreItems } from "../../schemes/questionnaire/testSupport.ts";
import { backends } from "../../tests/helpers/backends.ts";
import { createOrganisation } from "../../tests/helpers/factories.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { organisationYears, questionnaires } from "../db/schema/index.ts";
import { organisationSetup, type SetupFacts, setupView } from "./setup.ts";
import { bumpProfileRevision } from "./yearInputs.ts";

const blank: SetupFacts = {
  facilities: 0,
  providers: 0,
  uploadedYears: [],
  reviewedYears: [],
  questionnaireStates: [],
};
const doneKeys = (facts: SetupFacts) =>
  setupView(facts)
    .steps.filter((step) => step.done)
    .map((step) => step.key);

describe("setup checklist (pure)", () => {
  test("a blank organisation: 0 of 6, facilities next, in the spec's order", () => {
    const view = setupView(blank);
    expect(view.steps.map((step) => step.label)).toEqual([
      "Facilities",
      "Providers",
      "Data upload",
      "AHI Review",
      "Questionnaire",
      "AHI Review",
    ]);
    expect(view).toMatchObject({ done: 0, total: 6, next: "facilities" });
  });

  test("each step follows its own fact, in whatever order they come", () => {
    expect(doneKeys({ ...blank, providers: 2 })).toEqual(["providers"]);
    expect(doneKeys({ ...blank, facilities: 1, providers: 1, uploadedYears: [2024] })).toEqual([
      "facilities",
      "providers",
      "data-upload",
    ]);
  });

  test("the data review is done only for a reviewed year that has accepted data", () => {
    expect(doneKeys({ ...blank, reviewedYears: [2024] })).toEqual([]);
    expect(doneKeys({ ...blank, uploadedYears: [2024], reviewedYears: [2024] })).toEqual([
      "data-upload",
      "data-review",
    ]);
  });

  test("questionnaire: waiting is not done, submitted is; its review needs valid", () => {
    expect(doneKeys({ ...blank, questionnaireStates: ["waiting"] })).toEqual([]);
    expect(doneKeys({ ...blank, questionnaireStates: ["under_analysis"] })).toEqual(["questionnaire"]);
    expect(doneKeys({ ...blank, questionnaireStates: ["valid"] })).toEqual([
      "questionnaire",
      "questionnaire-review",
    ]);
  });

  test("a step that is Vitality's to take says what the customer waits for, never 'next' for the customer", () => {
    const reviewed = { ...blank, facilities: 1, providers: 1, uploadedYears: [2024], reviewedYears: [2024] };
    // Data reviewed, questionnaire not opened yet: the customer cannot answer it.
    const notOpened = setupView(reviewed);
    expect(notOpened.next).toBe("questionnaire");
    expect(notOpened.waiting).toBe("Waiting for Vitality to open the questionnaire");
    expect(notOpened.steps.find((step) => step.key === "questionnaire")?.waiting).toBe(
      "Waiting for Vitality to open the questionnaire",
    );
    // Opened (waiting for the customer's answers): the customer's turn.
    const opened = setupView({ ...reviewed, questionnaireStates: ["waiting"] });
    expect(opened).toMatchObject({ next: "questionnaire", waiting: null });
    // Uploaded, not yet reviewed; submitted, not yet reviewed: Vitality's turn too.
    expect(setupView({ ...reviewed, reviewedYears: [] }).waiting).toBe(
      "Waiting for Vitality to review your data",
    );
    expect(setupView({ ...reviewed, questionnaireStates: ["under_analysis"] }).waiting).toBe(
      "Waiting for Vitality to review your answers",
    );
    // The customer's own steps wait for nobody.
    expect(setupView(blank).waiting).toBeNull();
  });

  test("all done: 6 of 6, nothing next", () => {
    const view = setupView({
      facilities: 2,
      providers: 3,
      uploadedYears: [2024],
      reviewedYears: [2024],
      questionnaireStates: ["valid"],
    });
    expect(view).toMatchObject({ done: 6, total: 6, next: null });
  });
});

for (const backend of backends) {
  describe(`setup checklist from the database (${backend})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    }, 60_000);
    afterAll(() => t.close());

    const keysOf = async (organisationId: string) =>
      (await organisationSetup(t.context.database.db, organisationId, { facilities: 1, providers: 1 })).steps
        .filter((step) => step.done)
        .map((step) => step.key);

    test("staff's data review counts once the six core items are complete and current", async () => {
      const { db } = t.context.database;
      const org = await createOrganisation(t, { agreementAccepted: true });
      await db
        .insert(organisationYears)
        .values({ organisationId: org.id, year: 2024, fileState: "uploaded" });
      expect(await keysOf(org.id)).toEqual(["facilities", "providers", "data-upload"]);

      await completeCoreItems(db, org.id, 2024, { schemes: ["MP"] });
      expect(await keysOf(org.id)).not.toContain("data-review");

      await completeCoreItems(db, org.id, 2024, {
        validations: ["facility", "provider", "global"],
        schemes: ["SC", "MC"],
      });
      expect(await keysOf(org.id)).toContain("data-review");

      // A profile change makes the results out of date: the review is not done any more.
      await bumpProfileRevision(db, org.id);
      expect(await keysOf(org.id)).not.toContain("data-review");
    });

    test("the questionnaire steps follow its state", async () => {
      const { db } = t.context.database;
      const org = await createOrganisation(t, { agreementAccepted: true });
      await db
        .insert(questionnaires)
        .values({ organisationId: org.id, year: 2024, state: "waiting", data: {} });
      expect(await keysOf(org.id)).toEqual(["facilities", "providers"]);
      await db
        .update(questionnaires)
        .set({ state: "under_analysis" })
        .where(eq(questionnaires.organisationId, org.id));
      expect(await keysOf(org.id)).toEqual(["facilities", "providers", "questionnaire"]);
      await db
        .update(questionnaires)
        .set({ state: "valid" })
        .where(eq(questionnaires.organisationId, org.id));
      expect(await keysOf(org.id)).toEqual([
        "facilities",
        "providers",
        "questionnaire",
        "questionnaire-review",
      ]);
    });
  });
}

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exampleAnswers } from "../../../schemes/questionnaire/example.ts";
import { questionnaireProgress } from "../../../schemes/questionnaire/progress.ts";
import type { QuestionnaireState } from "../../../schemes/questionnaire/states.ts";
import { findQuestionnaire } from "../../../schemes/questionnaire/store.ts";
import { completeCoreItems } from "../../../schemes/questionnaire/testSupport.ts";
import { backends } from "../../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { questionnaires } from "../../db/schema/index.ts";

const PATH = "/api/management/schemes/questionnaire/";
const YEAR = 2024;

/** The always-required answers: enough for a valid submission. */
const minimalAnswers = {
  local_athletic_organizations: "NA",
  incentive_based_compensation: "No",
  communication_with_pcps: "Yes",
  educational_care_coordination_discussions: "No",
  facility_services: ["X-Ray"],
  site_of_care_selection: "No",
  blue_distinction_center: "No",
};

for (const backend of backends) {
  describe(`questionnaire calls (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let agent: HttpClient;

    /** Each customer signs in from its own address, so the sign-in rate limit stays out of the way. */
    let addresses = 0;
    const signIn = async (email: string) => {
      addresses++;
      const browser = await t
        .client({ ip: `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}` })
        .prime();
      return signInCustomer(t, email, browser);
    };

    /** An organisation with its admin and assistant signed in, and YEAR's core items complete. */
    async function practice() {
      const org = await createOrganisation(t, { initialized: false, agreementAccepted: true });
      await completeCoreItems(t.context.database.db, org.id, YEAR);
      const admin = await signIn((await createCustomer(t, org.id, { isStaff: true })).email);
      const assistant = await signIn((await createCustomer(t, org.id, { isStaff: false })).email);
      return { org, admin, assistant };
    }

    async function withQuestionnaire(state: QuestionnaireState, data: Record<string, unknown> = {}) {
      const world = await practice();
      await t.context.database.db
        .insert(questionnaires)
        .values({ organisationId: world.org.id, year: YEAR, state, data });
      return world;
    }

    const stored = (organisationId: string, year = YEAR) =>
      findQuestionnaire(t.context.database.db, organisationId, year);

    beforeAll(async () => {
      t = await startTestApp(backend);
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
    });
    afterAll(() => t.close());

    test("the whole life: allowed, submitted, updated, validated; progress 0, 0.5, 0.5, 1", async () => {
      const { org, admin } = await practice();
      const read = async () => (await admin.get(PATH)).json.questionnaire;
      expect(await read()).toBeNull();
      expect(questionnaireProgress((await stored(org.id))?.state)).toBe(0);

      const allowed = await siteAdmin.post(`${PATH}allow/`, { organization_id: org.id, year: YEAR });
      expect(allowed.status).toBe(200);
      expect(allowed.json.questionnaire).toEqual({ year: YEAR, state: "waiting", data: {} });
      expect(await read()).toEqual({ year: YEAR, state: "waiting", data: {} });
      expect(questionnaireProgress((await stored(org.id))?.state)).toBe(0.5);

      const submitted = await admin.post(PATH, { questionnaire: exampleAnswers, year: YEAR });
      expect(submitted.status).toBe(200);
      expect(submitted.json.questionnaire).toEqual({
        year: YEAR,
        state: "under_analysis",
        data: exampleAnswers,
      });
      expect(questionnaireProgress((await stored(org.id))?.state)).toBe(0.5);

      const corrected = { ...exampleAnswers, ed_call_rate: "1750" };
      const updated = await siteAdmin.patch(PATH, {
        questionnaire: corrected,
        year: YEAR,
        organization_uuid: org.id,
        kind: "update",
      });
      expect(updated.status).toBe(200);
      expect(updated.json.questionnaire).toEqual({ year: YEAR, state: "under_analysis", data: corrected });

      const validated = await siteAdmin.patch(PATH, {
        year: YEAR,
        organization_uuid: org.id,
        kind: "validate",
      });
      expect(validated.status).toBe(200);
      expect(validated.json.questionnaire).toEqual({ year: YEAR, state: "valid", data: corrected });
      expect(await read()).toEqual({ year: YEAR, state: "valid", data: corrected });
      expect(questionnaireProgress((await stored(org.id))?.state)).toBe(1);
    });

    describe("allow (staff open the questionnaire)", () => {
      test("a site admin may allow, once (an agent may not); a second allow is refused", async () => {
        const { org } = await practice();
        const body = { organization_id: org.id, year: String(YEAR) };
        expect((await agent.post(`${PATH}allow/`, body)).status).toBe(403);
        expect(await stored(org.id)).toBeUndefined();
        expect((await siteAdmin.post(`${PATH}allow/`, body)).status).toBe(200);
        const again = await siteAdmin.post(`${PATH}allow/`, body);
        expect(again.status).toBe(400);
        // In the year rule's words, as the year detail shows them beside the button.
        expect(again.json.detail).toBe("The questionnaire is already open");
      });

      test("refused until the year's six core items are complete, naming the missing ones", async () => {
        const org = await createOrganisation(t);
        await completeCoreItems(t.context.database.db, org.id, YEAR, {
          validations: ["global"],
          schemes: ["MP"],
        });
        const refused = await siteAdmin.post(`${PATH}allow/`, { organization_id: org.id, year: YEAR });
        expect(refused.status).toBe(400);
        expect(refused.json.detail).toBe(
          "The questionnaire can be allowed once the year's six core items are complete; missing: Global validation, Market profile.",
        );
        expect(await stored(org.id)).toBeUndefined();
      });

      test("refused for an unknown organisation or a year the organisation does not have", async () => {
        const { org } = await practice();
        const unknown = await siteAdmin.post(`${PATH}allow/`, {
          organization_id: crypto.randomUUID(),
          year: YEAR,
        });
        expect(unknown.status).toBe(404);
        const noYear = await siteAdmin.post(`${PATH}allow/`, { organization_id: org.id, year: 2019 });
        expect(noYear.status).toBe(404);
        expect(noYear.json.detail).toBe(`${org.name} has no year 2019.`);
        const badYear = await siteAdmin.post(`${PATH}allow/`, { organization_id: org.id, year: "24" });
        expect(badYear.status).toBe(400);
        expect(badYear.json.errors).toEqual([
          { field: "year", message: "must be exactly 4 digits (e.g. 2024)" },
        ]);
      });

      test("refused for customers (admin or assistant) and in dummy mode", async () => {
        const { org, admin, assistant } = await practice();
        const body = { organization_id: org.id, year: YEAR };
        expect((await admin.post(`${PATH}allow/`, body)).status).toBe(401);
        expect((await assistant.post(`${PATH}allow/`, body)).status).toBe(401);
        const dummy = await siteAdmin.post(`${PATH}allow/`, body, { "x-dummy-org": org.id });
        expect(dummy.status).toBe(403);
        expect(dummy.json.detail).toContain("Dummy mode is read-only");
        expect(await stored(org.id)).toBeUndefined();
      });
    });

    describe("submit (the customer's admin)", () => {
      test("refused before staff allowed it", async () => {
        const { org, admin } = await practice();
        const refused = await admin.post(PATH, { questionnaire: minimalAnswers, year: YEAR });
        expect(refused.status).toBe(403);
        expect(refused.json.detail).toBe(
          `The questionnaire for ${YEAR} is not open yet: the Vitality team opens it once the year's data has been reviewed.`,
        );
        expect(await stored(org.id)).toBeUndefined();
      });

      test("an assistant may read but not submit", async () => {
        const { org, assistant } = await withQuestionnaire("waiting");
        expect((await assistant.get(PATH)).json.questionnaire.state).toBe("waiting");
        const refused = await assistant.post(PATH, { questionnaire: minimalAnswers, year: YEAR });
        expect(refused.status).toBe(403);
        expect(refused.json.detail).toBe("Only the organisation's admin can do this.");
        expect((await stored(org.id))?.state).toBe("waiting");
      });

      test("staff cannot submit for the customer, in or out of dummy mode", async () => {
        const { org } = await withQuestionnaire("waiting");
        const body = { questionnaire: minimalAnswers, year: YEAR };
        // A staff session on a customer call: 403 staff_session (not an expiry).
        expect((await siteAdmin.post(PATH, body)).status).toBe(403);
        expect((await siteAdmin.post(PATH, body, { "x-dummy-org": org.id })).status).toBe(403);
        expect((await stored(org.id))?.state).toBe("waiting");
      });

      test("invalid answers are refused naming each field, and the questionnaire stays open", async () => {
        const { org, admin } = await withQuestionnaire("waiting");
        const refused = await admin.post(PATH, {
          questionnaire: {
            ...minimalAnswers,
            ownership_ambulatory_surgical_centers: "Yes",
            patient_navigators: "Yes",
          },
          year: YEAR,
        });
        expect(refused.status).toBe(400);
        expect(refused.json.errors).toEqual([
          { field: "questionnaire.ownership_stake", message: "Please fill out this field" },
          {
            field: "questionnaire.fte_navigators",
            message: "Please fill out this field or verify number format.",
          },
        ]);
        expect(refused.json.detail).toContain("questionnaire.ownership_stake: Please fill out this field");
        expect((await stored(org.id))?.state).toBe("waiting");
      });

      test("answers to hidden questions are dropped, not stored", async () => {
        const { org, admin } = await withQuestionnaire("waiting");
        const submitted = await admin.post(PATH, {
          questionnaire: {
            ...minimalAnswers,
            ownership_ambulatory_surgical_centers: "No",
            ownership_stake: "50-75%",
            asc_partner_description: ["Private equity investor"],
            negotiated_contracts_procedures: ["None of the above"],
            reserved_spots_for_services: "Yes",
          },
          year: YEAR,
        });
        expect(submitted.status).toBe(200);
        const data = (await stored(org.id))?.data;
        expect(data).toEqual({
          ...minimalAnswers,
          ownership_ambulatory_surgical_centers: "No",
          negotiated_contracts_procedures: ["None of the above"],
        });
      });

      test("a second submission is refused; so are concurrent ones beyond the first", async () => {
        const { org, admin } = await withQuestionnaire("waiting");
        const body = { questionnaire: minimalAnswers, year: YEAR };
        const statuses = (await Promise.all([admin.post(PATH, body), admin.post(PATH, body)])).map(
          (a) => a.status,
        );
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect(statuses.filter((status) => status === 400 || status === 409)).toHaveLength(1);
        const again = await admin.post(PATH, body);
        expect(again.status).toBe(400);
        expect(again.json.detail).toBe(
          `The questionnaire for ${YEAR} has already been submitted and is under analysis.`,
        );
        expect((await stored(org.id))?.state).toBe("under_analysis");
      });

      test("the organisation is the caller's own: naming another is refused as an unknown field", async () => {
        const { admin } = await practice();
        const other = await withQuestionnaire("waiting");
        const refused = await admin.post(PATH, {
          questionnaire: minimalAnswers,
          year: YEAR,
          organization_id: other.org.id,
        });
        expect(refused.status).toBe(400);
        expect(refused.json.errors).toEqual([
          { field: "organization_id", message: "is not a field of this form" },
        ]);
        expect((await stored(other.org.id))?.state).toBe("waiting");
      });
    });

    describe("review (staff update or validate)", () => {
      const review = (organisationId: string, kind: "update" | "validate", questionnaire?: object) => ({
        year: YEAR,
        organization_uuid: organisationId,
        kind,
        ...(questionnaire ? { questionnaire } : {}),
      });

      test("nothing to review before the customer submitted", async () => {
        const { org } = await withQuestionnaire("waiting");
        for (const kind of ["update", "validate"] as const) {
          const refused = await siteAdmin.patch(PATH, review(org.id, kind, minimalAnswers));
          expect(refused.status).toBe(400);
          expect(refused.json.detail).toBe(
            `The questionnaire for ${YEAR} has not been submitted by the customer yet.`,
          );
        }
        const missing = await siteAdmin.patch(PATH, { ...review(org.id, "validate"), year: 2020 });
        expect(missing.status).toBe(404);
        expect((await stored(org.id))?.state).toBe("waiting");
      });

      test("a site admin updates (an agent may not): answers validated and replaced, state kept", async () => {
        const { org } = await withQuestionnaire("under_analysis", minimalAnswers);
        const byAgent = await agent.patch(
          PATH,
          review(org.id, "update", { ...minimalAnswers, own_rehab: "Yes" }),
        );
        expect(byAgent.status).toBe(403);
        expect(byAgent.json.detail).toBe("Agents cannot do this.");
        expect((await stored(org.id))?.data).toEqual(minimalAnswers);
        const invalid = await siteAdmin.patch(
          PATH,
          review(org.id, "update", { ...minimalAnswers, blue_distinction_center: "" }),
        );
        expect(invalid.status).toBe(400);
        expect(invalid.json.errors).toEqual([
          { field: "questionnaire.blue_distinction_center", message: "Please fill out this field" },
        ]);
        const withoutAnswers = await siteAdmin.patch(PATH, review(org.id, "update"));
        expect(withoutAnswers.status).toBe(400);
        expect(withoutAnswers.json.errors).toEqual([
          { field: "questionnaire", message: "Please fill out this field" },
        ]);
        const updated = await siteAdmin.patch(
          PATH,
          review(org.id, "update", { ...minimalAnswers, own_rehab: "Yes" }),
        );
        expect(updated.status).toBe(200);
        expect(updated.json.questionnaire.state).toBe("under_analysis");
        expect((await stored(org.id))?.data).toEqual({ ...minimalAnswers, own_rehab: "Yes" });
      });

      test("a site admin validates; validating twice is refused; a valid questionnaire may still be corrected", async () => {
        const { org } = await withQuestionnaire("under_analysis", minimalAnswers);
        expect((await siteAdmin.patch(PATH, review(org.id, "validate"))).json.questionnaire.state).toBe(
          "valid",
        );
        const twice = await siteAdmin.patch(PATH, review(org.id, "validate"));
        expect(twice.status).toBe(400);
        expect(twice.json.detail).toBe(`The questionnaire for ${YEAR} has already been validated.`);
        const corrected = await siteAdmin.patch(
          PATH,
          review(org.id, "update", { ...minimalAnswers, dme_program: "No" }),
        );
        expect(corrected.json.questionnaire).toEqual({
          year: YEAR,
          state: "valid",
          data: { ...minimalAnswers, dme_program: "No" },
        });
      });

      test("validate with answers saves them too (edit and validate in one step)", async () => {
        const { org } = await withQuestionnaire("under_analysis", minimalAnswers);
        const answers = { ...minimalAnswers, key_person_insurance: "Yes" };
        expect((await agent.patch(PATH, review(org.id, "validate", answers))).status).toBe(403);
        const validated = await siteAdmin.patch(PATH, review(org.id, "validate", answers));
        expect(validated.json.questionnaire).toEqual({ year: YEAR, state: "valid", data: answers });
      });

      test("refused for customers and in dummy mode", async () => {
        const { org, admin, assistant } = await withQuestionnaire("under_analysis", minimalAnswers);
        expect((await admin.patch(PATH, review(org.id, "validate"))).status).toBe(401);
        expect((await assistant.patch(PATH, review(org.id, "validate"))).status).toBe(401);
        expect(
          (await siteAdmin.patch(PATH, review(org.id, "validate"), { "x-dummy-org": org.id })).status,
        ).toBe(403);
        expect((await stored(org.id))?.state).toBe("under_analysis");
      });

      test("an unknown kind is refused", async () => {
        const { org } = await withQuestionnaire("under_analysis", minimalAnswers);
        const refused = await siteAdmin.patch(PATH, { ...review(org.id, "validate"), kind: "approve" });
        expect(refused.status).toBe(400);
        expect(refused.json.errors).toEqual([{ field: "kind", message: "must be 'validate' or 'update'" }]);
      });
    });

    describe("reading", () => {
      test("GET answers the latest year that has a questionnaire, or null", async () => {
        const { org, admin } = await practice();
        expect((await admin.get(PATH)).json).toEqual({ status: 200, questionnaire: null });
        const { db } = t.context.database;
        await db.insert(questionnaires).values([
          { organisationId: org.id, year: 2022, state: "valid", data: minimalAnswers },
          { organisationId: org.id, year: 2023, state: "waiting" },
        ]);
        expect((await admin.get(PATH)).json.questionnaire).toEqual({
          year: 2023,
          state: "waiting",
          data: {},
        });
      });

      test("GET in dummy mode reads the impersonated organisation; staff outside dummy mode are not a customer", async () => {
        const { org } = await withQuestionnaire("under_analysis", minimalAnswers);
        const dummy = await agent.get(PATH, { "x-dummy-org": org.id });
        expect(dummy.json.questionnaire).toEqual({
          year: YEAR,
          state: "under_analysis",
          data: minimalAnswers,
        });
        expect((await siteAdmin.get(PATH)).status).toBe(403);
        expect((await t.client().get(PATH)).status).toBe(401);
      });

      test("detail: staff read any organisation (dummy mode too); a customer only its own", async () => {
        const { org, admin, assistant } = await withQuestionnaire("waiting");
        const other = await practice();
        const body = { organization_id: org.id, year: YEAR };
        const expected = { status: 200, questionnaire: { year: YEAR, state: "waiting", data: {} } };
        expect((await siteAdmin.post(`${PATH}detail/`, body)).json).toEqual(expected);
        expect((await agent.post(`${PATH}detail/`, body)).json).toEqual(expected);
        expect((await agent.post(`${PATH}detail/`, body, { "x-dummy-org": org.id })).json).toEqual(expected);
        expect((await admin.post(`${PATH}detail/`, body)).json).toEqual(expected);
        expect((await assistant.post(`${PATH}detail/`, body)).json).toEqual(expected);
        const intruder = await other.admin.post(`${PATH}detail/`, body);
        expect(intruder.status).toBe(403);
        expect(intruder.json.detail).toBe("You can only read your own organisation's questionnaire.");
        expect(
          (await siteAdmin.post(`${PATH}detail/`, { ...body, year: 2020 })).json.questionnaire,
        ).toBeNull();
        expect(
          (await siteAdmin.post(`${PATH}detail/`, { organization_id: crypto.randomUUID(), year: YEAR }))
            .status,
        ).toBe(404);
        expect(
          (
            await t
              .client()
              .prime()
              .then((c) => c.post(`${PATH}detail/`, body))
          ).status,
        ).toBe(401);
      });
    });

    describe("draft (kept as the customer answers, restored on reload, discarded on submit)", () => {
      const DRAFT = `${PATH}draft/`;

      test("the admin's draft is kept as typed, read back, and gone once submitted", async () => {
        const { org, admin } = await withQuestionnaire("waiting");
        expect((await admin.get(DRAFT)).json).toEqual({ status: 200, draft: null });

        const typed = { ...minimalAnswers, hip_fracture_surgery_wait_time: "abc", facility_services: [] };
        const saved = await admin.post(DRAFT, { questionnaire: typed, year: YEAR, step: 17 });
        expect(saved.status).toBe(200);
        expect(saved.json.draft).toMatchObject({ year: YEAR, answers: typed, step: 17 });
        const again = await admin.post(DRAFT, { questionnaire: minimalAnswers, year: YEAR, step: 3 });
        expect(again.status).toBe(200);
        const read = await admin.get(DRAFT);
        expect(read.json.draft).toMatchObject({ year: YEAR, answers: minimalAnswers, step: 3 });
        expect(Date.parse(read.json.draft.saved_at)).toBeGreaterThan(0);
        // The submitted answers are the questionnaire's own, not the draft's.
        expect((await stored(org.id))?.data).toEqual({});

        expect((await admin.post(PATH, { questionnaire: minimalAnswers, year: YEAR })).status).toBe(200);
        expect((await admin.get(DRAFT)).json).toEqual({ status: 200, draft: null });
        expect((await stored(org.id))?.draft).toBeNull();
        const late = await admin.post(DRAFT, { questionnaire: minimalAnswers, year: YEAR, step: 3 });
        expect(late.status).toBe(400);
        expect(late.json.detail).toBe(
          `The questionnaire for ${YEAR} has already been submitted and is under analysis.`,
        );
      });

      test("only the organisation's admin keeps a draft, of its own questionnaire, once staff opened it", async () => {
        const { org, admin, assistant } = await withQuestionnaire("waiting");
        const other = await practice();
        const body = { questionnaire: { own_rehab: "Yes" }, year: YEAR, step: 2 };
        expect((await assistant.post(DRAFT, body)).status).toBe(403);
        expect((await assistant.get(DRAFT)).status).toBe(403);
        expect((await siteAdmin.post(DRAFT, body)).status).toBe(403);
        // The other organisation has no questionnaire open: its admin's draft is refused, and it
        // never sees this organisation's.
        expect((await admin.post(DRAFT, body)).status).toBe(200);
        expect((await other.admin.post(DRAFT, body)).status).toBe(403);
        expect((await other.admin.get(DRAFT)).json).toEqual({ status: 200, draft: null });
        expect((await stored(org.id))?.draft).toEqual({ answers: { own_rehab: "Yes" }, step: 2 });
      });

      test("a draft's shape is checked, naming the field", async () => {
        const { admin } = await withQuestionnaire("waiting");
        const refused = await admin.post(DRAFT, {
          questionnaire: { favourite_colour: "blue", own_rehab: 3 },
          year: YEAR,
          step: 18,
        });
        expect(refused.status).toBe(400);
        expect(refused.json.errors).toEqual(
          expect.arrayContaining([
            { field: "questionnaire.favourite_colour", message: "is not a field of this form" },
            { field: "questionnaire.own_rehab", message: "must be text or a list of texts" },
            { field: "step", message: "must be at most 17" },
          ]),
        );
      });
    });
  });
}

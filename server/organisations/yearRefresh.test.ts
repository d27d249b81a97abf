/**
 * The refresh after new data (issue 24: a monthly extract costs staff one click), through the real
 * calls on PGlite and PostgreSQL: a year staff enabled gets a replacing upload from the customer;
 * one job reruns every step the rule allows, the year detail says what changed against the enabled
 * version, and one click enables it again. Where a step needs a person (a validation that finds
 * problems) the refresh stops there and says so in the rule's words.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exampleAnswers } from "../../schemes/questionnaire/example.ts";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { yearActionCall } from "../../tests/helpers/yearCalls.ts";
import { COMPLETION } from "../../tests/model/yearModel.ts";
import { prepareAnalysisFiles } from "../engine/derived/prepareFiles.ts";
import { clearRunCache } from "../engine/runPlugin.ts";
import { professionalLine, toCsv } from "../ingest/testing/builders.ts";
import {
  FLOW_FACILITY_NPI,
  FLOW_PROVIDER_NPI,
  flowFixture,
  loadAppFixture,
} from "../schemes/testing/appFixture.ts";
import type { YearAction } from "./yearActions.ts";
import { nextRefreshStep } from "./yearRefresh.ts";

const YEAR = 2024;

test("the next step is the first the rule allows that this refresh has not run", () => {
  const allowed = new Set(["provider_validation", "service_capabilities", "scoring"]);
  expect(nextRefreshStep((step) => allowed.has(step), [])).toBe("provider_validation");
  expect(nextRefreshStep((step) => allowed.has(step), ["provider_validation"])).toBe("service_capabilities");
  // A step that ran is not run again, even when the rule still allows it (a validation with problems).
  expect(
    nextRefreshStep((step) => allowed.has(step), ["provider_validation", "service_capabilities", "scoring"]),
  ).toBe(undefined);
});

for (const backend of backends) {
  describe(`a replaced year refreshes itself (${backend})`, () => {
    let t: TestApp;
    let staff: HttpClient;
    let customer: HttpClient;
    let organisationId: string;

    const detail = async () =>
      (
        await staff.post("/api/management/admin/organization/", {
          full: true,
          id: organisationId,
          year: YEAR,
        })
      ).json.data;
    const organisation = () => ({ organization_uuid: organisationId, year: YEAR });
    /** The year detail once nothing runs (no run queued or under way, no refresh running). */
    async function settled() {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        const data = await detail();
        const busy =
          data.refresh?.status === "running" ||
          Object.values(data.validations).some((entry) => entry && !(entry as { done: boolean }).done) ||
          [data.service_capabilities, data.macro_capabilities, data.market_profile, data.scoring].includes(
            false,
          );
        if (!busy) return data;
        await Bun.sleep(100);
      }
      throw new Error("the year did not settle in 90 s");
    }

    /** Staff (and the customer, for the questionnaire) take the year to enabled, step by step. */
    async function reachEnabled() {
      for (let step = 0; step < 20; step++) {
        const data = await settled();
        if (data.enabled) return data;
        const questionnaire = data.questionnaire?.state;
        const next = COMPLETION.find((action) =>
          action in data.gates
            ? data.gates[action].allowed
            : (action === "submit_questionnaire" && questionnaire === "waiting") ||
              (action === "validate_questionnaire" && questionnaire === "under_analysis"),
        );
        if (next === "submit_questionnaire")
          await customer.post("/api/management/schemes/questionnaire/", {
            questionnaire: exampleAnswers,
            year: YEAR,
          });
        else if (next === "validate_questionnaire")
          await staff.patch("/api/management/schemes/questionnaire/", {
            ...organisation(),
            kind: "validate",
          });
        else if (next) await yearActionCall(staff, organisationId, YEAR, next as YearAction);
        else throw new Error(`nothing moves the year on: ${JSON.stringify(data.gates)}`);
      }
      throw new Error("not enabled after 20 steps");
    }

    /** A new extract of the year from the customer: one claim per procedure code. */
    const upload = (codes: string[]) => {
      const body = new FormData();
      const csv = toCsv(
        codes.map((cpt, index) =>
          professionalLine({
            cpt,
            facility_npi: FLOW_FACILITY_NPI,
            claim_id: `R${index}`,
            service_date: `${YEAR}-0${1 + (index % 9)}-15`,
            patient_id: `P${index}`,
            patient_zip: "46201",
            rendering_npi: FLOW_PROVIDER_NPI,
            payer: "Medicare",
          }),
        ),
      );
      body.append("files", new File([csv], "professional_fees.csv", { type: "text/csv" }));
      body.append("years", String(YEAR));
      body.append("confirm", "true");
      return customer.post("/api/management/customer/file/", body);
    };

    beforeAll(async () => {
      t = await startTestApp(backend, { REFRESH_REPLACED_YEARS: "1" });
      staff = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      organisationId = (await createOrganisation(t, { name: "Refresh Orthopaedics", initialized: true })).id;
      customer = await signInCustomer(t, (await createCustomer(t, organisationId, { isStaff: true })).email);
      await loadAppFixture(t, {
        ...flowFixture(organisationId, YEAR),
        serviceArea: [{ zipcode: "46201", type: "PSA" }],
      });
    }, 120_000);
    afterAll(() => t.close());

    test("a replacing upload is refreshed by one job; staff read what changed and enable with one click", async () => {
      const enabled = await reachEnabled();
      expect(enabled.refresh).toBeNull();

      // As last month's (a spine procedure and a new patient visit), with one more visit.
      expect((await upload(["22612", "99203", "99213"])).status).toBe(200);
      const refreshed = await settled();
      expect(refreshed.enabled).toBe(false);
      expect(refreshed.refresh).toMatchObject({
        status: "ready",
        cause: "upload",
        needs: null,
        ran: [
          "facility_validation",
          "provider_validation",
          "service_capabilities",
          "global_validation",
          "macro_capabilities",
          "market_profile",
          "scoring",
        ],
      });
      // The flow fixture's year had 2 rows; the new extract has 3 (what staff compare before enabling).
      expect(refreshed.refresh.changes).toContainEqual({ what: "Rows", before: 2, after: 3 });
      expect(refreshed.gates.enable.allowed).toBe(true);
      for (const entry of [refreshed.service_capabilities, refreshed.market_profile, refreshed.scoring])
        expect(entry).toMatchObject({ status: "done", outdated: false });

      // The one click: the customer reads the year again, and the refresh is over.
      expect((await staff.post("/api/management/admin/valid/", organisation())).status).toBe(200);
      const customerView = (await customer.get("/api/management/customer/detail/")).json.organization;
      expect(customerView.years).toContain(YEAR);
      expect((await detail()).refresh).toBeNull();
    }, 300_000);

    test("a refresh stops where staff must act, in the rule's words, and a restore refreshes too", async () => {
      await reachEnabled();
      // This month's extract has no spine case: global validation finds a problem about a new subject.
      expect((await upload(["99203", "99213"])).status).toBe(200);
      const stopped = await settled();
      expect(stopped.refresh).toMatchObject({ status: "stopped", accepted_again: [] });
      expect(stopped.refresh.ran).toContain("global_validation");
      expect(stopped.validations.global).toMatchObject({ done: true, valid: false, outdated: false });
      // What the year needs, as the Enable button's own refusal says it.
      expect(stopped.refresh.needs).toBe(stopped.gates.enable.message);
      expect(stopped.refresh.needs).toContain("Global validation");
      expect(stopped.refresh.changes).toContainEqual({
        what: "Global validation",
        before: "valid",
        after: "problems",
      });

      // Staff accept it (Validate anyway) and enable; then restore the extract with the spine case:
      // a restore is refreshed too, and finding only the accepted problems again it is ready.
      await staff.patch("/api/management/admin/validation/", { ...organisation(), type: "global" });
      expect((await staff.post("/api/management/admin/valid/", organisation())).status).toBe(200);
      const enabled = await detail();
      const previous = (enabled.versions as { id: string; current: boolean; rows: number }[]).find(
        (version) => !version.current && version.rows === 3,
      )!;
      const restored = await staff.post("/api/management/admin/customer/year-version/restore/", {
        organization: organisationId,
        year: YEAR,
        version: previous.id,
      });
      expect(restored.status).toBe(200);
      const after = await settled();
      expect(after.refresh).toMatchObject({ status: "ready", cause: "restore", accepted_again: ["global"] });
      expect(after.refresh.changes).toContainEqual({ what: "Rows", before: 2, after: 3 });
      expect(after.gates.enable.allowed).toBe(true);
    }, 300_000);

    test("while newer data is reviewed, customers read the version staff enabled; the enable switches them", async () => {
      await reachEnabled();
      const body = { filters: { year: YEAR } };
      const read = () => customer.post("/api/management/queries/querie5/", body);
      const asStaff = () => staff.post(`/api/management/queries/querie5/?org_id=${organisationId}`, body);
      const score = async () => (await customer.post("/api/management/scoring/result/", {})).json.data;
      const enabledAnswer = await read();
      const enabledScore = await score();
      expect(enabledAnswer.json.reviewed_version).toBeUndefined();
      expect(enabledScore).toMatchObject({ year: YEAR });

      // A new extract: the year goes back to review, but its analyses stay open at the enabled version.
      expect((await upload(["99203", "99213"])).status).toBe(200);
      const inReview = await settled();
      expect(inReview.enabled).toBe(false);
      const held = (inReview.versions as { rows: number; held: boolean; current: boolean }[]).filter(
        (version) => version.held,
      );
      expect(held).toMatchObject([{ rows: 3, current: false }]);
      const customerView = (await customer.get("/api/management/customer/detail/")).json.organization;
      expect({ years: customerView.years, held: customerView.held_years }).toEqual({
        years: [],
        held: [YEAR],
      });
      const during = await read();
      expect(during.status).toBe(200);
      expect(during.json.results).toEqual(enabledAnswer.json.results);
      expect(during.json.reviewed_version.note).toMatch(
        new RegExp(`^${YEAR} as reviewed on \\d{1,2} \\w{3} \\d{4}; a newer extract is being reviewed`),
      );
      // The data pipeline prepares the held version as well: customers then read it from its
      // prepared rows (a request never makes them), with the same figures.
      await prepareAnalysisFiles(t.context, organisationId);
      clearRunCache();
      const prepared = await read();
      expect(prepared.headers.get("server-timing")).toContain("prepared;");
      expect(prepared.json.results).toEqual(enabledAnswer.json.results);
      // Staff's dummy view reads what the customer reads; the score is the enabled version's too.
      expect((await asStaff()).json.results).toEqual(enabledAnswer.json.results);
      expect(await score()).toEqual(enabledScore);

      // Staff accept the new extract's finding and enable it: customers read the new data.
      await staff.patch("/api/management/admin/validation/", { ...organisation(), type: "global" });
      await settled();
      expect((await staff.post("/api/management/admin/valid/", organisation())).status).toBe(200);
      const after = await read();
      expect(after.json.reviewed_version).toBeUndefined();
      expect(after.json.results).not.toEqual(enabledAnswer.json.results);
      expect((await customer.get("/api/management/customer/detail/")).json.organization.held_years).toEqual(
        [],
      );
    }, 300_000);
  });
}

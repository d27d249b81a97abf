/**
 * The year's rule against the real calls (issue 24), on PGlite and PostgreSQL: a seeded random walk
 * over one organisation year on a small fixture - runs, validate anyway, generators, scoring, the
 * questionnaire, enable and prelaunch, and the changes real practices make (a replacing upload, a
 * restore, a facility renamed, service-area and market changes, edited answers). After each step:
 * - an action the year detail offers answers 2xx, one it refuses answers 4xx with the same words;
 * - a result is shown out of date exactly when one of its inputs changed since it ran, as counted
 *   by this walk itself (not by the server's versions);
 * - the customer reads the year only while it is enabled, or while newer data of it is reviewed
 *   after staff had enabled it (the walk's own count): then at the version staff enabled, as the
 *   answer says (reviewed_version), with the rows of that version;
 * - every change of the year, its questionnaire or the profile reaches the customer's and a second
 *   staff tab's live channels as a `changed` message (what their open screens re-read);
 * and at the end staff bring the year back to enabled by the offered actions alone.
 * MODEL_API_STEPS (default 14) and MODEL_API_SEEDS (default one seed) make it longer.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { exampleAnswers } from "../../schemes/questionnaire/example.ts";
import { professionalLine, toCsv } from "../../server/ingest/testing/builders.ts";
import type { YearAction, yearActions } from "../../server/organisations/yearActions.ts";
import type { InputKey } from "../../server/organisations/yearInputs.ts";
import {
  FLOW_FACILITY_NPI as FACILITY,
  flowFixture,
  loadAppFixture,
  FLOW_PROVIDER_NPI as PROVIDER,
} from "../../server/schemes/testing/appFixture.ts";
import { backends } from "../helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInCustomer,
  signInStaff,
} from "../helpers/factories.ts";
import type { HttpClient } from "../helpers/httpClient.ts";
import { eventually, listenToChannel } from "../helpers/liveListener.ts";
import { randomOf } from "../helpers/seededRandom.ts";
import { startTestApp, type TestApp } from "../helpers/testApp.ts";
import { yearActionCall } from "../helpers/yearCalls.ts";
import { COMPLETION } from "./yearModel.ts";

const YEAR = 2024;
const STEPS = Number(process.env.MODEL_API_STEPS ?? 14);
const SEEDS = (process.env.MODEL_API_SEEDS ?? "24").split(",").map(Number);

type Gates = ReturnType<typeof yearActions>;
type Entry = { done?: boolean; valid?: boolean; status?: string; outdated?: boolean } | null | false;
const RESULTS = {
  facility: { path: ["validations", "facility"], keys: ["data", "market", "profile", "area"] },
  provider: { path: ["validations", "provider"], keys: ["data", "market", "profile", "area"] },
  global: { path: ["validations", "global"], keys: ["data", "market", "profile", "area"] },
  SC: { path: ["service_capabilities"], keys: ["data", "market", "profile", "area"] },
  MC: { path: ["macro_capabilities"], keys: ["data", "market", "profile", "area"] },
  MP: { path: ["market_profile"], keys: ["data", "market", "profile", "area"] },
  SCORING: { path: ["scoring"], keys: ["data", "market", "profile", "area", "questionnaire"] },
} as const satisfies Record<string, { path: string[]; keys: InputKey[] }>;
type ResultName = keyof typeof RESULTS;
/** Which result each run stores. */
const RUNS: Partial<Record<YearAction, ResultName>> = {
  facility_validation: "facility",
  provider_validation: "provider",
  global_validation: "global",
  service_capabilities: "SC",
  macro_capabilities: "MC",
  market_profile: "MP",
  scoring: "SCORING",
};
const CHANGES = [
  "upload",
  "restore",
  "rename_facility",
  "add_zip",
  "remove_zip",
  "market_upload",
  "submit_questionnaire",
  "validate_questionnaire",
  "edit_questionnaire",
] as const;
type Change = (typeof CHANGES)[number];

for (const backend of backends) {
  describe(`a year's lifecycle through the calls, on a seeded walk (${backend})`, () => {
    let t: TestApp;
    let staff: HttpClient;
    let customer: HttpClient;
    let organisationId: string;
    let facilityId: string;
    /** This walk's own count of each input's changes, and what each result read when it ran. */
    const counters: Record<InputKey, number> = { data: 0, market: 0, profile: 0, area: 0, questionnaire: 0 };
    const read: Partial<Record<ResultName, Record<InputKey, number>>> = {};
    let extraZips = 0;
    /** The rows of the version staff last enabled while newer data is reviewed (this walk's count). */
    let heldRows: number | null = null;
    /** The current version's rows; null for the fixture's data, which no upload made (nothing kept). */
    const currentRows = (data: Record<string, unknown>) =>
      (data.versions as { rows: number; current: boolean }[]).find((version) => version.current)?.rows ??
      null;
    let channels: { customer: ReturnType<typeof listenToChannel>; staff: ReturnType<typeof listenToChannel> };
    /** The topic each change must be told under (market data is every organisation's: not told). */
    const TOLD: Partial<Record<YearAction | Change, string>> = {
      upload: "year",
      restore: "year",
      rename_facility: "profile",
      add_zip: "year",
      remove_zip: "year",
      submit_questionnaire: "questionnaire",
      validate_questionnaire: "questionnaire",
      edit_questionnaire: "questionnaire",
      questionnaire_allow: "questionnaire",
      enable: "year",
      prelaunch: "year",
      ...Object.fromEntries(Object.keys(RUNS).map((run) => [run, "year"])),
      facility_validate_anyway: "year",
      provider_validate_anyway: "year",
      global_validate_anyway: "year",
    };

    const detail = async () =>
      (
        await staff.post("/api/management/admin/organization/", {
          full: true,
          id: organisationId,
          year: YEAR,
        })
      ).json.data;
    const entryOf = (data: Record<string, unknown>, name: ResultName): Entry =>
      RESULTS[name].path.reduce<unknown>(
        (value, key) => (value as Record<string, unknown>)?.[key],
        data,
      ) as Entry;
    const finished = (entry: Entry) =>
      entry === null || (entry !== false && (entry.status !== undefined || entry.done === true));

    async function settle() {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const data = await detail();
        if (
          data.refresh?.status !== "running" &&
          (Object.keys(RESULTS) as ResultName[]).every((name) => finished(entryOf(data, name)))
        )
          return data;
        await Bun.sleep(100);
      }
      throw new Error("a run did not finish in 60 s");
    }

    const call = (action: YearAction) => yearActionCall(staff, organisationId, YEAR, action);

    const practiceCsv = (random: () => number) =>
      toCsv(
        Array.from({ length: 1 + Math.floor(random() * 3) }, (_, index) =>
          professionalLine({
            claim_id: `W${index}`,
            service_date: `${YEAR}-0${1 + index}-15`,
            patient_id: `P${index}`,
            patient_zip: "46201",
            rendering_npi: PROVIDER,
            payer: "Medicare",
          }),
        ),
      );
    const form = (fields: Record<string, string>, name: string, csv: string) => {
      const body = new FormData();
      body.append("files", new File([csv], name, { type: "text/csv" }));
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      return body;
    };

    /** A change as a practice or staff makes it; answers which input it changed, if it happened. */
    async function change(
      kind: Change,
      random: () => number,
      data: Record<string, unknown>,
    ): Promise<InputKey | undefined> {
      const questionnaire = (data.questionnaire as { state: string } | null)?.state;
      switch (kind) {
        case "upload": {
          const csv = practiceCsv(random);
          const answer = await customer.post(
            "/api/management/customer/file/",
            form({ years: String(YEAR), confirm: "true" }, "professional_fees.csv", csv),
          );
          expect(answer.status).toBe(200);
          return "data";
        }
        case "restore": {
          const versions = data.versions as { id: string; current: boolean }[];
          const other = versions.find((version) => !version.current);
          if (!other) return undefined;
          const answer = await staff.post("/api/management/admin/customer/year-version/restore/", {
            organization: organisationId,
            year: YEAR,
            version: other.id,
          });
          expect(answer.status).toBe(200);
          return "data";
        }
        case "rename_facility": {
          const answer = await customer.patch("/api/management/customer/facility/", {
            // The fixture's facility lacks the fields an edit requires: the walk's edit gives them.
            facility: {
              id: facilityId,
              name: `Flow Clinic ${Math.floor(random() * 3)}`,
              physical_address: "1 Flow St",
              physical_locale: "Indianapolis, IN",
              physical_locale_zip: "46201",
              site_of_care_codes_billed: ["11"],
            },
          });
          expect({ status: answer.status, detail: answer.json.detail }).toMatchObject({ status: 200 });
          return "profile";
        }
        case "add_zip": {
          const zipcode = `4630${extraZips++ % 10}`;
          const answer = await staff.post("/api/management/admin/customer/service_area/", {
            organization_uuid: organisationId,
            year: YEAR,
            service_area: [{ zipcode, type: "SSA", year: YEAR }],
          });
          return answer.status === 200 && answer.json.added > 0 ? "area" : undefined;
        }
        case "remove_zip": {
          const zips = data.service_area as { zipcode: string; type: string }[];
          const zip = zips.find((candidate) => candidate.zipcode !== "46201");
          if (!zip) return undefined;
          const answer = await staff.delete("/api/management/admin/customer/service_area/", {
            organization_uuid: organisationId,
            year: YEAR,
            service_area: [{ zipcode: zip.zipcode, type: zip.type, year: YEAR }],
          });
          expect(answer.status).toBe(200);
          return "area";
        }
        case "market_upload": {
          const csv = toCsv([
            {
              year: YEAR,
              claim_id: "M1",
              patient_zip: "46201",
              setting: "",
              place_of_service: "",
              bill_type: "0131",
              drg: "",
              cpt: "27447",
              facility_npi: FACILITY,
              facility_name: "Flow Clinic",
              facility_zip: "46201",
              rendering_npi: PROVIDER,
              rendering_name: "Ann Lee",
              referring_npi: "",
              referring_name: "",
              cases: 2 + Math.floor(random() * 4),
              charge_amount: "30000",
              paid_amount: "12000",
            },
          ]);
          const answer = await staff.post(
            "/api/services/advisory_board/file/",
            form({ kind: "IP", year: String(YEAR) }, "market_ip.csv", csv),
          );
          expect(answer.status).toBe(200);
          return "market";
        }
        case "submit_questionnaire": {
          if (questionnaire !== "waiting") return undefined;
          const answer = await customer.post("/api/management/schemes/questionnaire/", {
            questionnaire: exampleAnswers,
            year: YEAR,
          });
          expect(answer.status).toBe(200);
          return "questionnaire";
        }
        case "validate_questionnaire": {
          if (questionnaire !== "under_analysis") return undefined;
          const answer = await staff.patch("/api/management/schemes/questionnaire/", {
            organization_uuid: organisationId,
            year: YEAR,
            kind: "validate",
          });
          expect(answer.status).toBe(200);
          return undefined;
        }
        case "edit_questionnaire": {
          if (questionnaire !== "under_analysis" && questionnaire !== "valid") return undefined;
          const edited = { ...exampleAnswers, ed_call_rate: String(1000 + Math.floor(random() * 900)) };
          const answer = await staff.patch("/api/management/schemes/questionnaire/", {
            organization_uuid: organisationId,
            year: YEAR,
            kind: "update",
            questionnaire: edited,
          });
          expect(answer.status).toBe(200);
          return "questionnaire";
        }
      }
    }

    /** Takes one action; checks the offered/refused invariant; answers the year detail after it. */
    async function step(action: YearAction | Change, random: () => number, before: Record<string, unknown>) {
      const heard = { customer: channels.customer.received.length, staff: channels.staff.received.length };
      const after = await act(action, random, before);
      const topic = TOLD[action];
      const changed = JSON.stringify(after) !== JSON.stringify(before);
      if (topic && changed) {
        const told = (listener: ReturnType<typeof listenToChannel>, from: number) => () =>
          listener.received
            .slice(from)
            .some((message) => message.type === "changed" && message.topic === topic);
        expect({ action, customer: await eventually(told(channels.customer, heard.customer)) }).toEqual({
          action,
          customer: true,
        });
        // Runs, "validate anyway" and service-area edits patch staff tabs by their own `event` (which
        // re-reads the back office's answers: web/src/live/LiveChannel.tsx); the rest are `changed`.
        const byEvent =
          action in RUNS ||
          action.endsWith("_validate_anyway") ||
          action === "add_zip" ||
          action === "remove_zip";
        const toldStaff = byEvent
          ? () => channels.staff.received.slice(heard.staff).some((message) => message.type === "event")
          : told(channels.staff, heard.staff);
        expect({ action, staff: await eventually(toldStaff) }).toEqual({ action, staff: true });
      }
      return after;
    }

    async function act(action: YearAction | Change, random: () => number, before: Record<string, unknown>) {
      const gates = before.gates as Gates;
      if (action in gates) {
        const gate = gates[action as YearAction];
        const at = { ...counters };
        const answer = await call(action as YearAction);
        if (gate.allowed && action === "enable") heldRows = null;
        if (gate.allowed) {
          expect({ action, status: answer.status, detail: answer.json.detail }).toMatchObject({
            status: 200,
          });
        } else {
          expect({ action, status: answer.status, detail: answer.json.detail }).toEqual({
            action,
            status: 400,
            detail: gate.message,
          });
        }
        const after = await settle();
        const result = RUNS[action as YearAction];
        if (gate.allowed && result) {
          const entry = entryOf(after, result);
          if (entry && (entry.status === "done" || entry.done)) read[result] = at;
        }
        return after;
      }
      const changed = await change(action as Change, random, before);
      if (changed) counters[changed]++;
      // Replacing enabled data keeps the enabled version readable (until the next enable).
      if (changed === "data" && before.enabled) heldRows = currentRows(before);
      const after = await settle();
      // New data on a reviewed year is refreshed by one job (yearRefresh.ts): what it ran read the
      // inputs as they are now.
      if (changed === "data" && after.replaced && after.refresh) {
        for (const step of after.refresh.ran as YearAction[]) {
          const result = RUNS[step];
          const entry = result && entryOf(after, result);
          if (result && entry && (entry.status === "done" || entry.done)) read[result] = { ...counters };
        }
      }
      return after;
    }

    /** The invariants every reached state keeps. */
    async function check(data: Record<string, unknown>, trail: string[]) {
      for (const name of Object.keys(RESULTS) as ResultName[]) {
        const entry = entryOf(data, name);
        if (!entry || !(entry.status === "done" || entry.done)) continue;
        const stamp = read[name];
        const expected = !stamp || RESULTS[name].keys.some((key) => stamp[key] !== counters[key]);
        expect({ trail, name, outdated: entry.outdated }).toEqual({ trail, name, outdated: expected });
      }
      const customerView = (await customer.get("/api/management/customer/detail/")).json.organization;
      expect({
        trail,
        enabled: customerView.years.includes(YEAR),
        held: customerView.held_years.includes(YEAR),
      }).toEqual({ trail, enabled: data.enabled === true, held: heldRows !== null });
      const run = await customer.post("/api/management/queries/querie1/", { filters: { year: YEAR } });
      expect({ trail, status: run.status, reviewed: run.json.reviewed_version !== undefined }).toEqual({
        trail,
        status: data.enabled === true || heldRows !== null ? 200 : 400,
        reviewed: data.enabled !== true && heldRows !== null,
      });
      // The held version is the one staff enabled: its rows, whatever was uploaded since.
      const versions = data.versions as { rows: number; held: boolean }[];
      const held = versions.filter((version) => version.held).map((version) => version.rows);
      expect({ trail, held }).toEqual({ trail, held: heldRows === null ? [] : [heldRows] });
    }

    beforeAll(async () => {
      // With the refresh after new data on, as a deployment runs: the walk's uploads and restores
      // of a reviewed year set it going, and the invariants hold through it.
      t = await startTestApp(backend, { REFRESH_REPLACED_YEARS: "1" });
      staff = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      const organisation = await createOrganisation(t, { name: "Walk Orthopaedics", initialized: true });
      organisationId = organisation.id;
      const customerUser = await createCustomer(t, organisationId, { isStaff: true });
      customer = await signInCustomer(t, customerUser.email);
      channels = {
        customer: listenToChannel(t, customerUser.channelId),
        staff: listenToChannel(t, (await createStaff(t, "agent")).channelId),
      };
      await loadAppFixture(t, {
        ...flowFixture(organisationId, YEAR),
        serviceArea: [{ zipcode: "46201", type: "PSA" }],
      });
      facilityId = (await detail()).facilities[0].id;
    }, 120_000);
    afterAll(() => t.close());

    for (const seed of SEEDS) {
      test(`seed ${seed}: ${STEPS} random steps keep the invariants, then staff enable the year again`, async () => {
        const random = randomOf(seed);
        const trail: string[] = [];
        let data = await detail();
        for (let index = 0; index < STEPS; index++) {
          const gates = data.gates as Gates;
          const forward = (Object.keys(gates) as YearAction[]).filter((name) => gates[name].allowed);
          const pool: (YearAction | Change)[] =
            random() < 0.6 && forward.length > 0
              ? forward
              : [...(Object.keys(gates) as YearAction[]), ...CHANGES];
          const action = pool[Math.floor(random() * pool.length)]!;
          trail.push(action);
          data = await step(action, random, data);
          await check(data, trail);
        }
        for (let index = 0; index < 30 && !(data.enabled && data.gates.enable.allowed); index++) {
          const gates = data.gates as Gates;
          const questionnaire = (data.questionnaire as { state: string } | null)?.state;
          // The same order the model's completion follows (a change the model may make is one here too).
          const next = (COMPLETION as (YearAction | Change)[]).find((candidate) =>
            candidate in gates
              ? gates[candidate as YearAction].allowed
              : (candidate === "submit_questionnaire" && questionnaire === "waiting") ||
                (candidate === "validate_questionnaire" && questionnaire === "under_analysis"),
          );
          expect({ trail, dead_end: next === undefined, gates }).toMatchObject({ dead_end: false });
          trail.push(`complete:${next}`);
          data = await step(next!, random, data);
          await check(data, trail);
        }
        expect({ trail, enabled: data.enabled }).toEqual({ trail, enabled: true });
      }, 600_000);
    }
  });
}

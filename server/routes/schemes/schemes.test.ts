/**
 * The scheme calls end to end on both backends: gates and their messages, a validation run as a
 * job (POST -> queued -> running -> stored result and row notes), 'Validate anyway', generation and
 * its detail, scoring reads, roles and dummy mode, and the staff's live channel during a run.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
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
import {
  organisationYears,
  questionnaires,
  schemeResults,
  serviceAreas,
  validations,
} from "../../db/schema/index.ts";
import {
  FLOW_FACILITY_NPI as FACILITY,
  flowFixture,
  loadAppFixture,
  FLOW_PROVIDER_NPI as PROVIDER,
} from "../../schemes/testing/appFixture.ts";

const YEAR = 2024;
/** A year staff asked for, never validated. */
const OTHER_YEAR = 2023;
const VALIDATION = "/api/management/admin/validation/";
const ORIGIN = "http://localhost:3000";

async function until(predicate: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await Bun.sleep(50);
  }
  return false;
}

for (const backend of backends) {
  describe(`scheme calls (${backend})`, () => {
    let t: TestApp;
    let staff: HttpClient;
    let staffChannel: string;
    let organisationId: string;
    let customer: HttpClient;

    /** Runs of the year's `type` validation still queued or running (schemeJob.ts's singleton key). */
    const queuedOrRunning = async (type: "facility" | "provider" | "global") => {
      const [row] = await t.context.database.execute<{ count: number }>(
        "SELECT count(*)::int AS count FROM pgboss.job WHERE singleton_key = $1 AND state IN ('created', 'retry', 'active')",
        [`${organisationId}:${YEAR}:validation_${type}`],
      );
      return row?.count ?? 0;
    };
    const validationRow = async (type: "facility" | "provider" | "global") =>
      (
        await t.context.database.db
          .select()
          .from(validations)
          .where(
            and(
              eq(validations.organisationId, organisationId),
              eq(validations.year, YEAR),
              eq(validations.type, type),
            ),
          )
      )[0];
    const resultRow = async (kind: "SC" | "MC" | "MP" | "SCORING") =>
      (
        await t.context.database.db
          .select()
          .from(schemeResults)
          .where(
            and(
              eq(schemeResults.organisationId, organisationId),
              eq(schemeResults.year, YEAR),
              eq(schemeResults.kind, kind),
            ),
          )
      )[0];
    /** The year detail as staff read it. */
    const yearData = async (year: number) =>
      (
        await staff.post("/api/management/admin/organization/", {
          full: true,
          id: organisationId,
          year: String(year),
        })
      ).json.data;
    const validate = (type: string, client = staff) =>
      client.post(VALIDATION, { year: YEAR, type, organization_uuid: organisationId });
    const runValidation = async (type: "facility" | "provider" | "global") => {
      const answer = await validate(type);
      expect(answer.status).toBe(200);
      expect(await until(async () => (await validationRow(type))?.done === true)).toBe(true);
      return answer;
    };

    beforeAll(async () => {
      t = await startTestApp(backend);
      const account = await createStaff(t);
      staffChannel = account.channelId;
      staff = await signInStaff(t, account.username);
      const organisation = await createOrganisation(t, { name: "Flow Orthopaedics", initialized: true });
      organisationId = organisation.id;
      customer = await signInCustomer(t, (await createCustomer(t, organisationId)).email);
      await loadAppFixture(t, flowFixture(organisationId, YEAR));
    });
    afterAll(() => t.close());

    test("a year without practice data and market data has nothing to validate: refused in plain words", async () => {
      await t.context.database.db
        .insert(organisationYears)
        .values({ organisationId, year: 2022, requested: true });
      for (const type of ["facility", "provider", "global"]) {
        const answer = await staff.post(VALIDATION, { year: 2022, type, organization_uuid: organisationId });
        expect(answer.status).toBe(400);
        expect(answer.json.detail).toBe(
          "There is nothing to validate: the organisation has no practice data and no market data for 2022. Upload it first.",
        );
      }
    });

    test("no service area: the validation asks for one first", async () => {
      const answer = await validate("facility");
      expect(answer.status).toBe(400);
      expect(answer.json.detail).toBe("You need to add service area first");
      expect(await validationRow("facility")).toBeUndefined();
      await t.context.database.db
        .insert(serviceAreas)
        .values({ organisationId, year: YEAR, zipcode: "46201", type: "PSA" });
      await t.context.database.db
        .insert(organisationYears)
        .values({ organisationId, year: OTHER_YEAR, requested: true });
    });

    test("global validation waits for facilities, providers and service capabilities", async () => {
      const answer = await validate("global");
      expect(answer.status).toBe(400);
      expect(answer.json.detail).toBe(
        "You need to check facilities, providers and generate service capabilities before run global validation",
      );
    });

    test("bad bodies name the field; unknown year and organisation are 404", async () => {
      const bad = await staff.post(VALIDATION, {
        year: YEAR,
        type: "market",
        organization_uuid: organisationId,
      });
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toEqual([{ field: "type", message: "must be facility, provider or global" }]);
      const noYear = await staff.post(VALIDATION, {
        year: 2031,
        type: "facility",
        organization_uuid: organisationId,
      });
      expect(noYear.status).toBe(404);
      expect(noYear.json.detail).toBe("Flow Orthopaedics has no year 2031.");
    });

    test("a facility validation runs as a job; a double click is one job while it waits; the result lands on the rows", async () => {
      const [first, second] = await Promise.all([validate("facility"), validate("facility")]);
      expect(first.status).toBe(200);
      // A second click that reads the year after the first one's run was recorded is refused by
      // the year's rule (a running validation is not run again); one that reads it before is
      // queued. Which of the two happens is the machine's timing.
      if (second.status === 400) expect(second.json.detail).toBe("The facility validation is running");
      else expect(second.status).toBe(200);
      const ids = [first.json.job, ...(second.status === 200 ? [second.json.job] : [])];
      // Clicks while the job waits are one job: they are queued under the year's key on a
      // "stately" queue, which holds one waiting and one running job per key (queue.test.ts
      // proves the policy). Once the job runs, a click queues one more run behind it, as an edit
      // during the run needs. So only the key and the policy are asserted.
      const jobs = await t.context.database.execute<{ key: string; policy: string }>(
        "SELECT j.singleton_key AS key, q.policy FROM pgboss.job j JOIN pgboss.queue q ON q.name = j.name WHERE j.id = ANY($1::uuid[])",
        [ids],
      );
      expect(jobs.length).toBe(new Set(ids).size);
      for (const job of jobs)
        expect(job).toEqual({ key: `${organisationId}:${YEAR}:validation_facility`, policy: "stately" });
      expect(await until(async () => (await queuedOrRunning("facility")) === 0)).toBe(true);
      // The answer is the year detail's entry: queued or already running, not done.
      expect(first.json.data).toMatchObject({ done: false, valid: false });
      expect(await until(async () => (await validationRow("facility"))?.done === true)).toBe(true);
      const row = (await validationRow("facility"))!;
      expect(row).toMatchObject({ done: true, valid: true, runningOn: null });
      // In the registry under its name, 1 practice claim, 5 market cases: nothing to note.
      expect((await yearData(YEAR)).facilities).toEqual([
        expect.objectContaining({ npi: FACILITY, state: "valid", note: "" }),
      ]);
      // Another year of the organisation keeps its own (no) verdicts: its rows are not validated.
      expect((await yearData(OTHER_YEAR)).facilities).toEqual([
        expect.objectContaining({ npi: FACILITY, state: "not_validated", note: "" }),
      ]);
      expect((row.result as { rows: Array<{ checks: unknown }> }).rows[0]!.checks).toEqual({
        npi_check_digit: true,
        in_registry: true,
        registry_name: "FLOW CLINIC",
        name_match: true,
        practice_claims: 2,
        market_cases: 5,
      });
    });

    test("the staff's live channel shows the job's task progress and an event for the year detail", async () => {
      const base = t.listen();
      const cookie = `token=${staff.cookies.get("token")}`;
      const socket = new WebSocket(`${base.replace(/^http/, "ws")}/ws/channel/${staffChannel}/`, {
        headers: { Origin: ORIGIN, Cookie: cookie },
      } as never);
      const received: Array<Record<string, unknown>> = [];
      socket.addEventListener("message", (event) => received.push(JSON.parse(String(event.data))));
      await new Promise<void>((resolve, reject) => {
        socket.addEventListener("open", () => resolve());
        socket.addEventListener("error", () => reject(new Error("refused")));
      });
      await until(() => t.context.live.connections(staffChannel) > 0);
      const job = (await runValidation("provider")).json.job as string;
      // The provider run's own messages: a run of another test still ending may speak here too.
      const isEvent = (message: Record<string, unknown>) =>
        message.type === "event" && message.path === "datas.2024.validations.provider";
      const isTask = (message: Record<string, unknown>) => message.type === "task" && message.id === job;
      expect(await until(() => received.some(isEvent))).toBe(true);
      expect(
        await until(() => received.some((message) => isTask(message) && message.status === "success")),
      ).toBe(true);
      socket.close();
      const tasks = received.filter(isTask);
      // queued (0) -> running (0) -> the scheme's own steps (40, 90) -> done (100), in order.
      const progress = tasks.map((message) => message.progress);
      expect(progress[0]).toBe(0);
      expect(progress).toContain(40);
      expect(progress).toContain(90);
      expect(progress.at(-1)).toBe(100);
      expect([...progress].sort((a, b) => Number(a) - Number(b))).toEqual(progress);
      expect(tasks.at(-1)).toMatchObject({ status: "success", message: "Provider validation (2024): done" });
      const event = received.find(isEvent)!;
      expect(event).toMatchObject({
        test_path: "id",
        test_value: organisationId,
        path: "datas.2024.validations.provider",
        value: { done: true, valid: true, running_on: null },
      });
      expect((await yearData(YEAR)).providers).toEqual([
        expect.objectContaining({ npi: PROVIDER, state: "valid", note: "" }),
      ]);
      expect((await yearData(OTHER_YEAR)).providers).toEqual([
        expect.objectContaining({ npi: PROVIDER, state: "not_validated", note: "" }),
      ]);
    });

    test("'Validate anyway' needs a done validation that did not pass", async () => {
      const answer = await staff.patch(VALIDATION, {
        year: YEAR,
        type: "facility",
        organization_uuid: organisationId,
      });
      expect(answer.status).toBe(400);
      expect(answer.json.detail).toBe("The facility validation is already valid");
      const global = await staff.patch(VALIDATION, {
        year: YEAR,
        type: "global",
        organization_uuid: organisationId,
      });
      expect(global.json.detail).toBe(
        "The global validation must have run (and found problems) before it can be validated anyway",
      );
    });

    test("generation gates, a service-capabilities run and its detail", async () => {
      const market = await staff.post("/api/management/schemes/market_capabilities/generate/", {
        kind: "MP",
        organization: organisationId,
        year: YEAR,
      });
      expect(market.status).toBe(400);
      expect(market.json.detail).toBe("You need to generate service capabilities first");
      const wrongKind = await staff.post("/api/management/schemes/service_capabilities/generate/", {
        kind: "MC",
        organization: organisationId,
        year: YEAR,
      });
      expect(wrongKind.json.errors).toEqual([{ field: "kind", message: "must be 'SC'" }]);

      // A socket of this process on the staff's channel (the websocket path is tested above).
      const heard: Array<Record<string, unknown>> = [];
      const listener = { send: (text: string) => heard.push(JSON.parse(text)) };
      t.context.live.subscribe(staffChannel, listener);
      const body = { kind: "SC", organization: organisationId, year: YEAR };
      const started = await staff.post("/api/management/schemes/service_capabilities/generate/", body);
      expect(started.status).toBe(200);
      expect(started.json.data).toBe(false); // Generation (in progress)
      expect(await until(async () => (await resultRow("SC"))?.status === "done")).toBe(true);
      expect(await until(() => heard.some((message) => message.type === "event"))).toBe(true);
      t.context.live.unsubscribe(staffChannel, listener);
      // The stored result is larger than a NOTIFY payload: the event carries the state, not the result.
      expect(heard.find((message) => message.type === "event")).toMatchObject({
        path: "datas.2024.service_capabilities",
        value: { status: "done", done: true, plugin_version: expect.any(String) },
      });
      expect(JSON.stringify(heard)).not.toContain('"result"');
      expect((await resultRow("SC"))!.pluginVersion).not.toBe("");
      const again = await staff.post("/api/management/schemes/service_capabilities/generate/", body);
      expect(again.json.detail).toBe("Service capabilities are already generated");
      const detail = await staff.post("/api/management/schemes/service_capabilities/detail/", {
        organization_id: organisationId,
        year: YEAR,
      });
      expect(detail.status).toBe(200);
      expect(detail.json.schema).toEqual((await resultRow("SC"))!.result);
      // The customer reads its own organisation's detail.
      const own = await customer.post("/api/management/schemes/service_capabilities/detail/", {
        organization_id: organisationId,
        year: YEAR,
      });
      expect(own.json.schema).toEqual(detail.json.schema);
    });

    test("global validation runs once facilities, providers and service capabilities are there", async () => {
      await runValidation("global");
      const row = (await validationRow("global"))!;
      const note = (row.result as { note: Record<string, unknown> }).note;
      expect(Object.keys(note).sort()).toEqual(
        [
          "aspiration_injection",
          "casting_spliting",
          "initial_eval",
          "ln_volumes",
          "mix_capacity",
          "mri",
          "new_patient_em",
          "other_pt_ot",
          "speciality",
        ].sort(),
      );
      // Ann Lee: 5 market cases against 1 surgical case in the upload (+400%): a note, so not valid.
      expect(note.ln_volumes).toEqual([
        {
          provider_name: "Ann Lee",
          ln: 5,
          upload: 1,
          note: "The market data has 5 surgical cases against 1 in the upload (+400%).",
        },
      ]);
      expect(row.valid).toBe(false);
      const anyway = await staff.patch(VALIDATION, {
        year: YEAR,
        type: "global",
        organization_uuid: organisationId,
      });
      expect(anyway.status).toBe(200);
      expect(anyway.json.data).toMatchObject({ done: true, valid: true, note });
      expect((await validationRow("global"))!.valid).toBe(true);
    });

    test("scoring: gate on the questionnaire, then result and detail reads", async () => {
      const body = { organization_uuid: organisationId, year: YEAR };
      const refused = await staff.post("/api/management/admin/scoring/", body);
      expect(refused.status).toBe(400);
      expect(refused.json.detail).toBe("The questionnaire needs to be valid before scoring");
      await t.context.database.db
        .insert(questionnaires)
        .values({ organisationId, year: YEAR, state: "valid" });

      // No scoring yet: the result is empty.
      expect((await customer.post("/api/management/scoring/result/", {})).json).toEqual({
        status: 200,
        data: null,
      });
      // The whole chain with the installed schemes: macro capabilities, market profile, then scoring.
      for (const [path, kind] of [
        ["macro_capabilities", "MC"],
        ["market_capabilities", "MP"],
      ] as const) {
        const answer = await staff.post(`/api/management/schemes/${path}/generate/`, {
          kind,
          organization: organisationId,
          year: YEAR,
        });
        expect(answer.status).toBe(200);
        expect(await until(async () => (await resultRow(kind))?.status === "done")).toBe(true);
      }
      const scoring = await staff.post("/api/management/admin/scoring/", body);
      expect(scoring.status).toBe(200);
      expect(await until(async () => (await resultRow("SCORING"))?.status !== "running")).toBe(true);
      const stored = (await resultRow("SCORING"))!;
      expect(stored).toMatchObject({ status: "done", error: null });
      const full = stored.result as Record<string, unknown>;
      const scores = Object.fromEntries(
        [
          "market_alignement",
          "centricity",
          "competitive_comparison",
          "partnerships",
          "service_mix_and_strength",
          "total",
        ].map((key) => [key, full[key]]),
      );
      expect(Object.values(scores).every((value) => typeof value === "number")).toBe(true);
      // Only enabled years count.
      expect((await customer.post("/api/management/scoring/result/", {})).json.data).toBeNull();
      await t.context.database.db
        .update(organisationYears)
        .set({ enabled: true })
        .where(eq(organisationYears.organisationId, organisationId));
      const result = await customer.post("/api/management/scoring/result/", {});
      expect(result.json).toEqual({ status: 200, data: { ...scores, year: YEAR } });
      // Staff read it in dummy mode (header or org_id).
      const dummy = await staff.post(
        "/api/management/scoring/result/",
        {},
        { "X-Dummy-Org": organisationId },
      );
      expect(dummy.json.data).toEqual({ ...scores, year: YEAR });
      const detail = await customer.post("/api/management/scoring/detail/", {
        organization_id: organisationId,
        year: YEAR,
      });
      expect(detail.json).toEqual({ status: 200, scheme: full });
      // A scoring exists now: generating another is refused.
      const again = await staff.post("/api/management/admin/scoring/", body);
      expect(again.json.detail).toBe("The scoring is already generated");
    });

    test("customers cannot run schemes; dummy mode cannot write", async () => {
      expect((await validate("facility", customer)).status).toBe(401);
      const generate = await customer.post("/api/management/schemes/service_capabilities/generate/", {
        kind: "SC",
        organization: organisationId,
        year: YEAR,
      });
      expect(generate.status).toBe(401);
      const dummy = await staff.post(
        VALIDATION,
        { year: YEAR, type: "facility", organization_uuid: organisationId },
        { "X-Dummy-Org": organisationId },
      );
      expect(dummy.status).toBe(403);
      // Reading a detail is allowed in dummy mode.
      const detail = await staff.post(
        "/api/management/schemes/service_capabilities/detail/",
        { organization_id: organisationId, year: YEAR },
        { "X-Dummy-Org": organisationId },
      );
      expect(detail.status).toBe(200);
    });
  });
}

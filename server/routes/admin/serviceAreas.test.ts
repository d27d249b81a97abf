import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { backends } from "../../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  signInStaff,
} from "../../../tests/helpers/factories.ts";
import type { HttpClient } from "../../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../../tests/helpers/testApp.ts";
import { organisationYears, serviceAreas, staffAccounts } from "../../db/schema/index.ts";
import { marketCase } from "../../engine/testing/golden.ts";
import { writeWarehouse } from "../../engine/testing/queriesApp.ts";
import { signInFromOwnAddress } from "./testSupport.ts";

const PATH = "/api/management/admin/customer/service_area/";

/*
 * Market 2024 has patients in 46201 (a real Indianapolis zip) and 00001 (no such zip code). 46202 is
 * a real zip without any 2024 patient. So after a check: 46201 available; 46202 and 00001 not.
 * 2023 has no market data at all.
 */
for (const backend of backends) {
  describe(`${PATH} (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let agent: HttpClient;
    let customer: HttpClient;
    let org: { id: string; name: string };

    const items = (zips: [string, string][], year = 2024) =>
      zips.map(([zipcode, type]) => ({ zipcode, type, year }));
    const call = (method: string, body: Record<string, unknown>, client = siteAdmin) =>
      client.request(method, PATH, { organization_uuid: org.id, year: 2024, ...body });
    const stored = async (year = 2024) =>
      t.context.database.db
        .select()
        .from(serviceAreas)
        .where(and(eq(serviceAreas.organisationId, org.id), eq(serviceAreas.year, year)))
        .orderBy(asc(serviceAreas.zipcode));

    beforeAll(async () => {
      t = await startTestApp(backend);
      org = await createOrganisation(t, { name: "Zip Ortho" });
      await t.context.database.db.insert(organisationYears).values([
        { organisationId: org.id, year: 2024, fileState: "uploaded" },
        { organisationId: org.id, year: 2023 },
      ]);
      await writeWarehouse(t.dataDir, {
        year: 2024,
        market: [marketCase({ patient_zip: "46201" }), marketCase({ patient_zip: "00001", cases: 2 })],
      });
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
      customer = await signInFromOwnAddress(t, (await createCustomer(t, org.id, { isStaff: true })).email);
    });
    afterAll(() => t.close());

    test("POST adds zips unchecked; PATCH checks them; DELETE removes the listed ones", async () => {
      const added = await call("POST", {
        service_area: items([
          ["46201", "PSA"],
          ["46202", "SSA"],
          ["00001", "TSA"],
        ]),
      });
      expect(added.status).toBe(200);
      expect(added.json.added).toBe(3);
      expect(added.json.service_area).toEqual([
        expect.objectContaining({
          zipcode: "00001",
          type: "TSA",
          year: 2024,
          checked: false,
          available: false,
        }),
        expect.objectContaining({ zipcode: "46201", type: "PSA", checked: false }),
        expect.objectContaining({ zipcode: "46202", type: "SSA", checked: false }),
      ]);

      // The web's reload sends an empty list: every zip of the year is checked.
      const checked = await call("PATCH", { service_area: [] });
      expect(checked.status).toBe(200);
      expect(checked.json.check).toEqual([
        { zipcode: "00001", known: false, in_market: true, available: false },
        { zipcode: "46201", known: true, in_market: true, available: true },
        { zipcode: "46202", known: true, in_market: false, available: false },
      ]);
      expect((await stored()).map((row) => [row.zipcode, row.checked, row.available])).toEqual([
        ["00001", true, false],
        ["46201", true, true],
        ["46202", true, false],
      ]);

      const removed = await call("DELETE", { service_area: items([["00001", "TSA"]]) });
      expect(removed.status).toBe(200);
      expect(removed.json.removed).toBe(1);
      expect((await stored()).map((row) => row.zipcode)).toEqual(["46201", "46202"]);
    });

    test("every change reaches the other staff tabs as an event with the year's service area", async () => {
      const sent: { channel: string; message: Record<string, unknown> }[] = [];
      const publish = t.context.live.publish.bind(t.context.live);
      t.context.live.publish = async (channel, message) => {
        sent.push({ channel, message: message as Record<string, unknown> });
        return publish(channel, message);
      };
      try {
        await call("POST", { service_area: items([["46250", "PSA"]]) });
        await call("DELETE", { service_area: items([["46250", "PSA"]]) });
      } finally {
        t.context.live.publish = publish;
      }
      const staffChannels = (await t.context.database.db.select().from(staffAccounts)).map(
        (s) => s.channelId,
      );
      const events = sent.filter((entry) => entry.message.type === "event");
      // One event per change for each staff member's channel.
      expect(events.length).toBe(2 * staffChannels.length);
      expect(new Set(events.map((entry) => entry.channel))).toEqual(new Set(staffChannels));
      const [afterAdd] = events;
      expect(afterAdd!.message).toMatchObject({
        test_path: "id",
        test_value: org.id,
        path: "datas.2024.service_area",
      });
      expect((afterAdd!.message.value as { zipcode: string }[]).map((row) => row.zipcode)).toContain("46250");
      expect((events.at(-1)!.message.value as { zipcode: string }[]).map((row) => row.zipcode)).not.toContain(
        "46250",
      );
    });

    test("the add textarea's text is accepted; its errors are line-numbered", async () => {
      const bad = await call("POST", { text: "46203\tPSA\n4620\tSSA" });
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toEqual([
        {
          field: "text",
          message:
            "Line 2: zipcode must be 5 digits, got '4620' (a spreadsheet may have dropped a leading zero)",
        },
      ]);
      const good = await call("POST", { text: "46203\tpsa\r\n46204\tTSA\n" });
      expect(good.status).toBe(200);
      expect(good.json.added).toBe(2);
      await call("DELETE", { text: "46203\tPSA\n46204\tTSA" });
      expect((await stored()).map((row) => row.zipcode)).not.toContain("46203");
    });

    test("duplicates in the payload or against stored rows are refused, naming the row", async () => {
      const before = await stored();
      const twice = await call("POST", {
        service_area: items([
          ["46205", "PSA"],
          ["46205", "SSA"],
        ]),
      });
      expect(twice.status).toBe(400);
      expect(twice.json.errors).toEqual([
        { field: "service_area.1.zipcode", message: "46205 is listed twice (also service_area.0)" },
      ]);
      const clash = await call("POST", {
        service_area: items([
          ["46206", "TSA"],
          ["46201", "SSA"],
        ]),
      });
      expect(clash.status).toBe(400);
      expect(clash.json.errors).toEqual([
        { field: "service_area.1.zipcode", message: "46201 is already in the 2024 service area (PSA)" },
      ]);
      expect(await stored()).toEqual(before); // nothing of a refused call is kept
    });

    test("field rules: 5-digit zip, PSA/SSA/TSA, the call's year, a list for POST and DELETE", async () => {
      const bad = await call("POST", { service_area: [{ zipcode: "462", type: "XSA", year: 2023 }] });
      expect(bad.status).toBe(400);
      expect(bad.json.errors).toEqual([
        { field: "service_area.0.zipcode", message: "must be a 5-digit zip code" },
        { field: "service_area.0.type", message: "must be PSA, SSA or TSA" },
      ]);
      const wrongYear = await call("POST", { service_area: items([["46207", "PSA"]], 2023) });
      expect(wrongYear.json.errors).toEqual([
        { field: "service_area.0.year", message: "must be 2024, the year of the call" },
      ]);
      for (const method of ["POST", "DELETE"]) {
        const empty = await call(method, { service_area: [] });
        expect(empty.status).toBe(400);
        expect(empty.json.errors).toEqual([{ field: "service_area", message: "Please fill out this field" }]);
      }
      const notStored = await call("DELETE", { service_area: items([["46299", "PSA"]]) });
      expect(notStored.json.errors).toEqual([
        { field: "service_area.0.zipcode", message: "46299 is not in the 2024 service area" },
      ]);
      const checkUnknown = await call("PATCH", { service_area: items([["46299", "PSA"]]) });
      expect(checkUnknown.status).toBe(400);
    });

    test("the check needs a service area and the year's market data", async () => {
      const empty = await call("PATCH", { year: 2023 });
      expect(empty.status).toBe(400);
      expect(empty.json.detail).toBe("You need to add service area first");
      await call("POST", { year: 2023, service_area: items([["46201", "PSA"]], 2023) });
      const noMarket = await call("PATCH", { year: 2023 });
      expect(noMarket.status).toBe(400);
      expect(noMarket.json.detail).toBe(
        "There is no market data for 2023: upload the advisory board files (Market Scenario OP or IP) for 2023 before checking the service area.",
      );
      expect((await stored(2023))[0]?.checked).toBe(false);
    });

    test("unknown organisation or year: 404", async () => {
      const noYear = await call("POST", { year: 2030, service_area: items([["46201", "PSA"]], 2030) });
      expect(noYear.status).toBe(404);
      expect(noYear.json.detail).toBe("Zip Ortho has no year 2030.");
      const noOrg = await call("POST", {
        organization_uuid: crypto.randomUUID(),
        service_area: items([["46201", "PSA"]]),
      });
      expect(noOrg.status).toBe(404);
    });

    test("roles: customers 401, agents 403, dummy mode 403; nothing changes", async () => {
      const before = await stored();
      for (const method of ["POST", "PATCH", "DELETE"]) {
        const body = { service_area: items([[method === "POST" ? "46208" : "46201", "PSA"]]) };
        expect((await call(method, body, customer)).status).toBe(401);
        const byAgent = await call(method, body, agent);
        expect(byAgent.status).toBe(403);
        expect(byAgent.json.detail).toBe("Agents cannot do this.");
        const dummy = await siteAdmin.request(
          method,
          PATH,
          { organization_uuid: org.id, year: 2024, ...body },
          { "x-dummy-org": org.id },
        );
        expect(dummy.status).toBe(403);
      }
      expect(await stored()).toEqual(before);
    });
  });
}

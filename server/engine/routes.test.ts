import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
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
import { facilities, organisationYears, providers, queryUsageLog, serviceAreas } from "../db/schema/index.ts";
import { notifyDataChanged } from "./dataChanges.ts";
import { marketCase } from "./testing/golden.ts";
import { queriesApp, sameBrowser, writeWarehouse } from "./testing/queriesApp.ts";

/*
 * Organisation A: provider 1111111111, PSA 10001, years 2023 and 2024 with data. Market 2024 (PSA):
 * A's provider 1 case; Hospital "=HYPERLINK(1)" 3 cases (a name a spreadsheet would evaluate).
 * Organisation B has no data at all.
 */
const hostileName = '=HYPERLINK("http://x","y")';
const market2024 = [
  marketCase({ rendering_npi: "1111111111" }),
  marketCase({
    facility_npi: "3000000001",
    facility_name: hostileName,
    rendering_name: "Dr Alpha",
    cases: 3,
  }),
];
const market2023 = [marketCase({ rendering_npi: "1111111111", cases: 2 })];

for (const backend of backends) {
  describe(`queries API (${backend})`, () => {
    let t: TestApp;
    let customer: HttpClient;
    let otherCustomer: HttpClient;
    let staff: HttpClient;
    let orgA: { id: string };
    let orgB: { id: string };
    let app: ReturnType<typeof queriesApp>;

    beforeAll(async () => {
      t = await startTestApp(backend);
      app = queriesApp(t);
      const { db } = t.context.database;
      orgA = await createOrganisation(t, { initialized: true });
      orgB = await createOrganisation(t, { initialized: true });
      await db.insert(providers).values({ organisationId: orgA.id, npi: "1111111111", fullName: "Dr Own" });
      await db.insert(facilities).values({ organisationId: orgA.id, npi: "2222222222", name: "Own ASC" });
      for (const year of [2023, 2024]) {
        await db
          .insert(organisationYears)
          .values({ organisationId: orgA.id, year, fileState: "uploaded", dataVersion: 1, enabled: true });
        await db
          .insert(serviceAreas)
          .values({ organisationId: orgA.id, year, zipcode: "10001", type: "PSA" });
      }
      await writeWarehouse(t.dataDir, { year: 2024, market: market2024 });
      await writeWarehouse(t.dataDir, { year: 2023, market: market2023 });
      const userA = await createCustomer(t, orgA.id);
      const userA2 = await createCustomer(t, orgA.id);
      customer = sameBrowser(app, await signInCustomer(t, userA.email));
      otherCustomer = sameBrowser(app, await signInCustomer(t, userA2.email));
      const admin = await createStaff(t);
      staff = sameBrowser(app, await signInStaff(t, admin.username));
    }, 60_000);
    afterAll(() => t.close());

    test("a customer runs an analysis on the last available year, then from the cache", async () => {
      const first = await customer.post("/api/management/queries/querie1/", {});
      expect(first.status).toBe(200);
      expect(first.headers.get("x-cache")).toBe("miss");
      expect(first.json.year).toBe(2024);
      expect(first.json.reference_year).toBe(2023);
      expect(first.json.results.customer_market_share).toEqual({ claims: 1, market_share: 25 });
      // The finding in words, with the figures it cites by their place in the answer.
      expect(first.json.insights[0]).toEqual({
        text: "In your PSA you performed 25.0% of the surgical cases (1 of 4).",
        figures: {
          "results.customer_market_share.market_share": 25,
          "results.customer_market_share.claims": 1,
          "results.market_total": 4,
        },
      });
      const again = await customer.post("/api/management/queries/querie1/");
      expect(again.headers.get("x-cache")).toBe("hit");
      expect(again.json).toEqual(first.json);
    });

    test("a customer reads only the years staff enabled; staff in the dummy view the prelaunched too", async () => {
      const { db } = t.context.database;
      const orgC = await createOrganisation(t, { initialized: true });
      await db.insert(providers).values({ organisationId: orgC.id, npi: "1111111111", fullName: "Dr Own" });
      // 2023 enabled; 2024 accepted and prelaunched, not enabled (still in review).
      await db.insert(organisationYears).values([
        { organisationId: orgC.id, year: 2023, fileState: "uploaded", dataVersion: 1, enabled: true },
        { organisationId: orgC.id, year: 2024, fileState: "uploaded", dataVersion: 1, prelaunched: true },
      ]);
      for (const year of [2023, 2024]) {
        await db
          .insert(serviceAreas)
          .values({ organisationId: orgC.id, year, zipcode: "10001", type: "PSA" });
      }
      const customerC = sameBrowser(app, await signInCustomer(t, (await createCustomer(t, orgC.id)).email));
      const manifest = await customerC.get("/api/management/queries/manifest/");
      expect(manifest.json.available_years).toEqual([2023]);
      expect(manifest.json.queries[0].defaults.year).toBe(2023);
      const byDefault = await customerC.post("/api/management/queries/querie1/", {});
      expect(byDefault.json.year).toBe(2023);
      const inReview = await customerC.post("/api/management/queries/querie1/", { filters: { year: 2024 } });
      expect(inReview.status).toBe(400);
      expect(inReview.json.errors).toEqual([
        {
          field: "filters.year",
          message: "2024 is not open yet: Vitality is reviewing it (open years: 2023)",
        },
      ]);

      const dummy = { "x-dummy-org": orgC.id };
      const staffManifest = await staff.get("/api/management/queries/manifest/", dummy);
      expect(staffManifest.json.available_years).toEqual([2023, 2024]);
      expect(staffManifest.json.queries[0].defaults.year).toBe(2024);
      const prelaunched = await staff.post(
        "/api/management/queries/querie1/",
        { filters: { year: 2024 } },
        dummy,
      );
      expect(prelaunched.status).toBe(200);
      expect(prelaunched.json.year).toBe(2024);
    });

    test("an organisation with data but no enabled year offers its customer no year", async () => {
      const { db } = t.context.database;
      const orgD = await createOrganisation(t);
      await db
        .insert(organisationYears)
        .values({ organisationId: orgD.id, year: 2024, fileState: "uploaded", dataVersion: 1 });
      await db
        .insert(serviceAreas)
        .values({ organisationId: orgD.id, year: 2024, zipcode: "10001", type: "PSA" });
      const customerD = sameBrowser(app, await signInCustomer(t, (await createCustomer(t, orgD.id)).email));
      const manifest = await customerD.get("/api/management/queries/manifest/");
      expect(manifest.json.available_years).toEqual([]);
      const run = await customerD.post("/api/management/queries/querie1/", {});
      expect(run.status).toBe(400);
      expect(run.json.errors).toEqual([
        {
          field: "filters.year",
          message: "no year is open yet: the analyses open once Vitality has reviewed a year",
        },
      ]);
      const named = await customerD.post("/api/management/queries/querie1/", { filters: { year: 2024 } });
      expect(named.json.errors[0].field).toBe("filters.year");
    });

    test("a client that accepts zstd gets the kept answer as it is, one that accepts gzip gets it gzipped; others get it plain", async () => {
      const base = t.listen();
      const cookie = [...customer.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const run = (acceptEncoding: string) =>
        fetch(`${base}/api/management/queries/querie1/`, {
          method: "POST",
          headers: {
            cookie,
            "x-csrftoken": customer.cookies.get("csrftoken")!,
            "content-type": "application/json",
            "accept-encoding": acceptEncoding,
          },
          body: "{}",
          decompress: false,
        });
      const plain = await run("identity");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("vary")).toBe("Accept-Encoding");
      const text = await plain.text();
      const zstd = await run("gzip, deflate, br, zstd");
      expect(zstd.headers.get("content-encoding")).toBe("zstd");
      expect(zstd.headers.get("x-cache")).toBe("hit");
      const zstdBytes = new Uint8Array(await zstd.arrayBuffer());
      expect(new TextDecoder().decode(Bun.zstdDecompressSync(zstdBytes))).toBe(text);
      const gzipped = await run("gzip, deflate, br");
      expect(gzipped.headers.get("content-encoding")).toBe("gzip");
      expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
      expect(gzipped.headers.get("x-cache")).toBe("hit");
      const bytes = new Uint8Array(await gzipped.arrayBuffer());
      expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(text);
      expect(JSON.parse(text).results.customer_market_share).toEqual({ claims: 1, market_share: 25 });
      const refused = await run("gzip;q=0");
      expect(refused.headers.get("content-encoding")).toBeNull();
      expect(await refused.text()).toBe(text);
    });

    test("filters in the body or in the query string", async () => {
      const body = await customer.post("/api/management/queries/querie1/", { filters: { year: 2023 } });
      expect(body.json.results.customer_market_share.claims).toBe(2);
      const query = encodeURIComponent(JSON.stringify({ year: "2023" }));
      const viaQuery = await customer.post(`/api/management/queries/querie1/?filters=${query}`);
      expect(viaQuery.status).toBe(200);
      expect(viaQuery.json.filters.year).toBe(2023);
    });

    test("invalid filters answer 400 naming the field", async () => {
      const few = await customer.post("/api/management/queries/querie3/", {
        filters: { servicelines: ["spine"] },
      });
      expect(few.status).toBe(400);
      expect(few.json).toMatchObject({
        status: 400,
        errors: [{ field: "filters.servicelines", message: "must list at least 3 service lines" }],
      });
      const quoted = await customer.post("/api/management/queries/querie1/", {
        filters: { providers: ["1111111111' OR '1'='1"] },
      });
      expect(quoted.status).toBe(400);
      expect(quoted.json.errors[0].field).toBe("filters.providers.0");
      const noYear = await customer.post("/api/management/queries/querie1/", { filters: { year: 2019 } });
      expect(noYear.status).toBe(400);
      expect(noYear.json.errors).toEqual([
        { field: "filters.year", message: "no data for 2019 (available years: 2023, 2024)" },
      ]);
      const unknownKey = await customer.post("/api/management/queries/querie1/", { colour: "red" });
      expect(unknownKey.status).toBe(400);
    });

    test("unknown analyses and saved-query ids answer 404", async () => {
      expect((await customer.post("/api/management/queries/querie99/")).status).toBe(404);
      expect((await customer.post(`/api/management/queries/${crypto.randomUUID()}/`)).status).toBe(404);
    });

    test("a customer only ever reads its own organisation", async () => {
      const response = await customer.post(`/api/management/queries/querie1/?org_id=${orgB.id}`, {
        org_id: orgB.id,
      });
      expect(response.status).toBe(200);
      expect(response.json.results.customer_market_share.claims).toBe(1);
    });

    test("staff read an organisation in dummy mode only", async () => {
      expect((await staff.post("/api/management/queries/querie1/")).status).toBe(403);
      const dummy = await staff.post("/api/management/queries/querie1/", undefined, {
        "X-Dummy-Org": orgA.id,
      });
      expect(dummy.status).toBe(200);
      const empty = await staff.post("/api/management/queries/querie1/", undefined, {
        "X-Dummy-Org": orgB.id,
      });
      expect(empty.status).toBe(400);
      expect(empty.json.errors[0]).toEqual({
        field: "filters.year",
        message: "the organisation has no data yet",
      });
    });

    test("usage is logged and counted per analysis", async () => {
      await customer.post("/api/management/queries/querie6/");
      const stats = await customer.post("/api/management/queries/stats/");
      expect(stats.status).toBe(200);
      expect(stats.json.stats.querie6).toBe(1);
      expect(Object.keys(stats.json.stats)).toHaveLength(11);
      const rows = await t.context.database.db
        .select()
        .from(queryUsageLog)
        .where(eq(queryUsageLog.organisationId, orgA.id));
      expect(rows.some((row) => row.querie === "querie1" && row.cached === 1)).toBe(true);
    });

    test("a new data version of the year is a cache miss", async () => {
      await customer.post("/api/management/queries/querie2/");
      await t.context.database.db
        .update(organisationYears)
        .set({ dataVersion: 2 })
        .where(eq(organisationYears.organisationId, orgA.id));
      // As every writer of an analysis input does after its commit (dataChanges.ts).
      await notifyDataChanged(t.context, orgA.id);
      const after = await customer.post("/api/management/queries/querie2/");
      expect(after.headers.get("x-cache")).toBe("miss");
    });

    test("CSV export: formula-like cells escaped, served to its owner only", async () => {
      const exported = await customer.post("/api/management/queries/querie1/", { export: "csv" });
      expect(exported.status).toBe(200);
      expect(exported.json.path).toMatch(/^\/api\/management\/queries\/exports\/[0-9a-f-]{36}\.csv$/);
      const file = await customer.get(exported.json.path);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toContain("text/csv");
      const lines = file.text.trim().split("\r\n");
      // The findings lead, as on the screen; a name in them is text, never a formula.
      expect(lines.slice(0, 5)).toEqual([
        "Findings",
        "In your PSA you performed 25.0% of the surgical cases (1 of 4).",
        `"The largest competitor facility, =HYPERLINK(""http://x"",""y""), performed 75.0% (3 cases)."`,
        `"The largest competitor surgeon, Dr Alpha, performed 75.0% (3 cases)."`,
        "",
      ]);
      expect(lines[5]).toBe("Facility,Zip code,Claims,Market share,Providers");
      // Numbers are plain numbers (75 for 75.00%); the formula-like text stays neutralised.
      expect(lines[6]).toBe(`"'=HYPERLINK(""http://x"",""y"")",10001,3,75,Dr Alpha`);
      expect((await otherCustomer.get(exported.json.path)).status).toBe(404);
      expect((await staff.get(exported.json.path)).status).toBe(404);
    });

    test("XLSX export: one sheet per table, numbers kept as numbers", async () => {
      const exported = await customer.post("/api/management/queries/querie1/", { export: "xlsx" });
      // Read as bytes (the test client reads text).
      const cookie = [...customer.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
      const raw = await app.fetch(
        new Request(`http://localhost:3000${exported.json.path}`, { headers: { cookie } }),
      );
      expect(raw.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await raw.arrayBuffer());
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
        "Findings",
        "Competitor facilities",
        "Competitor providers",
      ]);
      const findings = workbook.worksheets[0]!;
      expect(findings.getCell("A2").value).toBe(
        "In your PSA you performed 25.0% of the surgical cases (1 of 4).",
      );
      expect([findings.getCell("B3").value, findings.getCell("C3").value]).toEqual([
        "results.customer_market_share.market_share",
        25,
      ]);
      const sheet = workbook.worksheets[1]!;
      expect(sheet.getCell("A2").value).toBe(`'${hostileName}`);
      expect(sheet.getCell("D2").value).toBe(75);
      expect(sheet.getCell("D2").numFmt).toBe('0.00"%"');
    });

    test("the manifest lists the eleven analyses with the organisation's defaults", async () => {
      const manifest = await customer.get("/api/management/queries/manifest/");
      expect(manifest.status).toBe(200);
      expect(manifest.json.available_years).toEqual([2023, 2024]);
      expect(manifest.json.queries.map((query: { id: string }) => query.id)).toEqual(
        Array.from({ length: 11 }, (_, index) => `querie${index + 1}`),
      );
      const querie3 = manifest.json.queries[2];
      expect(querie3.defaults.year).toBe(2024);
      expect(querie3.defaults.service_area).toEqual(["PSA"]);
      expect(querie3.filters.properties.servicelines.minItems).toBe(3);
      expect(manifest.json.themes[0]).toEqual({ theme: "Competitive Comparison", queries: ["querie1"] });
      // Every chart comes with its Vega spec as a card draws it (the browser compiles no Vega-Lite),
      // its named dataset left for the result's rows.
      const charts = manifest.json.queries.flatMap(
        (query: {
          view: { charts: { spec: { data: { name: string } }; vega: Record<string, unknown> }[] };
        }) => query.view.charts,
      );
      expect(charts.length).toBeGreaterThan(10);
      for (const chart of charts) {
        expect(chart.vega.$schema).toBe("https://vega.github.io/schema/vega/v6.json");
        expect(chart.vega.data).toContainEqual({ name: chart.spec.data.name });
        expect(chart.vega.title).toBeUndefined();
      }
      // Sent compressed to a client that accepts it (87 kB of JSON, about 10 kB compressed).
      for (const encoding of ["zstd", "gzip"]) {
        const zipped = await customer.get("/api/management/queries/manifest/", {
          "accept-encoding": encoding,
        });
        expect(zipped.headers.get("content-encoding")).toBe(encoding);
        expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
      }
    });
  });
}

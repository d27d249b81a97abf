import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { backends } from "../../tests/helpers/backends.ts";
import {
  createCustomer,
  createOrganisation,
  createStaff,
  giveAnalysisYears,
  signInStaff,
} from "../../tests/helpers/factories.ts";
import type { HttpClient } from "../../tests/helpers/httpClient.ts";
import { startTestApp, type TestApp } from "../../tests/helpers/testApp.ts";
import { defaultContents } from "../content/defaultTexts.ts";
import { defaultQueryTexts } from "../content/queryTexts.ts";
import { siteSettings } from "../db/schema/index.ts";
import { marketCase } from "../engine/testing/golden.ts";
import { writeWarehouse } from "../engine/testing/queriesApp.ts";
import { signInFromOwnAddress } from "./admin/testSupport.ts";

const PATH = "/api/management/admin/sitesettings/";

for (const backend of backends) {
  describe(`${PATH} (${backend})`, () => {
    let t: TestApp;
    let siteAdmin: HttpClient;
    let agent: HttpClient;
    let customer: HttpClient;

    const storedRows = () => t.context.database.db.select().from(siteSettings);

    beforeAll(async () => {
      t = await startTestApp(backend);
      const org = await createOrganisation(t, { initialized: true, agreementAccepted: true });
      // A year the customer reads: querie1's answer carries its sentences.
      await giveAnalysisYears(t, org.id, [2024]);
      await writeWarehouse(t.dataDir, {
        year: 2024,
        market: [
          marketCase({ facility_npi: "3000000001", facility_name: "North Hospital", cases: 30 }),
          marketCase({ facility_npi: "3000000002", facility_name: "South Clinic", cases: 10 }),
        ],
      });
      siteAdmin = await signInStaff(t, (await createStaff(t, "site_admin")).username);
      agent = await signInStaff(t, (await createStaff(t, "agent")).username);
      customer = await signInFromOwnAddress(t, (await createCustomer(t, org.id)).email);
    }, 120_000);
    afterAll(() => t?.close());

    test("GET answers the contents and the texts of the eleven queries and the scoring, defaults first", async () => {
      const answer = await customer.get(PATH);
      expect(answer.status).toBe(200);
      expect(answer.json.contents).toEqual(defaultContents);
      expect(Object.keys(answer.json.queries)).toEqual([
        ...Array.from({ length: 11 }, (_, index) => `querie${index + 1}`),
        "scoring",
      ]);
      expect(answer.json.queries.querie1).toEqual(defaultQueryTexts.querie1);
      expect(answer.json.queries.scoring).toEqual(defaultQueryTexts.scoring);
    });

    test("POST contents saves one text, sanitised; the others stay", async () => {
      const about =
        '<h2>About</h2><p onclick="steal()">Ours<script>alert(1)</script></p><a href="javascript:x()">l</a>';
      const saved = await siteAdmin.post(PATH, { contents: { about } });
      expect(saved.status).toBe(200);
      expect(saved.json.contents.aboutText).toBe(
        '<h2>About</h2><p>Ours</p><a target="_blank" rel="noopener noreferrer">l</a>',
      );
      expect(saved.json.contents.licenceText).toBe(defaultContents.licenceText);
      await siteAdmin.post(PATH, { contents: { licence: "<p>Licence <strong>v2</strong></p>" } });
      await siteAdmin.post(PATH, { contents: { copyright: '<p>© <img src=x onerror="alert(1)">2026</p>' } });
      const read = await customer.get(PATH);
      expect(read.json.contents).toEqual({
        aboutText: '<h2>About</h2><p>Ours</p><a target="_blank" rel="noopener noreferrer">l</a>',
        licenceText: "<p>Licence <strong>v2</strong></p>",
        copyrightText: "<p>© 2026</p>",
      });
      // What is stored is the sanitised text, not only what is answered.
      const [contents] = (await storedRows()).filter((row) => row.key === "contents");
      expect(JSON.stringify(contents?.value)).not.toMatch(/script|onclick|onerror|javascript:/);
    });

    test("POST queries changes the fields sent and keeps the rest; the scoring has its own update", async () => {
      const saved = await siteAdmin.post(PATH, {
        queries: {
          querie1: {
            ...defaultQueryTexts.querie1,
            title: "  Surgical market share  ",
            chart_title2: "Surgeons",
          },
          querie9: { map_title: "Where patients go" },
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.json.queries.querie1).toEqual({
        ...defaultQueryTexts.querie1,
        title: "Surgical market share",
        chart_title2: "Surgeons",
      });
      expect(saved.json.queries.querie9).toEqual({
        ...defaultQueryTexts.querie9,
        map_title: "Where patients go",
      });
      const scoring = await siteAdmin.post(PATH, {
        queries: { scoring: { title: "Your score", partnerships_text: "Ties." } },
      });
      expect(scoring.json.queries.scoring).toEqual({
        ...defaultQueryTexts.scoring,
        title: "Your score",
        partnerships_text: "Ties.",
      });
      expect((await customer.get(PATH)).json.queries.querie1.title).toBe("Surgical market share");
    });

    test("refusals name the field and store nothing", async () => {
      const before = JSON.stringify(await storedRows());
      const cases: [unknown, string][] = [
        [{ queries: { querie1: { title: "  " } } }, "queries.querie1.title"],
        [{ queries: { querie1: { map_title: "not a field of querie1" } } }, "queries.querie1.map_title"],
        [{ queries: { querie99: { title: "No such query" } } }, "queries.querie99"],
        [{ queries: { querie2: { description: 7 } } }, "queries.querie2.description"],
        [{ contents: { about: "<p>a</p>", licence: "<p>b</p>" } }, "contents"],
        [{ contents: { terms: "<p>a</p>" } }, "contents.terms"],
        [{ contents: { about: "<p>a</p>" }, queries: {} }, "body"],
        [{}, "body"],
      ];
      for (const [body, field] of cases) {
        const answer = await siteAdmin.post(PATH, body);
        expect(answer.status).toBe(400);
        expect(answer.json.errors.map((error: { field: string }) => error.field)).toContain(field);
      }
      expect(JSON.stringify(await storedRows())).toBe(before);
    });

    test("an insight's template, edited in Query texts, writes the answers' sentence; emptied, leaves it out", async () => {
      const querie1 = () =>
        customer.post("/api/management/queries/querie1/", { filters: { year: 2024 } }).then((answer) => {
          expect(answer.status).toBe(200);
          return answer.json as { insights: { text: string; figures: Record<string, number> }[] };
        });
      const before = await querie1();
      expect(before.insights[1]!.text).toBe(
        "The largest competitor facility, North Hospital, performed 75.0% (30 cases).",
      );
      const edited = await siteAdmin.post(PATH, {
        queries: { querie1: { insight_facilities: "{name} leads your market with {share} ({cases})." } },
      });
      expect(edited.status).toBe(200);
      // The answer kept before the change is not served again: the sentence is in the new words.
      const after = await querie1();
      expect(after.insights[1]).toEqual({
        text: "North Hospital leads your market with 75.0% (30 cases).",
        figures: before.insights[1]!.figures,
      });
      // Stored: only what differs from the defaults (the title and chart title of the test above).
      const [queries] = (await storedRows()).filter((row) => row.key === "queries");
      expect(((queries?.value ?? {}) as Record<string, object>).querie1).toEqual({
        title: "Surgical market share",
        chart_title2: "Surgeons",
        insight_facilities: "{name} leads your market with {share} ({cases}).",
      });

      const emptied = await siteAdmin.post(PATH, { queries: { querie1: { insight_facilities: "" } } });
      expect(emptied.json.queries.querie1.insight_facilities).toBe("");
      expect((await querie1()).insights.map((insight) => insight.text)).toEqual(
        before.insights.filter((_, index) => index !== 1).map((insight) => insight.text),
      );
      await siteAdmin.post(PATH, {
        queries: { querie1: { insight_facilities: defaultQueryTexts.querie1!.insight_facilities } },
      });
      expect((await querie1()).insights).toEqual(before.insights);
    });

    test("an insight's template naming a word its sentence does not write is refused, naming both", async () => {
      const before = JSON.stringify(await storedRows());
      for (const template of ["{hospital} leads.", "{name leads."]) {
        const answer = await siteAdmin.post(PATH, { queries: { querie1: { insight_facilities: template } } });
        expect(answer.status).toBe(400);
        expect(answer.json.errors).toEqual([
          {
            field: "queries.querie1.insight_facilities",
            message: template.startsWith("{hospital}")
              ? "{hospital} is not a figure of this sentence: use {name}, {share}, {cases}"
              : "a brace must enclose a figure's name: {name}, {share}, {cases}",
          },
        ]);
      }
      expect(JSON.stringify(await storedRows())).toBe(before);
    });

    test("agents and customers cannot change the texts", async () => {
      const before = JSON.stringify(await storedRows());
      const byAgent = await agent.post(PATH, { contents: { about: "<p>agent</p>" } });
      expect(byAgent.status).toBe(403);
      expect(byAgent.json.detail).toBe("Agents cannot do this.");
      expect((await customer.post(PATH, { queries: { querie1: { title: "Mine" } } })).status).toBe(401);
      expect(JSON.stringify(await storedRows())).toBe(before);
      expect((await agent.get(PATH)).status).toBe(200);
    });
  });
}

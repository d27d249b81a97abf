import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LiveNppesRegistry } from "./liveRegistry.ts";
import { LocalNpiRegistry } from "./localRegistry.ts";
import type { NppesResult } from "./nppesShape.ts";

/** Recorded NPPES API v2.1 answers (testing/nppes-api/). */
const recorded = (name: string) =>
  readFileSync(join(import.meta.dir, "testing", "nppes-api", `${name}.json`), "utf8");

const localSurgeon: NppesResult = {
  enumeration_type: "NPI-1",
  number: "1234567893",
  basic: { first_name: "JANE", last_name: "DOE-LOCAL" },
  addresses: [],
  taxonomies: [{ code: "207X00000X", desc: "Orthopaedic Surgery", primary: true }],
};

describe("live NPPES API adapter against a local server replaying v2.1 answers", () => {
  let server: ReturnType<typeof Bun.serve>;
  const asked: URLSearchParams[] = [];
  const warnings: string[] = [];
  let registry: LiveNppesRegistry;

  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      async fetch(request) {
        const url = new URL(request.url);
        asked.push(url.searchParams);
        if (url.pathname !== "/api/" || url.searchParams.get("version") !== "2.1")
          return new Response("not found", { status: 404 });
        const number = url.searchParams.get("number");
        const json = (text: string) =>
          new Response(text, { headers: { "content-type": "application/json" } });
        if (number === "1234567893") return json(recorded("individual"));
        if (number === "1245319599" || url.searchParams.get("organization_name") === "HAMILTON*")
          return json(recorded("organisation"));
        if (number === "1111111112") return json(recorded("not-found"));
        if (number === "12345") return json(recorded("error"));
        if (number === "1999999992") {
          await Bun.sleep(1500);
          return json(recorded("individual"));
        }
        if (number === "1888888884") return new Response("Service Unavailable", { status: 503 });
        return json(recorded("not-found"));
      },
    });
    registry = new LiveNppesRegistry(
      { url: `http://127.0.0.1:${server.port}/api/`, timeoutMs: 300 },
      new LocalNpiRegistry([localSurgeon, { ...localSurgeon, number: "1999999992" }]),
      { warn: (message) => warnings.push(message) },
    );
  });
  afterAll(() => server.stop(true));

  test("found: the individual as the API answers it, version 2.1 asked", async () => {
    const answer = await registry.lookupNpi("1234567893");
    expect(answer.result_count).toBe(1);
    expect(answer.results[0]).toMatchObject({
      number: "1234567893",
      enumeration_type: "NPI-1",
      basic: { first_name: "JANE", last_name: "DOE", credential: "M.D." },
    });
    expect(answer.results[0]!.taxonomies.find((taxonomy) => taxonomy.primary)?.desc).toBe(
      "Orthopaedic Surgery, Orthopaedic Surgery of the Spine",
    );
    expect(answer.results[0]!.addresses[0]!.postal_code).toBe("460379606");
    expect(asked.at(-1)?.get("version")).toBe("2.1");
    expect(asked.at(-1)?.get("number")).toBe("1234567893");
    expect(warnings).toEqual([]);
  });

  test("not found: result_count 0, not a fallback", async () => {
    expect(await registry.lookupNpi("1111111112")).toEqual({ result_count: 0, results: [] });
    expect(warnings).toEqual([]);
  });

  test("an organisation (NPI-2), by number and by name search", async () => {
    const byNumber = await registry.lookupNpi("1245319599");
    expect(byNumber.results[0]).toMatchObject({
      enumeration_type: "NPI-2",
      basic: { organization_name: "HAMILTON NORTHSIDE HOSPITAL LLC" },
    });
    const bySearch = await registry.search({ organization_name: "HAMILTON*", enumeration_type: "NPI-2" });
    expect(bySearch.results.map((result) => result.number)).toEqual(["1245319599"]);
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({
      version: "2.1",
      organization_name: "HAMILTON*",
      enumeration_type: "NPI-2",
      limit: "10",
    });
  });

  test("an Errors answer: the local registry answers and a warning names the API's reason", async () => {
    expect(await registry.lookupNpi("12345")).toEqual({ result_count: 0, results: [] });
    expect(warnings.at(-1)).toBe(
      "NPPES API: the API refused the question (number: Field number must be a number with exactly 10 digits); answered from the local registry",
    );
  });

  test("a timeout: the local registry answers in time, with a warning", async () => {
    const started = performance.now();
    const answer = await registry.lookupNpi("1999999992");
    expect(performance.now() - started).toBeLessThan(1200);
    expect(answer.results[0]?.basic.last_name).toBe("DOE-LOCAL");
    expect(warnings.at(-1)).toBe("NPPES API: no answer within 300 ms; answered from the local registry");
  });

  test("an HTTP error and an unreachable API fall back too", async () => {
    await registry.lookupNpi("1888888884");
    expect(warnings.at(-1)).toBe("NPPES API: HTTP 503; answered from the local registry");
    const unreachable = new LiveNppesRegistry(
      { url: "http://127.0.0.1:9/api/", timeoutMs: 300 },
      new LocalNpiRegistry([localSurgeon]),
      { warn: (message) => warnings.push(message) },
    );
    expect((await unreachable.lookupNpi("1234567893")).results[0]?.basic.last_name).toBe("DOE-LOCAL");
    expect(warnings.at(-1)).toStartWith("NPPES API: unreachable (");
  });
});

import { expect, test } from "bun:test";
import { dropEarlyResponses, earlyRunOf, takeEarlyResponse, takeEarlyRun } from "./earlyRequests.ts";

const holder = globalThis as { __vitalityEarly?: Record<string, Promise<Response> | undefined> };
const answer = (text: string) => Promise.resolve(new Response(text));

// Before the test that closes early answers for good (dropEarlyResponses).
test("the run started with the HTML is used when it answered the screen's filters, once", async () => {
  const run = (filters: Record<string, unknown>, status = 200) =>
    Promise.resolve(new Response(JSON.stringify({ querie: "querie6", filters, results: {} }), { status }));
  // The server answers every filter field; the screen resolved those of querie6, lists in any order.
  const answered = { year: 2025, servicelines: ["spine", "hand"], service_area: ["PSA"], providers: [] };
  holder.__vitalityEarly = { "run:querie6": run(answered) };
  const taken = await takeEarlyRun("querie6", { servicelines: ["hand", "spine"], year: 2025 });
  expect(taken?.filters).toEqual(answered);
  expect(await takeEarlyRun("querie6", { year: 2025 })).toBeUndefined();

  // Other defaults than the screen's (a year the screen does not ask for), or a refusal: not used.
  holder.__vitalityEarly = { "run:querie6": run({ ...answered, year: 2024 }) };
  expect(await takeEarlyRun("querie6", { year: 2025 })).toBeUndefined();
  holder.__vitalityEarly = { "run:querie6": run(answered, 401) };
  expect(await takeEarlyRun("querie6", { year: 2025 })).toBeUndefined();
  holder.__vitalityEarly = { "run:querie1": run(answered) };
  expect(await takeEarlyRun("querie6", { year: 2025 })).toBeUndefined();
});

test("an early answer is taken once; after the first screen only its own run, and none after the next", async () => {
  holder.__vitalityEarly = { "/api/management/customer/detail/": answer("first") };
  const taken = takeEarlyResponse("/api/management/customer/detail/");
  expect(await (await taken!).text()).toBe("first");
  expect(takeEarlyResponse("/api/management/customer/detail/")).toBeUndefined();

  holder.__vitalityEarly = {
    "/api/management/customer/detail/": answer("detail"),
    "run:querie6": answer("run"),
    "run:querie1": answer("other run"),
  };
  // The first screen (querie6 at its defaults) resolved before its manifest answered: its run's
  // query asks once the manifest is there, and takes the run started with the HTML.
  dropEarlyResponses("querie6");
  expect(takeEarlyResponse("/api/management/customer/detail/")).toBeUndefined();
  expect(takeEarlyResponse("run:querie1")).toBeUndefined();
  expect(await (await takeEarlyResponse("run:querie6"))!.text()).toBe("run");
  // Taken once; what the async script started late is never handed out.
  holder.__vitalityEarly = {
    "/api/management/customer/detail/": answer("stale"),
    "run:querie6": answer("late"),
  };
  expect(takeEarlyResponse("run:querie6")).toBeUndefined();
  expect(takeEarlyResponse("/api/management/customer/detail/")).toBeUndefined();
  // Only the first screen keeps its run: the next screen's drop keeps nothing.
  dropEarlyResponses("querie6");
  expect(takeEarlyResponse("run:querie6")).toBeUndefined();
});

test("the addresses early-requests.js starts a run for: an analysis at its defaults only", () => {
  expect(earlyRunOf("/queries/querie5", "")).toBe("querie5");
  expect(earlyRunOf("/queries/querie11/", "")).toBe("querie11");
  expect(earlyRunOf("/queries/querie5", "?year=2024")).toBeUndefined();
  expect(earlyRunOf("/queries", "")).toBeUndefined();
  expect(earlyRunOf("/home", "")).toBeUndefined();
});

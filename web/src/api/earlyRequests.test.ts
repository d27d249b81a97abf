import { expect, test } from "bun:test";
import { dropEarlyResponses, takeEarlyResponse, takeEarlyRun } from "./earlyRequests.ts";

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

test("an early answer is taken once; none after the first screen, even one started late", async () => {
  holder.__vitalityEarly = { "/api/management/customer/detail/": answer("first") };
  const taken = takeEarlyResponse("/api/management/customer/detail/");
  expect(await (await taken!).text()).toBe("first");
  expect(takeEarlyResponse("/api/management/customer/detail/")).toBeUndefined();

  dropEarlyResponses();
  // The async script ran after the first screen resolved: its answer is never handed out.
  holder.__vitalityEarly = { "/api/management/customer/detail/": answer("stale") };
  expect(takeEarlyResponse("/api/management/customer/detail/")).toBeUndefined();
});

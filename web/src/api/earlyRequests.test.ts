import { expect, test } from "bun:test";
import { dropEarlyResponses, takeEarlyResponse } from "./earlyRequests.ts";

const holder = globalThis as { __vitalityEarly?: Record<string, Promise<Response> | undefined> };
const answer = (text: string) => Promise.resolve(new Response(text));

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

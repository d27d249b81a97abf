import { expect, test } from "bun:test";
import { cacheFigures } from "../caches/registry.ts";
import { EncodedBody } from "../http/encodedBody.ts";
import { dropHeldValuesOf } from "./derived/heldKept.ts";
import { filterLists } from "./filterLists.ts";
import { recordJsonParts } from "./sharedJson.ts";
import type { SqlRunner } from "./sqlRunner.ts";

/** A runner answering filter_lists.sql with `providers` providers, counting its statements. */
function listsRunner(providers: number) {
  const runner = {
    statements: 0,
    async rows() {
      runner.statements++;
      return Array.from({ length: providers }, (_, index) => ({
        kind: "provider",
        npi: String(1_000_000_000 + index),
        name: `Provider ${index}`,
        zipcode: null,
      })) as never;
    },
  };
  return runner as SqlRunner & { statements: number };
}

/** A list's text as an answer carrying it reads it. */
const textInAnswer = (list: object) => {
  const text = new EncodedBody(recordJsonParts({ list })).text();
  return text.slice('{"list":'.length, -1);
};

const figures = () => cacheFigures().find((cache) => cache.name === "filterLists")!;

test("an organisation-year's lists are made once, counted in bytes, their text shared, and dropped with the organisation's values", async () => {
  const organisation = "7d1f0c2e-0000-4000-8000-000000000001";
  const areaFile = `/data/warehouse/practice/${organisation}/2025/derived/area_cases-abc.parquet`;
  const runner = listsRunner(2_000);
  const bytesBefore = figures().bytes ?? 0;
  const lists = await filterLists(runner, areaFile);
  expect(lists.providers_name_list).toHaveLength(2_000);
  expect(await filterLists(runner, areaFile)).toBe(lists);
  expect(runner.statements).toBe(1);
  // About 2,000 entries of two short texts: counted in the byte bound (a slot each and their compressed text), not as a few bytes.
  expect((figures().bytes ?? 0) - bytesBefore).toBeGreaterThan(16_000);
  expect(textInAnswer(lists.providers_name_list)).toBe(JSON.stringify(lists.providers_name_list));
  // Compressed once: every answer carries the same frame.
  expect(recordJsonParts({ lists: lists.providers_name_list })[2]).toBeInstanceOf(Uint8Array);
  expect(recordJsonParts({ lists: lists.providers_name_list })[2]).toBe(
    recordJsonParts({ lists: lists.providers_name_list })[2]!,
  );
  dropHeldValuesOf(organisation);
  const again = await filterLists(runner, areaFile);
  expect(runner.statements).toBe(2);
  expect(again).not.toBe(lists);
  expect(again).toEqual(lists);
});

test("organisation-years listing the same provider hold one entry object for it", async () => {
  const areaFile = (organisation: string) =>
    `/data/warehouse/practice/${organisation}/2025/derived/area_cases-def.parquet`;
  const first = await filterLists(listsRunner(300), areaFile("7d1f0c2e-0000-4000-8000-000000000002"));
  const second = await filterLists(listsRunner(500), areaFile("7d1f0c2e-0000-4000-8000-000000000003"));
  expect(second.providers_name_list).not.toBe(first.providers_name_list);
  expect(second.providers_name_list[299]).toBe(first.providers_name_list[299]!);
  expect(Object.isFrozen(second.providers_name_list[400])).toBe(true);
  expect(textInAnswer(second.providers_name_list)).toBe(JSON.stringify(second.providers_name_list));
});

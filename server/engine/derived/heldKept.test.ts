import { expect, test } from "bun:test";
import { dropHeldValuesOf, heldValues } from "./heldKept.ts";

test("a held value is peeked without reading; past 80% of its bytes the cache says it has no room", async () => {
  const held = heldValues<{ bytes: number }>("heldRoomTest", (value) => value.bytes);
  held.forget({ flowEntries: 10, flowBytes: 100 });
  expect(held.hasRoom()).toBe(true);
  expect(held.peek("a")).toBeUndefined();
  await held.get("a", async () => ({ bytes: 50 }));
  expect(held.peek("a")).toEqual({ bytes: 50 });
  expect(held.hasRoom()).toBe(true);
  await held.get("b", async () => ({ bytes: 35 }));
  // 85 of 100 bytes: a caller that would only push out what it read (a starting process) takes no more.
  expect(held.hasRoom()).toBe(false);
  held.forget({ flowEntries: 1, flowBytes: 1000 });
  await held.get("c", async () => ({ bytes: 1 }));
  expect(held.hasRoom()).toBe(false);
});

test("a cache of several values per organisation-year holds that many per organisation-year of the bound", async () => {
  const held = heldValues<{ bytes: number }>("heldPerYearTest", (value) => value.bytes, 3);
  held.forget({ flowEntries: 2, flowBytes: 1000 });
  for (const key of ["a", "b", "c", "d", "e", "f", "g", "g"]) await held.get(key, async () => ({ bytes: 1 }));
  // Two organisation-years of three values: the seventh value, read again, pushed the first out.
  expect(held.keys().sort()).toEqual(["b", "c", "d", "e", "f", "g"]);
});

test("past its room a value read once serves its run and is not held; read again, it is held", async () => {
  const held = heldValues<{ bytes: number }>("heldAdmissionTest", (value) => value.bytes);
  held.forget({ flowEntries: 10, flowBytes: 100 });
  let reads = 0;
  const read = (bytes: number) => async () => {
    reads += 1;
    return { bytes };
  };
  await held.get("a", read(50));
  await held.get("b", read(35));
  // 85 of 100 bytes: past the room (80%). c (20 bytes) is read for its run, and nothing held goes for it.
  expect(await held.get("c", read(20))).toEqual({ bytes: 20 });
  expect(held.keys()).toEqual(["b", "a"]);
  // Asked for again: read again, and held now, the least recently used (a) going to make room.
  await held.get("c", read(20));
  expect(held.keys()).toEqual(["c", "b"]);
  expect(reads).toBe(4);
  // Held: no read.
  await held.get("c", read(20));
  expect(reads).toBe(4);
});

test("runs asking for a value at the same time share one read; a failed read is not held", async () => {
  const held = heldValues<{ bytes: number }>("heldSharedReadTest", (value) => value.bytes);
  held.forget({ flowEntries: 10, flowBytes: 1000 });
  let reads = 0;
  const slow = async () => {
    reads += 1;
    await Bun.sleep(5);
    return { bytes: 1 };
  };
  const [one, two] = await Promise.all([held.get("a", slow), held.get("a", slow)]);
  expect(one).toBe(two);
  expect(reads).toBe(1);
  await expect(held.get("b", async () => Promise.reject(new Error("unreadable")))).rejects.toThrow(
    "unreadable",
  );
  expect(held.keys()).toEqual(["a"]);
});

test("an organisation's data change drops its values from every cache, and only its", async () => {
  const tables = heldValues<{ bytes: number }>("heldDropTablesTest", (value) => value.bytes);
  const flows = heldValues<{ bytes: number }>("heldDropFlowsTest", (value) => value.bytes);
  await tables.get("/data/org-1/2024/q1", async () => ({ bytes: 1 }));
  await flows.get("/data/org-1/2024/flows", async () => ({ bytes: 1 }));
  await flows.get("/data/org-2/2024/flows", async () => ({ bytes: 1 }));
  dropHeldValuesOf("org-1");
  expect(tables.keys()).toEqual([]);
  expect(flows.keys()).toEqual(["/data/org-2/2024/flows"]);
  dropHeldValuesOf(undefined);
  expect(flows.keys()).toEqual([]);
});

import { afterEach, expect, test } from "bun:test";
import { cacheFigures } from "../../caches/registry.ts";
import { dropHeldValuesOf, heldValues, VALUES_PER_ORGANISATION_YEAR } from "./heldKept.ts";

type Sized = { bytes: number };
const tables = heldValues<Sized>("heldTestTables", (value) => value.bytes);
const flows = heldValues<Sized>("heldTestFlows", (value) => value.bytes);
const figuresOf = (name: string) => cacheFigures().find((cache) => cache.name === name);

// Back to the configured bound, which the other tests of this process expect.
afterEach(() => tables.forget());

test("a held value is peeked without reading; past 80% of its bytes the store says it has no room", async () => {
  tables.forget({ values: 10, bytes: 100 });
  expect(tables.hasRoom()).toBe(true);
  expect(tables.peek("a")).toBeUndefined();
  await tables.get("a", async () => ({ bytes: 50 }));
  expect(tables.peek("a")).toEqual({ bytes: 50 });
  expect(tables.hasRoom()).toBe(true);
  // Another kind's value counts against the same bound.
  await flows.get("b", async () => ({ bytes: 35 }));
  // 85 of 100 bytes: a caller that would only push out what it read (a starting process) takes no more.
  expect(tables.hasRoom()).toBe(false);
  expect(flows.hasRoom()).toBe(false);
  tables.forget({ values: 1, bytes: 1000 });
  await tables.get("c", async () => ({ bytes: 1 }));
  expect(tables.hasRoom()).toBe(false);
});

test("the kinds share one bound, least recently used out first whatever its kind, each listed with its share", async () => {
  tables.forget({ values: 3, bytes: 1000 });
  for (const key of ["a", "b"]) await tables.get(key, async () => ({ bytes: 10 }));
  await flows.get("a", async () => ({ bytes: 100 }));
  // Full (3 of 3 values): a fourth value read twice is held, and the least recently used (tables' a) goes.
  await tables.get("b", async () => ({ bytes: 10 }));
  for (let read = 0; read < 2; read += 1) await flows.get("z", async () => ({ bytes: 200 }));
  expect(tables.keys()).toEqual(["b"]);
  expect(flows.keys()).toEqual(["z", "a"]);
  expect(figuresOf("heldTestTables")).toMatchObject({ size: 1, max: 3, bytes: 10, maxBytes: 1000 });
  expect(figuresOf("heldTestFlows")).toMatchObject({ size: 2, max: 3, bytes: 300 });
  expect(figuresOf("held")).toMatchObject({ size: 3, max: 3, bytes: 310, maxBytes: 1000 });
  // Forgetting one kind leaves the other's values held.
  flows.forget({ values: 3, bytes: 1000 });
  expect(flows.keys()).toEqual([]);
  expect(tables.keys()).toEqual(["b"]);
  expect(figuresOf("held")).toMatchObject({ size: 1, bytes: 10 });
});

test("the configured bound counts organisation-years of every kind's values", () => {
  tables.forget();
  const { max } = figuresOf("held")!;
  expect(max % VALUES_PER_ORGANISATION_YEAR).toBe(0);
  expect(max / VALUES_PER_ORGANISATION_YEAR).toBe(512);
});

test("past its room a value read once serves its run and is not held; read again, it is held", async () => {
  tables.forget({ values: 10, bytes: 100 });
  let reads = 0;
  const read = (bytes: number) => async () => {
    reads += 1;
    return { bytes };
  };
  await tables.get("a", read(50));
  await tables.get("b", read(35));
  // 85 of 100 bytes: past the room (80%). c (20 bytes) is read for its run, and nothing held goes for it.
  expect(await tables.get("c", read(20))).toEqual({ bytes: 20 });
  expect(tables.keys()).toEqual(["b", "a"]);
  // Asked for again: read again, and held now, the least recently used (a) going to make room.
  await tables.get("c", read(20));
  expect(tables.keys()).toEqual(["c", "b"]);
  expect(reads).toBe(4);
  // Held: no read.
  await tables.get("c", read(20));
  expect(reads).toBe(4);
});

test("runs asking for a value at the same time share one read; a failed read is not held", async () => {
  tables.forget({ values: 10, bytes: 1000 });
  let reads = 0;
  const slow = async () => {
    reads += 1;
    await Bun.sleep(5);
    return { bytes: 1 };
  };
  const [one, two] = await Promise.all([tables.get("a", slow), tables.get("a", slow)]);
  expect(one).toBe(two);
  expect(reads).toBe(1);
  await expect(tables.get("b", async () => Promise.reject(new Error("unreadable")))).rejects.toThrow(
    "unreadable",
  );
  expect(tables.keys()).toEqual(["a"]);
});

test("an organisation's data change drops its values of every kind, and only its", async () => {
  tables.forget({ values: 10, bytes: 1000 });
  await tables.get("/data/org-1/2024/q1", async () => ({ bytes: 1 }));
  await flows.get("/data/org-1/2024/flows", async () => ({ bytes: 1 }));
  await flows.get("/data/org-2/2024/flows", async () => ({ bytes: 1 }));
  dropHeldValuesOf("org-1");
  expect(tables.keys()).toEqual([]);
  expect(flows.keys()).toEqual(["/data/org-2/2024/flows"]);
  expect(figuresOf("heldTestFlows")).toMatchObject({ size: 1, bytes: 1 });
  dropHeldValuesOf(undefined);
  expect(flows.keys()).toEqual([]);
  expect(figuresOf("held")).toMatchObject({ size: 0, bytes: 0 });
});

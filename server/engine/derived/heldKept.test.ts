import { expect, test } from "bun:test";
import { heldValues } from "./heldKept.ts";

test("a held value is peeked without reading; past 80% of its bytes the cache says it has no room", async () => {
  const held = heldValues<{ bytes: number }>("heldRoomTest", (value) => value.bytes);
  held.forget({ flowEntries: 10, flowBytes: 100 });
  expect(held.hasRoom()).toBe(true);
  expect(held.peek("a")).toBeUndefined();
  await held.get("a", async () => ({ bytes: 50 }));
  expect(held.peek("a")).toEqual({ bytes: 50 });
  expect(held.hasRoom()).toBe(true);
  await held.get("b", async () => ({ bytes: 35 }));
  // 85 of 100 bytes: a caller that can do without (prepared rows: the kernel answers) takes no more.
  expect(held.hasRoom()).toBe(false);
  held.forget({ flowEntries: 1, flowBytes: 1000 });
  await held.get("c", async () => ({ bytes: 1 }));
  expect(held.hasRoom()).toBe(false);
});

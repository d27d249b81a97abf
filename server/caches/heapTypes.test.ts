import { expect, test } from "bun:test";
import { heapTypesLine, typesGrown } from "./heapTypes.ts";

test("the types that gained the most, most first, and none that kept or lost their number", () => {
  const before = { Object: 100, Array: 50, Map: 3, Promise: 10 };
  const after = { Object: 160, Array: 50, Map: 40, Promise: 4, Closure: 5 };
  expect(typesGrown(before, after)).toEqual([
    { type: "Object", count: 160, gained: 60 },
    { type: "Map", count: 40, gained: 37 },
    { type: "Closure", count: 5, gained: 5 },
  ]);
  expect(typesGrown(before, after, 1).map((growth) => growth.type)).toEqual(["Object"]);
});

test("the line names each type once, a space in a type's name made an underscore", () => {
  expect(heapTypesLine([{ type: "Immutable Butterfly", count: 9, gained: 4 }])).toBe(
    "heap_types: Immutable_Butterfly=+4/9",
  );
  expect(heapTypesLine([])).toBe("heap_types: none grew");
});

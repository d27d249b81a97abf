import { describe, expect, test } from "bun:test";
import { keptBytes, valueOfKeptBytes } from "../../server/engine/derived/keptJson.ts";
import { randomOf } from "../../tests/helpers/seededRandom.ts";
import type { ZipFlows } from "./flowTable.ts";
import { FlowTable } from "./flowTable.ts";

const flows: ZipFlows[] = [
  {
    zip: "10001",
    cells: [
      { line: "spine", area: "PSA", cases: 3 },
      { line: "spine", area: null, cases: 2 },
      { line: "trauma", area: "TSA", cases: 1.5 },
    ],
    outside: [
      { line: "spine", name: "Dr B", cases: 1 },
      { line: "spine", name: "Dr A", cases: 1 },
      { line: "trauma", name: "Dr C", cases: 0.5 },
      { line: "trauma", name: "Dr B", cases: 0.5 },
    ],
  },
  { zip: "10002", cells: [{ line: "trauma", area: "SSA", cases: 4 }], outside: null },
];

describe("FlowTable: the flows as columns", () => {
  const table = FlowTable.of(flows);
  const cellsOf = (zip: number) => {
    const seen: Array<[string, string | null, number]> = [];
    table.cells(zip, (line, area, cases) => seen.push([line, area, cases]));
    return seen;
  };

  test("gives back every cell and OUTSIDE flow of each zip as it was", () => {
    expect(table.zips).toEqual(["10001", "10002"]);
    expect(cellsOf(0)).toEqual([
      ["spine", "PSA", 3],
      ["spine", null, 2],
      ["trauma", "TSA", 1.5],
    ]);
    expect(cellsOf(1)).toEqual([["trauma", "SSA", 4]]);
    // Tied by cases: in the names' order.
    expect(table.outsideProviders(0, table.chosenCodes(new Set(["spine"])))).toEqual([
      { name: "Dr A", cases: 1 },
      { name: "Dr B", cases: 1 },
    ]);
  });

  test("adds up each provider's OUTSIDE cases over the chosen lines, largest first", () => {
    const both = table.chosenCodes(new Set(["spine", "trauma"]));
    expect(table.outsideProviders(0, both)).toEqual([
      { name: "Dr B", cases: 1.5 },
      { name: "Dr A", cases: 1 },
      { name: "Dr C", cases: 0.5 },
    ]);
    // A second call starts from nothing (the sums of the first are not carried over).
    expect(table.outsideProviders(0, table.chosenCodes(new Set(["trauma"])))).toEqual([
      { name: "Dr B", cases: 0.5 },
      { name: "Dr C", cases: 0.5 },
    ]);
    expect(table.outsideProviders(1, both)).toEqual([]);
  });

  test("each zip's providers as a reference sort orders them: largest first, then the names' collation, then first named", () => {
    const random = randomOf(9);
    // Names that collate equal ("e\u0301" and "é") and tie on cases keep the order first named.
    const names = ["Dr Z", "dr a", "Dr A", "Dr e\u0301", "Dr é", "Dr M", "Dr B", "Dr b"];
    const lines = ["spine", "trauma", "hand_ue"];
    const zipFlows: ZipFlows[] = Array.from({ length: 40 }, (_, zip) => ({
      zip: String(20000 + zip),
      cells: [{ line: "spine", area: null, cases: 1 }],
      outside: Array.from({ length: 1 + Math.floor(random() * 30) }, () => ({
        line: lines[Math.floor(random() * lines.length)]!,
        name: names[Math.floor(random() * names.length)]!,
        cases: 1 + Math.floor(random() * 3),
      })),
    }));
    const randomTable = FlowTable.of(zipFlows);
    const collate = new Intl.Collator().compare;
    for (const chosenLines of [lines, ["spine"], ["trauma", "hand_ue"]]) {
      const chosen = randomTable.chosenCodes(new Set(chosenLines));
      zipFlows.forEach((flow, zip) => {
        const sums = new Map<string, number>();
        for (const { line, name, cases } of flow.outside ?? [])
          if (chosenLines.includes(line)) sums.set(name, (sums.get(name) ?? 0) + cases);
        const expected = [...sums]
          .sort(([a, x], [b, y]) => y - x || collate(a, b))
          .map(([name, cases]) => ({ name, cases }));
        expect(randomTable.outsideProviders(zip, chosen)).toEqual(expected);
      });
    }
  });

  test("narrows to the chosen lines, a line it never saw included", () => {
    const trauma = table.chosenCodes(new Set(["trauma", "sports_medicine"]));
    expect(table.hasChosen(0, trauma)).toBe(true);
    expect(table.hasChosen(1, trauma)).toBe(true);
    const spine = table.chosenCodes(new Set(["spine"]));
    expect(table.hasChosen(1, spine)).toBe(false);
    expect(table.outsideProviders(0, table.chosenCodes(new Set(["sports_medicine"])))).toEqual([]);
  });

  test("kept as its columns' bytes, read back as the same table; a kept form that does not fit is refused", () => {
    const bytes = keptBytes(table) as Uint8Array;
    const read = FlowTable.fromKept(valueOfKeptBytes(bytes));
    expect(read.zips).toEqual(table.zips);
    const both = new Set(["spine", "trauma"]);
    for (const zip of [0, 1]) {
      expect(read.outsideProviders(zip, read.chosenCodes(both))).toEqual(
        table.outsideProviders(zip, table.chosenCodes(both)),
      );
      const cells: unknown[] = [];
      read.cells(zip, (...cell) => cells.push(cell));
      const expected: unknown[] = [];
      table.cells(zip, (...cell) => expected.push(cell));
      expect(cells).toEqual(expected);
    }
    const kept = () => valueOfKeptBytes(bytes) as Record<string, unknown>;
    expect(() => FlowTable.fromKept({ ...kept(), outsideName: Uint32Array.of(0, 0, 9, 1) })).toThrow(
      "do not fit",
    );
    expect(() => FlowTable.fromKept({ ...kept(), cellStart: Uint32Array.of(0, 3, 9) })).toThrow("do not fit");
    expect(() => FlowTable.fromKept({ ...kept(), cellCases: [3, 2, 1.5, 4] })).toThrow();
  });

  test("holds far less than the flows' JSON text at scale", () => {
    const lines = [
      "spine",
      "trauma",
      "hand_ue",
      "foot_ankle",
      "le_joint_replacement",
      "sports_medicine",
      "other",
    ];
    const many: ZipFlows[] = Array.from({ length: 800 }, (_, i) => ({
      zip: String(10000 + i),
      cells: lines.flatMap((line) => [
        { line, area: "PSA" as const, cases: i % 7 },
        { line, area: null, cases: 1 },
      ]),
      outside: lines.map((line, j) => ({ line, name: `Provider ${(i * 7 + j) % 300}`, cases: 1 })),
    }));
    const text = JSON.stringify(many).length;
    // The parsed objects held more than the text itself (an object per cell, a string per name).
    expect(FlowTable.of(many).bytes).toBeLessThan(text / 3);
  });
});

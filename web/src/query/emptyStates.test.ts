import { describe, expect, test } from "bun:test";
import { growthView } from "../../../queries/querie11/view.ts";
import { EMPTY_STATES, emptyStateOf } from "./emptyStates.ts";

describe("the analyses' one empty state", () => {
  test("a result's note is shown as its declared kind; no rows is 'no data'; rows draw the figure", () => {
    const waterfall = growthView.charts[0]!;
    expect(emptyStateOf(waterfall, "No price here.", 0)).toEqual({
      kind: "no-price",
      text: "No price here.",
    });
    // querie10's notes declare no kind: a second year is what they need.
    expect(emptyStateOf({}, "A trend needs a second year of data", 5)).toEqual({
      kind: "one-year",
      text: "A trend needs a second year of data",
    });
    expect(emptyStateOf({}, undefined, 0)).toEqual({ kind: "no-data", text: EMPTY_STATES["no-data"].text });
    expect(emptyStateOf({}, undefined, 3)).toBeUndefined();
    expect(emptyStateOf({}, undefined, undefined)).toBeUndefined();
  });

  test("each state says what is missing and what to do", () => {
    expect(EMPTY_STATES["no-data"].title).toBe("No data for these filters");
    expect(EMPTY_STATES["not-initialized"].title).toBe("The analyses are not open yet");
    for (const state of Object.values(EMPTY_STATES)) expect(state.text.length).toBeGreaterThan(20);
  });
});

import { describe, expect, test } from "bun:test";
import { NO_RECIPIENT_LEFT, nextDeliveryOf } from "./subscriptions.ts";

/** Issue 32: a subscription whose recipients had all left still showed a next delivery. */
describe("the next delivery a subscription shows", () => {
  const nextRunAt = new Date("2026-12-07T08:00:00.000Z");
  const scheduled = { paused: false, nextRunAt };

  test("the scheduled time while one recipient is still active", () => {
    expect(nextDeliveryOf(scheduled, [{ state: "removed" }, { state: "active" }])).toEqual({
      next_delivery_at: "2026-12-07T08:00:00.000Z",
      next_delivery_note: null,
    });
  });

  test("none, and why, when every recipient was removed, blocked or unsubscribed", () => {
    expect(nextDeliveryOf(scheduled, [{ state: "removed" }, { state: "blocked" }])).toEqual({
      next_delivery_at: null,
      next_delivery_note: NO_RECIPIENT_LEFT,
    });
    expect(NO_RECIPIENT_LEFT).toContain("removed, blocked or unsubscribed");
    // Every recipient unsubscribed: no row left at all.
    expect(nextDeliveryOf(scheduled, [])).toEqual({
      next_delivery_at: null,
      next_delivery_note: NO_RECIPIENT_LEFT,
    });
  });

  test("none while paused (the screen says Paused)", () => {
    expect(nextDeliveryOf({ paused: true, nextRunAt }, [{ state: "active" }])).toEqual({
      next_delivery_at: null,
      next_delivery_note: null,
    });
  });
});

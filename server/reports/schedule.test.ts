import { describe, expect, test } from "bun:test";
import { isTimeZone, nextDelivery, scheduleInWords } from "./schedule.ts";

describe("nextDelivery", () => {
  test("weekly: the next Monday 07:00 in Berlin (winter, UTC+1)", () => {
    // 2026-03-04 is a Wednesday.
    const due = nextDelivery(
      { frequency: "weekly", weekday: 1, hour: 7, timeZone: "Europe/Berlin" },
      new Date("2026-03-04T10:00:00Z"),
    );
    expect(due.toISOString()).toBe("2026-03-09T06:00:00.000Z");
  });

  test("weekly: the same day when the hour is still ahead, the next week once it passed", () => {
    const schedule = { frequency: "weekly" as const, weekday: 3, hour: 12, timeZone: "UTC" };
    expect(nextDelivery(schedule, new Date("2026-03-04T11:59:00Z")).toISOString()).toBe(
      "2026-03-04T12:00:00.000Z",
    );
    expect(nextDelivery(schedule, new Date("2026-03-04T12:00:00Z")).toISOString()).toBe(
      "2026-03-11T12:00:00.000Z",
    );
  });

  test("monthly on day 28 in New York across the DST change (UTC-5 then UTC-4)", () => {
    const schedule = { frequency: "monthly" as const, monthDay: 28, hour: 8, timeZone: "America/New_York" };
    const february = nextDelivery(schedule, new Date("2026-02-10T00:00:00Z"));
    expect(february.toISOString()).toBe("2026-02-28T13:00:00.000Z");
    expect(nextDelivery(schedule, february).toISOString()).toBe("2026-03-28T12:00:00.000Z");
  });

  test("a date late in the zone's day counts as the zone's day (Tokyo is ahead of UTC)", () => {
    // 2026-03-01T20:00Z is Monday 05:00 in Tokyo: Monday 09:00 there is still ahead.
    const due = nextDelivery(
      { frequency: "weekly", weekday: 1, hour: 9, timeZone: "Asia/Tokyo" },
      new Date("2026-03-01T20:00:00Z"),
    );
    expect(due.toISOString()).toBe("2026-03-02T00:00:00.000Z");
  });

  test("zones and words", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(scheduleInWords({ frequency: "weekly", weekday: 1, hour: 7, timeZone: "UTC" })).toBe(
      "Weekly on Monday at 07:00 (UTC)",
    );
  });
});

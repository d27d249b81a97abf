import { describe, expect, test } from "bun:test";
import { type Timers, toastCloser } from "./toastCloser.ts";

/** A fake clock: timers run when `advance` passes their time. */
function fakeClock() {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    set: (run, ms) => {
      due.set(next, { at: now + ms, run });
      return next++;
    },
    clear: (handle) => due.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [handle, timer] of [...due]) {
      if (timer.at <= now) {
        due.delete(handle);
        timer.run();
      }
    }
  };
  return { timers, advance, pending: () => due.size };
}

describe("a live toast closes 5 s after its latest message", () => {
  test("a task's final message stays its full 5 s, however long the task ran", () => {
    const clock = fakeClock();
    const hidden: { id: string; at: number }[] = [];
    let elapsed = 0;
    const closeLater = toastCloser((id) => hidden.push({ id, at: elapsed }), 5000, clock.timers);
    const step = (ms: number) => {
      elapsed += ms;
      clock.advance(ms);
    };
    closeLater("live-task"); // "Facility validation: 10%"
    step(1500);
    closeLater("live-task"); // "...: 60%"
    step(1000);
    closeLater("live-task"); // "...: done", 2.5 s after the first message
    step(4999);
    expect(hidden).toEqual([]);
    step(1);
    expect(hidden).toEqual([{ id: "live-task", at: 7500 }]);
    expect(clock.pending()).toBe(0);
  });

  test("toasts close on their own clocks", () => {
    const clock = fakeClock();
    const hidden: string[] = [];
    const closeLater = toastCloser((id) => hidden.push(id), 5000, clock.timers);
    closeLater("a");
    clock.advance(3000);
    closeLater("b");
    clock.advance(2000);
    expect(hidden).toEqual(["a"]);
    clock.advance(3000);
    expect(hidden).toEqual(["a", "b"]);
  });
});

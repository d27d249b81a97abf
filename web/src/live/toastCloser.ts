/** The timer functions a closer uses (the browser's, or a test's fake clock). */
export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Closes a toast `ms` after its latest message. A task's toast is updated in place as its messages
 * arrive, and Mantine's own autoClose counts from the first one (the final "...: done" then left
 * after 2.5-4.7 s); here every message restarts the count, so the last one stays its full time.
 * A timer is dropped once it fires: the map holds only toasts on screen.
 */
export function toastCloser(hide: (id: string) => void, ms: number, timers: Timers = browserTimers) {
  const pending = new Map<string, unknown>();
  return (id: string) => {
    if (pending.has(id)) timers.clear(pending.get(id));
    pending.set(
      id,
      timers.set(() => {
        pending.delete(id);
        hide(id);
      }, ms),
    );
  };
}

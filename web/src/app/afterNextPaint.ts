/**
 * Resolves once the browser has painted the page's first content (the first contentful paint, then
 * one more frame), for work that must not compete with a screen's first paint: the toasts'
 * container, the live channel. "The next frame" alone is not enough: a guard's loader or a pending
 * screen without text commits (and paints) frames before any content shows, and requests started
 * then still delay the first screen. Once the first content was painted this resolves after one
 * frame. A hidden tab paints no frame, hence the time limit.
 */
export function afterNextPaint(limitMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    let observer: PerformanceObserver | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(finish, limitMs);
    const nextFrame = () => requestAnimationFrame(() => setTimeout(finish, 0));
    if (
      typeof PerformanceObserver === "undefined" ||
      !PerformanceObserver.supportedEntryTypes?.includes("paint")
    ) {
      nextFrame();
      return;
    }
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) nextFrame();
    });
    // buffered: an entry recorded before this call (the content is already on screen) is delivered too.
    observer.observe({ type: "paint", buffered: true });
  });
}

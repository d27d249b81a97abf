/**
 * Resolves once the browser has painted the frame being prepared (the screen that was just
 * committed), for work that must not compete with a screen's first paint: the toasts' container,
 * the live channel. A hidden tab paints no frame, hence the time limit.
 */
export function afterNextPaint(limitMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/** The scoring screen's numbers climb to their value in 20 steps (customer-area.md section 9). */
export const COUNT_UP_STEPS = 20;

/**
 * The values shown at each step, ending exactly on the target. Intermediate values keep the
 * target's one decimal, so the last frame never jumps.
 */
export function countUpFrames(target: number, steps = COUNT_UP_STEPS): number[] {
  if (!Number.isFinite(target) || steps < 1) return [0];
  return Array.from({ length: steps }, (_, index) =>
    index === steps - 1 ? target : Math.round(((target * (index + 1)) / steps) * 10) / 10,
  );
}

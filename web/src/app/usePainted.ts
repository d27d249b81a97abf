import { useEffect, useState } from "react";
import { afterNextPaint } from "./afterNextPaint.ts";

/**
 * False until the frame after the component mounted has been painted. A screen's heavy parts (the
 * chart and map code: Vega's chunk takes 80-90 ms to evaluate) wait for it, so that the screen's
 * tables and titles are drawn first instead of after that work.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterNextPaint().then(() => {
      if (mounted) setPainted(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}

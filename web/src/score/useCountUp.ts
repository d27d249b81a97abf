import { useReducedMotion } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { countUpFrames } from "./countUp.ts";

const FRAME_MS = 50;

/** The value to show now while a score climbs to `target`; reduced motion shows it at once. */
export function useCountUp(target: number): number {
  const reduceMotion = useReducedMotion();
  const [shown, setShown] = useState(reduceMotion ? target : 0);
  useEffect(() => {
    if (reduceMotion) {
      setShown(target);
      return;
    }
    const frames = countUpFrames(target);
    let step = 0;
    const timer = setInterval(() => {
      setShown(frames[step] ?? target);
      step += 1;
      if (step >= frames.length) clearInterval(timer);
    }, FRAME_MS);
    return () => clearInterval(timer);
  }, [target, reduceMotion]);
  return shown;
}

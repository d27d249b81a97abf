import type { ReactNode } from "react";
import { usePainted } from "./usePainted.ts";

/**
 * Its children once the frame after it mounted is painted. The flag lives here, not in the screen
 * that uses it: when it flips, only these children render, not the whole screen around them again
 * (a query screen's tables, charts and menus: 1,600 components of querie1, in the same task that
 * starts its first chart).
 */
export function AfterPaint({ children }: { children: ReactNode }) {
  return usePainted() ? children : null;
}

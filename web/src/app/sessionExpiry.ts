import { isInvalidSession } from "../api/errors.ts";

let onSessionLost: (() => void) | undefined;

/** Wired once by main.tsx: what to do when any call finds the session gone (re-run the guards). */
export function setSessionLostHandler(handler: () => void) {
  onSessionLost = handler;
}

/** The live channel was closed because the session ended: re-run the guards (sign-in). */
export function reportSessionEnded() {
  onSessionLost?.();
}

/** Called for every failed query and mutation. */
export function reportApiFailure(error: unknown) {
  if (isInvalidSession(error)) onSessionLost?.();
}

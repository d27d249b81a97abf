import { HttpError } from "../http/errors.ts";

export interface FaqFlags {
  promote: boolean;
  active: boolean;
}

/**
 * admin-area.md section 4, FAQ flags: turning active off forces promote off; turning promote on
 * forces active on (only an active question can be promoted). The screen applies the rule as a
 * toggle changes; the server applies it again to what it is sent, judged against what is stored,
 * so no call can store a promoted inactive question. Both changes at once (active off and promote
 * on) contradict each other and are refused.
 */
export function nextFaqFlags(stored: FaqFlags, requested: FaqFlags): FaqFlags {
  if (!requested.promote || requested.active) return requested;
  const activeTurnedOff = stored.active && !requested.active;
  const promoteTurnedOn = !stored.promote && requested.promote;
  if (activeTurnedOff && promoteTurnedOn) {
    throw new HttpError(400, "data.promote: an inactive question cannot be promoted", [
      { field: "data.promote", message: "an inactive question cannot be promoted" },
    ]);
  }
  if (activeTurnedOff) return { promote: false, active: false };
  return { promote: true, active: true };
}

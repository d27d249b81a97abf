import { SERVER_RESTART_CLOSE, SESSION_ENDED_CLOSE } from "../../../server/live/closeCodes.ts";

/**
 * What the live channel does when its socket closes, by the server's close code: a session that
 * ended is not reopened (sign in again); a server stopping for a deploy or restart is reconnected
 * at the first delay (another process or the new one answers); any other drop backs off.
 */
export function afterClose(code: number): "sign-in" | "reconnect-soon" | "back-off" {
  if (code === SESSION_ENDED_CLOSE.code) return "sign-in";
  if (code === SERVER_RESTART_CLOSE.code) return "reconnect-soon";
  return "back-off";
}

import { MAX_USERS_PER_ORGANISATION } from "../../../../server/forms/userLimits.ts";

/**
 * When staff may add a user (admin-area.md, "Customer overview"). Apart from the form's rules
 * (userRules.ts, zod): the Users table shows the add control on first paint, the form loads on use.
 */

/**
 * Why no user can be added now, or undefined when one can: the add control shows when the
 * organisation has no user yet (its admin can always be created), or fewer than the limit once it is
 * initialized - the same two checks the server makes.
 */
export function addUserBlocker(userCount: number, initialized: boolean): string | undefined {
  if (userCount === 0) return undefined;
  if (userCount >= MAX_USERS_PER_ORGANISATION) return `At most ${MAX_USERS_PER_ORGANISATION} users`;
  return initialized ? undefined : "More users once initialized";
}

export const canAddUser = (userCount: number, initialized: boolean) =>
  addUserBlocker(userCount, initialized) === undefined;

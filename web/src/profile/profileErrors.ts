import { ApiError, errorMessage, hasCode } from "../api/errors.ts";

/** The message of a picture call's failure: the field's own (the spec's wording), else the detail. */
export function pictureError(error: unknown, field: string): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError) return error.fieldMessage(field) ?? error.detail;
  return errorMessage(error);
}

/** The customer/update/ call refuses a user blocked meanwhile: 403 `account_blocked` (`user.blocked`). */
export const isBlockedRefusal = (error: unknown) => hasCode(error, "account_blocked");

import { z } from "zod";
import { formatMessage } from "./formatWords.ts";
import { singleLine } from "./singleLine.ts";
import { atMost, EMAIL_MAX } from "./textLimits.ts";
import { userForm } from "./user.ts";

/**
 * The rules of a customer user's fields, shared by the call that enforces them
 * (server/routes/customer/users.ts) and the back office's form (web/src/admin/customer/userRules.ts),
 * so the form refuses exactly what the call would, with the same messages. Pure: no database code.
 */

/** An organisation has at most this many users (admin-area.md); zod-free in userLimits.ts. */
export { MAX_USERS_PER_ORGANISATION } from "./userLimits.ts";

const REQUIRED = "Please fill out this field";
const usernameField = userForm.fields.find((field) => field.name === "username");
export const USERNAME_MAX = usernameField?.maxlength ?? 150;

export const userStatus = z.enum(["admin", "assistant"], { message: "must be admin or assistant" });

export const username = singleLine(
  z.string().trim().min(1, REQUIRED).max(USERNAME_MAX, `must be at most ${USERNAME_MAX} characters`),
);

/** Trimmed before the format is checked; stored in lower case (addresses are compared that way). */
export const userEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, atMost(EMAIL_MAX))
  .pipe(z.email({ message: formatMessage("email") }))
  .transform((email) => email.toLowerCase());

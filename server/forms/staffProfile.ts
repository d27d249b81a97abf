import { z } from "zod";
import { formatMessage } from "./formatWords.ts";
import { atMost, EMAIL_MAX } from "./textLimits.ts";

/**
 * The staff profile's fields (admin-area.md, Profile: picture and name). The name is the staff
 * member's sign-in name, so it keeps the sign-in name's characters (letters, digits and @ . + - _,
 * as the original Django accounts had); the e-mail may be sent back unchanged or changed to a valid
 * address. Shared by the call (server/routes/admin/profile.ts) and the screen's form.
 */
const REQUIRED = "Please fill out this field";
export const STAFF_USERNAME_MAX = 150;

export const staffUsername = z
  .string()
  .trim()
  .min(1, REQUIRED)
  .max(STAFF_USERNAME_MAX, `must be at most ${STAFF_USERNAME_MAX} characters`)
  .regex(/^[\w.@+-]+$/, "may hold letters, digits and @ . + - _ only (it is your sign-in name)");

export const staffEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, atMost(EMAIL_MAX))
  .pipe(z.email({ message: formatMessage("email") }))
  .transform((email) => email.toLowerCase());

export const staffProfileData = z.strictObject({
  username: staffUsername.optional(),
  email: staffEmail.optional(),
});

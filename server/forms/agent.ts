import { z } from "zod";
import { formatMessage, textFieldError } from "./formatWords.ts";
import { STAFF_USERNAME_MAX } from "./staffProfile.ts";
import { atMost, EMAIL_MAX, PASSWORD_MAX } from "./textLimits.ts";
import type { FormDefinition } from "./types.ts";

/**
 * The new-agent form (admin-area.md sections 3 and 5): its definition, delivered at sign-in in
 * `forms.agent`, and its rules, shared by the call that enforces them
 * (server/routes/admin/agents.ts) and the Parameters dialog (web/src/admin/parameters/), so the
 * dialog refuses exactly what the call would, with the same messages. Pure: no database code.
 */

/** Agent username and password minimum length (admin-area.md section 9). */
export const AGENT_MIN_LENGTH = 8;

export const agentForm: FormDefinition = {
  name: "agent",
  fields: [
    {
      name: "username",
      label: "Username",
      type: "text",
      required: true,
      format: "onlyletter",
      minlength: AGENT_MIN_LENGTH,
      hint: `At least ${AGENT_MIN_LENGTH} letters, nothing else.`,
    },
    { name: "email", label: "Email", type: "email", required: true, format: "email" },
    {
      name: "password",
      label: "Password",
      type: "password",
      required: true,
      format: "password",
      minlength: AGENT_MIN_LENGTH,
      hint: `At least ${AGENT_MIN_LENGTH} characters with an upper case, a lower case and @ or !.`,
    },
  ],
};

const REQUIRED = "Please fill out this field";

export const agentUsername = z
  .string({ error: textFieldError(REQUIRED) })
  .trim()
  .min(1, REQUIRED)
  .min(AGENT_MIN_LENGTH, `must be at least ${AGENT_MIN_LENGTH} characters`)
  .max(STAFF_USERNAME_MAX, atMost(STAFF_USERNAME_MAX))
  .regex(/^[A-Za-z]+$/, "must contain letters only");

/** Trimmed before the format is checked; stored in lower case (sign-in compares addresses that way). */
export const agentEmail = z
  .string({ error: textFieldError(REQUIRED) })
  .trim()
  .max(EMAIL_MAX, atMost(EMAIL_MAX))
  .pipe(z.email({ message: formatMessage("email") }))
  .transform((email) => email.toLowerCase());

export const agentPassword = z
  .string({ error: textFieldError(REQUIRED) })
  .min(1, REQUIRED)
  .min(AGENT_MIN_LENGTH, `must be at least ${AGENT_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX, atMost(PASSWORD_MAX))
  .regex(/[A-Z]/, "must contain an upper case letter")
  .regex(/[a-z]/, "must contain a lower case letter")
  .regex(/[@!]/, "must contain @ or !");

/** POST /api/management/admin/detail/ and the dialog's values. */
export const newAgentSchema = z.strictObject({
  username: agentUsername,
  email: agentEmail,
  password: agentPassword,
});

export type NewAgent = z.output<typeof newAgentSchema>;

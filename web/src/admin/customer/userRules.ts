import { z } from "zod";
import { userForm } from "../../../../server/forms/user.ts";
import { userEmail, username, userStatus } from "../../../../server/forms/userFields.ts";
import type { UserStatus } from "../../api/customerUsers.ts";
import type { FieldError } from "../../api/errors.ts";

/**
 * The Users table's rules (admin-area.md, "Customer overview"): when staff may add a user
 * (userLimits.ts, re-exported), which status a new user gets, which status choices an edit offers,
 * and the form's field rules. Labels, the name's length limit and the status choices come from the user form definition the server
 * delivers at sign-in (server/forms/user.ts); the field rules are the call's own
 * (server/forms/userFields.ts), so the form refuses what the call would, with the same messages.
 */

export { addUserBlocker, canAddUser } from "./userLimits.ts";

/** The first user is the organisation's admin; later ones start as assistants. */
export const defaultStatus = (userCount: number): UserStatus => (userCount === 0 ? "admin" : "assistant");

export interface StatusChoice {
  value: UserStatus;
  label: string;
  disabled: boolean;
}

const fieldOf = (name: string) => {
  const field = userForm.fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`The user form has no field '${name}'.`);
  return field;
};

export const userFieldLabels = {
  username: fieldOf("username").label,
  email: fieldOf("email").label,
  status: fieldOf("status").label,
};

const statusChoiceList = (fieldOf("status").choices ?? []) as { value: UserStatus; label: string }[];

/**
 * The status select's choices. Adding the first user: only admin (the server makes the first user
 * admin whatever is sent). Adding a later one: both. Editing: the choice that is not the user's
 * current status is disabled (the spec's rule), so an edit keeps the status.
 */
export function statusChoices(
  mode: { kind: "add"; userCount: number } | { kind: "edit"; current: UserStatus },
): StatusChoice[] {
  return statusChoiceList.map((choice) => ({
    ...choice,
    disabled:
      mode.kind === "edit"
        ? choice.value !== mode.current
        : mode.userCount === 0 && choice.value !== defaultStatus(0),
  }));
}

/** The user form's values and rules: the call's own field rules (server/forms/userFields.ts). */
export const userFormSchema = z.object({ username, email: userEmail, status: userStatus });

export type UserFormValues = z.input<typeof userFormSchema>;

/**
 * The form field a server field error belongs to ('user_data.username' -> 'username'), or undefined
 * when it names none of the form's fields (then the modal shows it above the buttons).
 */
export function formFieldOf(error: FieldError): keyof UserFormValues | undefined {
  const last = error.field.split(".").pop();
  return last === "username" || last === "email" || last === "status" ? last : undefined;
}

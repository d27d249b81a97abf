import { agentForm, newAgentSchema } from "../../../../server/forms/agent.ts";
import type { FieldError } from "../../api/errors.ts";

/**
 * The new-agent dialog's rules and labels: the call's own (server/forms/agent.ts, delivered at
 * sign-in as forms.agent), so the dialog refuses what the server would, with the same messages.
 */
export const agentFormSchema = newAgentSchema;

export type AgentFormValues = { username: string; email: string; password: string };

export const emptyAgent: AgentFormValues = { username: "", email: "", password: "" };

type AgentField = keyof AgentFormValues;

const fieldOf = (name: AgentField) => {
  const field = agentForm.fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`The agent form has no field '${name}'.`);
  return field;
};

export const agentFields = {
  username: fieldOf("username"),
  email: fieldOf("email"),
  password: fieldOf("password"),
};

/** The dialog field a server field error belongs to, or undefined (then the alert shows it). */
export function agentFieldOf(error: FieldError): AgentField | undefined {
  return error.field === "username" || error.field === "email" || error.field === "password"
    ? error.field
    : undefined;
}

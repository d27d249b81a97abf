import type { NewAgent } from "../../../server/forms/agent.ts";
import type { Agent, AgentAddedAnswer, AgentsAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";

/** The Parameters screen's calls (admin-area.md section 7: POST, DELETE /api/management/admin/detail/). */

const AGENTS = "/api/management/admin/detail/";

export type { Agent };

/** POST {username, email, password}: the new agent, and the updated list. */
export function addAgent(agent: NewAgent) {
  return apiRequest<AgentAddedAnswer>(AGENTS, {
    method: "POST",
    body: agent,
  });
}

/** DELETE {email}: the updated list. */
export function removeAgent(email: string) {
  return apiRequest<AgentsAnswer>(AGENTS, { method: "DELETE", body: { email } });
}

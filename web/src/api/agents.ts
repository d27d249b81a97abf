import type { Agent, AgentAddedAnswer, AgentsAnswer } from "./answers.ts";
import { apiRequest } from "./client.ts";
import type { AddAgentBody, RemoveAgentBody } from "./requests.ts";

/** The Parameters screen's calls (admin-area.md section 7: POST, DELETE /api/management/admin/detail/). */

const AGENTS = "/api/management/admin/detail/";

export type { Agent };

/** POST {username, email, password}: the new agent, and the updated list. */
export function addAgent(agent: AddAgentBody) {
  return apiRequest<AgentAddedAnswer, AddAgentBody>(AGENTS, {
    method: "POST",
    body: agent,
  });
}

/** DELETE {email}: the updated list. */
export function removeAgent(email: string) {
  return apiRequest<AgentsAnswer, RemoveAgentBody>(AGENTS, { method: "DELETE", body: { email } });
}

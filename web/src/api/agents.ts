import type { NewAgent } from "../../../server/forms/agent.ts";
import { apiRequest } from "./client.ts";
import type { AdminDetail } from "./types.ts";

/** The Parameters screen's calls (admin-area.md section 7: POST, DELETE /api/management/admin/detail/). */

const AGENTS = "/api/management/admin/detail/";

export type Agent = AdminDetail["agents"][number];

/** POST {username, email, password}: the new agent, and the updated list. */
export function addAgent(agent: NewAgent) {
  return apiRequest<{ status: number; agent: Agent; agents: Agent[] }>(AGENTS, {
    method: "POST",
    body: agent,
  });
}

/** DELETE {email}: the updated list. */
export function removeAgent(email: string) {
  return apiRequest<{ status: number; agents: Agent[] }>(AGENTS, { method: "DELETE", body: { email } });
}

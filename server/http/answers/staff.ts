/** The back office's account answers: the staff session check, sign-in, agents (admin-area.md). */
import { z } from "zod";
import { liveItem, ok } from "./common.ts";
import { formDefinitionsAnswer } from "./customer.ts";

/** A staff member's profile (server/staff/present.ts staffProfile). */
export const staffProfile = z.strictObject({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  is_admin: z.boolean().meta({ description: "A site admin (the spec's operator)." }),
  is_agent: z.boolean(),
  is_super_user: z.boolean(),
  channel_id: z.string(),
});
export type StaffProfile = z.infer<typeof staffProfile>;

export const agentEntry = z.strictObject({ username: z.string(), email: z.string() });
const agents = z.array(agentEntry).meta({ description: "The agents (empty unless a site admin asks)." });

const adminDetailShape = {
  status: ok,
  kind: z.literal("admin"),
  logged: z.literal(true),
  forms: formDefinitionsAnswer,
  agents,
  permissions: z.array(z.string()).meta({
    description:
      "The calls (`METHOD /path`) this staff member may make, from the role table (docs/roles.md): the screens show only the controls of these.",
  }),
};

/** GET /api/management/admin/detail/: the profile carries the stored notifications and tasks. */
export const adminDetailAnswer = z.strictObject({
  ...adminDetailShape,
  profile: staffProfile.extend({ notifications: z.array(liveItem), background_tasks: z.array(liveItem) }),
});
export type AdminDetail = z.infer<typeof adminDetailAnswer>;

/** POST /api/management/admin/signin/: the detail (without stored items), the token and its age. */
export const staffSigninAnswer = z.strictObject({
  ...adminDetailShape,
  profile: staffProfile,
  token: z.string().meta({ description: "The session token (also set as the session cookie)." }),
  max_age: z.number().int().meta({ description: "Seconds the session lasts." }),
});

export const agentAddedAnswer = z.strictObject({ status: ok, agent: agentEntry, agents });
export const agentsAnswer = z.strictObject({ status: ok, agents });

/** POST /api/management/admin/update/. */
export const staffProfileAnswer = z.strictObject({ status: ok, user: staffProfile, profile: staffProfile });

/** The audit trail's answers (server/audit/, docs/operations.md "Audit trail"). */
import { z } from "zod";

export const auditEventView = z.object({
  /** Increasing with time: the trail's order. */
  id: z.number(),
  at: z.string(),
  organisation_id: z.string().nullable(),
  actor: z.object({
    kind: z.enum(["user", "staff", "system", "anonymous"]),
    id: z.string().nullable(),
    name: z.string().nullable(),
    /** customerAdmin, assistant, agent, siteAdmin, system or anonymous. */
    role: z.string(),
  }),
  action: z.string(),
  target: z.object({ kind: z.string(), id: z.string().nullable() }),
  /** The values before the write, where it changed or removed something known. */
  before: z.unknown(),
  /** The values written (the request's fields without secrets, or the row after). */
  after: z.unknown(),
});
export type AuditEventView = z.infer<typeof auditEventView>;

export const auditListAnswer = z.object({
  status: z.literal(200),
  events: z.array(auditEventView),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});

import type { Db } from "../db/client.ts";
import { auditEvents } from "../db/schema/index.ts";
import type { Tx } from "./recordWrites.ts";

/** A write the product makes by itself (a job): recorded with the system as its actor. */
export interface SystemWrite {
  organisationId: string | null;
  action: string;
  targetKind: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Records a system write; pass the job's transaction so the record commits or rolls back with it. */
export async function recordSystemWrite(db: Db | Tx, write: SystemWrite) {
  await db.insert(auditEvents).values({
    organisationId: write.organisationId,
    actorKind: "system",
    actorId: null,
    actorName: "system",
    actorRole: "system",
    action: write.action,
    targetKind: write.targetKind,
    targetId: write.targetId ?? null,
    before: write.before ?? null,
    after: write.after ?? null,
  });
}

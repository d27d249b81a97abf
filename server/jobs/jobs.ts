import type { Recipient } from "../live/notifications.ts";

/** Job data is plain JSON; an organisationId, when present, tags the task for the organisation. */
export type JobData = { organisationId?: string } & Record<string, unknown>;

/**
 * The background jobs as the application uses them (`AppContext.jobs`), implemented by queue.ts's
 * JobQueue. Declared apart so that the context's type does not import the queue, whose jobs are
 * given the context.
 */
export interface Jobs {
  /** Whether start() ran (a one-shot CLI context defines the queue but never starts it). */
  readonly started: boolean;
  /** Queues a job of a defined name; its id. `requester` sees its task in the live channel. */
  send<Data extends JobData>(
    name: string,
    data: Data,
    requester?: Recipient,
    options?: { startAfter?: Date },
  ): Promise<string>;
  start(options?: { work?: boolean }): Promise<void>;
  /** Takes no new job; those running go on. */
  stopTaking(): Promise<void>;
  stop(options?: { graceful?: boolean; graceMs?: number }): Promise<void>;
}

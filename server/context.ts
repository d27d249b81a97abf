import type { OrganisationScope, Session } from "./auth/sessions.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Jobs } from "./jobs/jobs.ts";
import type { LiveHub } from "./live/hub.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mail/mailer.ts";

/** Everything a route needs, built once at start-up and shared by every request. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Live channel fan-out (LISTEN/NOTIFY across processes). */
  live: LiveHub;
  /** Background jobs (pg-boss); started by the server process, not by one-shot CLI commands. */
  jobs: Jobs;
}

/** Hono's environment: what middleware puts on `c.var`. */
export interface AppEnv {
  /** The Bun server (fetch's second argument): client address, websocket upgrade. */
  Bindings: { requestIP?: (request: Request) => { address: string } | null; upgrade?: unknown };
  Variables: {
    app: AppContext;
    requestId: string;
    session: Session | null;
    scope: OrganisationScope;
  };
}

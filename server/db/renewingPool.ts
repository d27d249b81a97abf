/**
 * A postgres.js pool that replaces itself when some of its connections stay broken (issue 33).
 *
 * postgres.js 3.4.9 (the newest) can leave a connection unusable for good: when its socket closes
 * while a small write still waits for the next tick, `closed()` cancels that tick but does not
 * forget it (`nextWriteTimer` stays set, the buffered bytes stay in `chunk`), so every later
 * startup message of that connection is buffered behind a flush that never comes. Each query the
 * pool gives it then fails after `connect_timeout` (CONNECT_TIMEOUT), for as long as the process
 * runs. A PostgreSQL restart under load (the server ending each session right after an answer)
 * did that to one or two connections of ten in most bench runs (docs/operations.md, "Restarts").
 * Nothing outside the driver can reset such a connection, hence: when queries keep failing with
 * connection errors while a fresh connection answers, a new pool takes the new queries and the
 * replaced one closes a moment later.
 */
import postgres, { type Options, type PostgresType, type Sql } from "postgres";
import { isDatabaseUnavailable } from "./errors.ts";

/** This many connection failures within FAILURE_WINDOW_MS make the pool check PostgreSQL itself. */
const FAILURES_BEFORE_CHECK = 3;
const FAILURE_WINDOW_MS = 30_000;
/** Between two checks that found PostgreSQL away too (a fresh connection failing as well). */
const CHECK_EVERY_MS = 1_000;
/** At most one replacement in this time, so at most two pools (one of them retiring) at once. */
const REPLACE_EVERY_MS = 10_000;
/**
 * A replaced pool gets no new query but goes on with those it holds for this long (its sound
 * connections answer them, as without the replacement), then closes. Short: a query waiting there
 * for a broken connection answers 503 by then, in seconds rather than after the connect timeout.
 */
const RETIRE_AFTER_MS = 1_000;
/** Then its queries in flight get this long before its connections are closed under them. */
const CLOSE_SECONDS = 1;

export interface RenewingPool {
  /** Stands in for the pool (drizzle's client, raw queries): each call goes to the current one. */
  readonly client: Sql;
  /** The current pool, for what needs a pool's own connection (`reserve`, NOTIFY). */
  current(): Sql;
  /** Counts `work`'s failure, if it is a connection failure, towards a replacement. */
  watch<T>(work: Promise<T>): Promise<T>;
  /** How many times the pool was replaced (the log says when). */
  replacements(): number;
  end(): Promise<void>;
}

export interface RenewingPoolOptions {
  /** Applied to each new pool before it is used (drizzle's parsers are set on its client). */
  configure(sql: Sql): void;
  onReplaced(fields: Record<string, unknown>): void;
}

export function renewingPool(
  url: string,
  settings: Options<Record<string, PostgresType>>,
  hooks: RenewingPoolOptions,
): RenewingPool {
  const open = () => {
    const sql = postgres(url, settings);
    hooks.configure(sql);
    return sql;
  };
  let pool = open();
  /** When the recent connection failures happened (ms); never more than FAILURES_BEFORE_CHECK. */
  const failures: number[] = [];
  let lastCode: string | undefined;
  let checking = false;
  let ended = false;
  let recheck: ReturnType<typeof setTimeout> | undefined;
  let lastCheck = 0;
  let lastReplacement = 0;
  let replaced = 0;
  /** Replaced pools not closed yet (at most one: REPLACE_EVERY_MS > RETIRE_AFTER_MS). */
  const retiring = new Map<Sql, ReturnType<typeof setTimeout>>();
  const close = (sql: Sql) => {
    clearTimeout(retiring.get(sql));
    retiring.delete(sql);
    return sql.end({ timeout: CLOSE_SECONDS }).catch(() => {});
  };

  const suspect = () => {
    const now = Date.now();
    while (failures.length > FAILURES_BEFORE_CHECK || (failures[0] ?? now) < now - FAILURE_WINDOW_MS)
      failures.shift();
    return failures.length >= FAILURES_BEFORE_CHECK;
  };

  // Checked again each second while the failures are recent: once PostgreSQL is back the pool is
  // replaced even if its broken connections hold their queries rather than fail them (a
  // connection whose startup the server closed can retry it without end, porsager/postgres#1193).
  const consider = () => {
    if (checking || recheck || ended || !suspect()) return;
    const wait = Math.max(lastCheck + CHECK_EVERY_MS, lastReplacement + REPLACE_EVERY_MS) - Date.now();
    if (wait <= 0) return void check();
    recheck = setTimeout(() => {
      recheck = undefined;
      consider();
    }, wait);
  };

  // Only the current pool's failures count: a replaced pool's are the ones the replacement ended.
  const failed = (error: unknown, on: Sql) => {
    if (on !== pool || !isDatabaseUnavailable(error)) return;
    failures.push(Date.now());
    lastCode = (error as { code?: string }).code;
    consider();
  };

  // A fresh connection of its own: if it answers, PostgreSQL is up and the failures are the pool's.
  const check = async () => {
    checking = true;
    lastCheck = Date.now();
    const probe = postgres(url, { ...settings, max: 1, fetch_types: false });
    const up = await probe`SELECT 1`.then(
      () => true,
      () => false, // PostgreSQL is away (restarting): checked again in a second.
    );
    await probe.end({ timeout: 0 }).catch(() => {});
    checking = false;
    if (up && !ended) replace();
    consider();
  };

  const replace = () => {
    const previous = pool;
    pool = open();
    failures.length = 0;
    lastReplacement = Date.now();
    replaced += 1;
    hooks.onReplaced({ code: lastCode, replacements: replaced });
    retiring.set(
      previous,
      setTimeout(() => void close(previous), RETIRE_AFTER_MS),
    );
  };

  const watch = <T>(work: Promise<T>, on = pool): Promise<T> =>
    work.catch((error: unknown) => {
      failed(error, on);
      throw error;
    });

  // A postgres.js query runs when it is first awaited (and drizzle calls `.values()` on it before),
  // so its failure is observed by wrapping its `then` rather than by awaiting it here.
  const watchQuery = <T extends PromiseLike<unknown>>(query: T, on: Sql): T => {
    const then = query.then;
    let counted = false;
    // biome-ignore lint/suspicious/noThenProperty: the query stays the thenable drizzle awaits.
    Object.defineProperty(query, "then", {
      value(this: T, onFulfilled?: (value: unknown) => unknown, onRejected?: (error: unknown) => unknown) {
        return then.call(this, onFulfilled, (error: unknown) => {
          if (!counted) failed(error, on);
          counted = true;
          if (onRejected) return onRejected(error);
          throw error;
        });
      },
    });
    return query;
  };

  const client = {
    get options() {
      return pool.options;
    },
    unsafe: (...args: Parameters<Sql["unsafe"]>) => watchQuery(pool.unsafe(...args), pool),
    begin: (...args: [never, never]) => watch(pool.begin(...args)),
  } as unknown as Sql;

  return {
    client,
    current: () => pool,
    watch,
    replacements: () => replaced,
    async end() {
      ended = true;
      clearTimeout(recheck);
      await Promise.all([pool.end({ timeout: 5 }), ...[...retiring.keys()].map(close)]);
    },
  };
}

/**
 * `Idempotency-Key` on the API's creates (docs/api.md): a create sent again with the same key and
 * the same body within 24 hours answers what the first one answered (same status and body, with
 * `Idempotent-Replayed: true`) and does nothing; the same key with another call or body is 409
 * `idempotency_key_reused`; while the first is still being answered, 409 `idempotency_in_progress`.
 * Keys live in the database (idempotency_keys), per caller, so every server process sharing it
 * agrees. describe({idempotent: true}) runs this middleware and declares the header.
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../../context.ts";
import { idempotencyKeys } from "../../db/schema/index.ts";
import { HttpError } from "../errors.ts";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key answers its first result. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still unanswered after this is taken as abandoned (its process died) and may be used again. */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;
/** Expired keys are deleted at most this often per process (one indexed DELETE). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** Printable ASCII, as Stripe's keys: a UUID fits, and so does any client's own scheme. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_KEY_DESCRIPTION =
  "Optional. A key of the client's choosing (1-255 printable ASCII characters; a UUID is usual) that makes a retried create safe: sent again with the same key and the same body within 24 hours, the call answers what the first answered (same status and body, with `Idempotent-Replayed: true`) and creates nothing. The same key with another call or body is 409 `idempotency_key_reused`; while the first is still being answered, 409 `idempotency_in_progress`. A request refused (a field, a rate limit, a failure) does not keep its key. Keys are the caller's own: another user's key never matches.";

type Row = typeof idempotencyKeys.$inferSelect;

const lastSweep = new WeakMap<AppContext, number>();

/** Deletes expired keys, at most once per SWEEP_EVERY_MS in this process. */
async function sweepExpired(app: AppContext, now: Date) {
  const last = lastSweep.get(app);
  if (last !== undefined && now.getTime() - last < SWEEP_EVERY_MS) return;
  lastSweep.set(app, now.getTime());
  await app.database.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}

function callerOf(c: Context<AppEnv>): string | undefined {
  const session = c.var.session;
  if (!session) return undefined;
  return session.kind === "client" ? `customer:${session.user.id}` : `staff:${session.staff.id}`;
}

/**
 * A hash of the body as read from `stream`. A multipart body's boundary is left out: a client
 * retrying a form sends the same parts under a new boundary, which is the same request.
 */
async function bodyHash(stream: ReadableStream<Uint8Array> | null, boundary: string | undefined) {
  const hasher = new Bun.CryptoHasher("sha256");
  if (!stream) return hasher.digest("hex");
  const cut = boundary ? new TextEncoder().encode(boundary) : undefined;
  let carry = new Uint8Array(0);
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const chunk = read.value;
    if (!cut) {
      hasher.update(chunk);
      continue;
    }
    const bytes = new Uint8Array(carry.length + chunk.length);
    bytes.set(carry);
    bytes.set(chunk, carry.length);
    // Bytes before `safe` cannot start a boundary that is cut by the chunk's end.
    const safe = Math.max(0, bytes.length - (cut.length - 1));
    let from = 0;
    for (let at = indexOf(bytes, cut, 0); at !== -1 && at < safe; at = indexOf(bytes, cut, from)) {
      hasher.update(bytes.subarray(from, at));
      from = at + cut.length;
    }
    const keepFrom = Math.max(from, safe);
    hasher.update(bytes.subarray(from, keepFrom));
    carry = bytes.slice(keepFrom);
  }
  hasher.update(carry);
  return hasher.digest("hex");
}

function indexOf(bytes: Uint8Array, part: Uint8Array, from: number): number {
  const first = part[0];
  for (
    let at = bytes.indexOf(first as number, from);
    at !== -1;
    at = bytes.indexOf(first as number, at + 1)
  ) {
    if (at + part.length > bytes.length) return -1;
    let same = true;
    for (let i = 1; i < part.length && same; i++) same = bytes[at + i] === part[i];
    if (same) return at;
  }
  return -1;
}

/** The request's fingerprint: its method, path and query, media type and body hash. */
async function fingerprintOf(c: Context<AppEnv>, request: Request): Promise<string> {
  const type = c.req.header("content-type") ?? "";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const media = type.split(";")[0]?.trim().toLowerCase() ?? "";
  const url = new URL(c.req.url);
  return `${c.req.method} ${url.pathname}${url.search} ${media} ${await bodyHash(request.body, boundary)}`;
}

const replay = (row: Row) =>
  new Response(row.body, {
    status: row.status ?? 200,
    headers: {
      ...(row.contentType ? { "Content-Type": row.contentType } : {}),
      [REPLAYED_HEADER]: "true",
    },
  });

const reused = () =>
  new HttpError(
    409,
    `${IDEMPOTENCY_HEADER}: this key was used within 24 hours for another request (another call or body); send a new key with a new request.`,
  ).withCode("idempotency_key_reused");

const inProgress = () =>
  new HttpError(
    409,
    `${IDEMPOTENCY_HEADER}: the first request with this key is still being answered; send it again in a moment.`,
    undefined,
    { "Retry-After": "1" },
  ).withCode("idempotency_in_progress");

export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    const caller = callerOf(c);
    if (key === undefined || !caller) return next();
    if (!KEY_PATTERN.test(key)) {
      const message = "must be 1 to 255 printable ASCII characters (no spaces)";
      throw new HttpError(400, `${IDEMPOTENCY_HEADER}: ${message}`, [{ field: IDEMPOTENCY_HEADER, message }]);
    }
    const app = c.var.app;
    const db = app.database.db;
    const now = app.clock.now();
    await sweepExpired(app, now);
    const mine = and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key));
    // An expired key, or one whose first request was abandoned, is free again.
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          mine,
          or(
            lt(idempotencyKeys.expiresAt, now),
            and(
              isNull(idempotencyKeys.status),
              lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
            ),
          ),
        ),
      );
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ caller, key, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await db.select().from(idempotencyKeys).where(mine);
      if (!first || first.status === null) throw inProgress();
      if ((await fingerprintOf(c, c.req.raw)) !== first.fingerprint) throw reused();
      c.res = replay(first);
      return;
    }
    // The handler reads the request; the hash reads a copy of it alongside.
    const hashing = fingerprintOf(c, c.req.raw.clone());
    let answered = false;
    try {
      await next();
      answered = true;
    } finally {
      const fingerprint = await hashing.catch(() => undefined);
      // What the handler answered is the request's answer. A refusal it threw (a field refused, a
      // rate limit, a failure) leaves the key free, so the corrected or later request can use it.
      if (answered && !c.error && c.res.status < 500 && fingerprint) {
        await db
          .update(idempotencyKeys)
          .set({
            fingerprint,
            status: c.res.status,
            contentType: c.res.headers.get("content-type"),
            body: await c.res.clone().text(),
          })
          .where(mine);
      } else {
        await db.delete(idempotencyKeys).where(mine);
      }
    }
  };
}

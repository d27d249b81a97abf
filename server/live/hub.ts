import { z } from "zod";
import { registerCache } from "../caches/registry.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { type Envelope, envelope, type LiveMessage } from "./messages.ts";

/** The NOTIFY channel every server process listens on. */
export const LIVE_NOTIFY_CHANNEL = "vitality_live";
/** The NOTIFY channel of cache invalidations (server/engine/cacheInvalidation.ts). */
export const CACHE_NOTIFY_CHANNEL = "vitality_cache";
/** Sockets one channel (a user's tabs and windows) may hold open in one process. */
export const MAX_SOCKETS_PER_CHANNEL = 16;
/** Sockets one process holds at most (each an open connection with its buffers, a few kB). */
export const MAX_SOCKETS = 10_000;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

/**
 * A change that makes in-process caches stale: which cache (topic, e.g. "session" or "data") and
 * which of its entries (key; absent means every entry of the topic).
 */
export interface Invalidation {
  topic: string;
  key?: string;
}
const invalidation = z.object({ origin: z.string(), topic: z.string(), key: z.string().optional() });

export interface LiveSocket {
  send(data: string): void;
  /** Ends the connection with a close code (closeCodes.ts). */
  close?(code: number, reason: string): void;
}

/**
 * Fans live messages out across server processes: publish() goes through PostgreSQL NOTIFY, and
 * each process delivers what it hears to the sockets connected to it. The socket map is this
 * process's own connections only; nothing another process needs lives here.
 */
export class LiveHub {
  private readonly sockets = new Map<string, Set<LiveSocket>>();
  private socketCount = 0;
  private unlisten?: () => Promise<void>;
  private unlistenCache?: () => Promise<void>;
  private readonly invalidationHandlers = new Set<(message: Invalidation) => void>();
  private readonly resetHandlers = new Set<() => void>();
  private lastReset = Number.NEGATIVE_INFINITY;
  private readonly stopHandlers = new Set<() => Promise<void>>();
  /** Tells this process's own NOTIFYs apart: they were applied when published. */
  private readonly origin = crypto.randomUUID();
  /** True while cache invalidations from other processes are heard: caches are trusted only then. */
  listening = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {
    registerCache({ name: "liveSockets", size: () => this.socketCount, max: () => MAX_SOCKETS });
  }

  async start() {
    this.unlisten = await this.database.listen(LIVE_NOTIFY_CHANNEL, (payload) => this.deliver(payload));
    this.unlistenCache = await this.database.listen(
      CACHE_NOTIFY_CHANNEL,
      (payload) => this.hearInvalidation(payload),
      () => this.listeningAgain(),
    );
    this.listening = true;
  }

  async stop() {
    this.listening = false;
    // Work that must reach the database before it closes (buffered usage rows).
    for (const handler of this.stopHandlers) await handler();
    await this.unlisten?.();
    await this.unlistenCache?.();
    this.sockets.clear();
    this.socketCount = 0;
  }

  /** Whether one more socket of the channel fits (MAX_SOCKETS_PER_CHANNEL, MAX_SOCKETS). */
  hasRoom(channel: string) {
    return this.socketCount < MAX_SOCKETS && this.connections(channel) < MAX_SOCKETS_PER_CHANNEL;
  }

  /** Adds a socket to its channel; false (and nothing kept) when there is no room. */
  subscribe(channel: string, socket: LiveSocket): boolean {
    const set = this.sockets.get(channel) ?? new Set<LiveSocket>();
    if (set.has(socket)) return true;
    if (!this.hasRoom(channel)) return false;
    this.sockets.set(channel, set);
    set.add(socket);
    this.socketCount++;
    return true;
  }

  unsubscribe(channel: string, socket: LiveSocket) {
    const set = this.sockets.get(channel);
    if (set?.delete(socket)) this.socketCount--;
    if (set?.size === 0) this.sockets.delete(channel);
  }

  /** Closes every socket of this process with a code (a shutdown: SERVER_RESTART_CLOSE). */
  closeAll(code: number, reason: string) {
    for (const set of this.sockets.values()) for (const socket of set) socket.close?.(code, reason);
    this.sockets.clear();
    this.socketCount = 0;
  }

  /** Sockets open in this process, every channel together. */
  get openSockets() {
    return this.socketCount;
  }

  connections(channel: string): number {
    return this.sockets.get(channel)?.size ?? 0;
  }

  async publish(channel: string, message: LiveMessage) {
    const payload = JSON.stringify({ channel, message } satisfies Envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
      throw new Error(`live message too large for NOTIFY (${Buffer.byteLength(payload)} bytes)`);
    }
    await this.database.notify(LIVE_NOTIFY_CHANNEL, payload);
  }

  /** Registers a cache's invalidation handler; answers the function that removes it. */
  onInvalidation(handler: (message: Invalidation) => void) {
    this.invalidationHandlers.add(handler);
    return () => this.invalidationHandlers.delete(handler);
  }

  /**
   * Registers what a cache does when invalidations may have been missed (the listening connection
   * was lost and made again): forget everything it holds. Answers the function that removes it.
   */
  onReset(handler: () => void) {
    this.resetHandlers.add(handler);
    return () => this.resetHandlers.delete(handler);
  }

  /** Registers work to finish before the database closes (run by stop()). */
  onStop(handler: () => Promise<void>) {
    this.stopHandlers.add(handler);
  }

  /**
   * Drops stale cache entries in this process at once, then in every other process through NOTIFY.
   * Call it after the change is committed: a process that reads before the commit would cache the
   * old state again.
   */
  async invalidate(message: Invalidation) {
    this.applyInvalidation(message);
    const payload = JSON.stringify({ origin: this.origin, ...message });
    await this.database.notify(CACHE_NOTIFY_CHANNEL, payload);
  }

  /**
   * Called each time the cache channel is listened to: the first time at start; any later time, the
   * listening connection had been lost, and whatever was invalidated meanwhile was not heard, so
   * every cache of this process starts again from the database.
   */
  private listeningAgain() {
    if (!this.listening) return;
    // postgres.js may listen again several times after one outage (one per attempt it queued).
    const now = performance.now();
    if (now - this.lastReset > 10_000)
      this.logger.warn(
        "cache invalidations heard again after the database connection was lost: caches emptied",
      );
    this.lastReset = now;
    for (const handler of this.resetHandlers) handler();
  }

  private hearInvalidation(payload: string) {
    const parsed = invalidation.safeParse(safeJson(payload));
    if (!parsed.success) {
      this.logger.warn("dropped a malformed cache invalidation", { payload: payload.slice(0, 200) });
      return;
    }
    if (parsed.data.origin === this.origin) return;
    this.applyInvalidation({ topic: parsed.data.topic, key: parsed.data.key });
  }

  private applyInvalidation(message: Invalidation) {
    for (const handler of this.invalidationHandlers) handler(message);
  }

  private deliver(payload: string) {
    let parsed: Envelope;
    try {
      parsed = envelope.parse(JSON.parse(payload));
    } catch (error) {
      this.logger.warn("dropped a malformed live message", { error: String(error) });
      return;
    }
    const text = JSON.stringify(parsed.message);
    for (const socket of this.sockets.get(parsed.channel) ?? []) socket.send(text);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

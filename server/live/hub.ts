import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { type Envelope, envelope, type LiveMessage } from "./messages.ts";

/** The NOTIFY channel every server process listens on. */
export const LIVE_NOTIFY_CHANNEL = "vitality_live";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;

export interface LiveSocket {
  send(data: string): void;
}

/**
 * Fans live messages out across server processes: publish() goes through PostgreSQL NOTIFY, and
 * each process delivers what it hears to the sockets connected to it. The socket map is this
 * process's own connections only; nothing another process needs lives here.
 */
export class LiveHub {
  private readonly sockets = new Map<string, Set<LiveSocket>>();
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async start() {
    this.unlisten = await this.database.listen(LIVE_NOTIFY_CHANNEL, (payload) => this.deliver(payload));
  }

  async stop() {
    await this.unlisten?.();
    this.sockets.clear();
  }

  subscribe(channel: string, socket: LiveSocket) {
    const set = this.sockets.get(channel) ?? new Set<LiveSocket>();
    this.sockets.set(channel, set);
    set.add(socket);
  }

  unsubscribe(channel: string, socket: LiveSocket) {
    const set = this.sockets.get(channel);
    set?.delete(socket);
    if (set?.size === 0) this.sockets.delete(channel);
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

import { createServer, type Server, Socket } from "node:net";

/**
 * A TCP proxy in front of a server (PostgreSQL at 127.0.0.1:5432) that a test can cut: every
 * connection closed and new ones refused, as while a database restarts, then restored on the
 * same port. The shared PostgreSQL service itself is never touched.
 */
export interface TcpProxy {
  port: number;
  /** Closes every connection through the proxy and stops listening: connects are refused. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /**
   * For `ms`, each answer from the server reaches the client with its connection closed right
   * behind it, as PostgreSQL's fast shutdown ends a busy session (its last answer, then the close).
   */
  closeAfterReplies(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let closingAfterReplies = false;
  const serve = () =>
    createServer((client) => {
      const upstream = new Socket();
      open.add(client);
      open.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.on("error", drop).on("close", drop);
      upstream.on("error", drop).on("close", drop);
      upstream.connect(target.port, target.host);
      client.pipe(upstream);
      upstream.on("data", (data: Buffer) => {
        if (!closingAfterReplies) return void client.write(data);
        client.end(data);
        upstream.destroy();
      });
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
    });
  let server: Server | undefined = serve();
  const port = await listen(server, 0);
  const stop = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of open) socket.destroy();
    open.clear();
    await closed;
  };
  return {
    port,
    cut: stop,
    async restore() {
      if (server) return;
      server = serve();
      await listen(server, port);
    },
    async closeAfterReplies(ms) {
      closingAfterReplies = true;
      await Bun.sleep(ms);
      closingAfterReplies = false;
    },
    close: stop,
  };
}

/**
 * The soak's connection resets, made to happen often (issue 33; bench/README.md "soak"):
 * `bun bench/soak/keepAliveResets.ts [1m]`. The server process over the tenant data, read by the
 * soak's readers (BENCH_USERS, think BENCH_THINK_MS: its event loop busy as in the soak), and
 * BENCH_RESET_PROBES connections held as a client's keep-alive pool holds them: each sends a request,
 * stays idle about BENCH_RESET_GAP_MS (default 12 s: where Bun's default 10 s idle timeout closes,
 * at its next 4 s tick) ±600 ms, and sends the next on the same connection, for BENCH_RESET_SECONDS.
 * Each reuse ends one of three ways: answered; closed before it (the client saw the close and
 * opens a new connection: harmless); or lost: the request written, then the connection closed or
 * reset with no answer, which Bun's fetch reports as ECONNRESET (the soak's errors) and a browser
 * must resend. Raw sockets (node:net), not fetch: a fetch pool shares its connections between
 * callers, so their idle times cannot be chosen.
 */
import { connect, type Socket } from "node:net";
import { startBenchServer } from "../tenants/servers.ts";
import {
  benchEnv as env,
  openTenantData,
  serverEnv,
  tenantSessions,
  tenantSpecOfArgs,
} from "../tenants/setup.ts";
import { runUsers } from "../tenants/users.ts";

const spec = tenantSpecOfArgs();
const USERS = Number(env("BENCH_USERS", "100"));
const THINK_MS = Number(env("BENCH_THINK_MS", "2000"));
const PROBES = Number(env("BENCH_RESET_PROBES", "40"));
const SECONDS = Number(env("BENCH_RESET_SECONDS", "180"));
const GAP_MS = Number(env("BENCH_RESET_GAP_MS", "12000"));
const JITTER_MS = 600;

const data = await openTenantData(spec);
const perOrganisation = Math.ceil(USERS / data.orgs.length);
const tokens = await tenantSessions(data.context.database.db, data.orgs, perOrganisation);
await data.context.database.close();
const server = await startBenchServer(serverEnv(data.dataDir));
const { port } = new URL(server.baseUrl);
console.log(
  `keep-alive reuse: ${PROBES} connections reused after ${GAP_MS} ms ±${JITTER_MS} ms idle, ${SECONDS} s, beside ${USERS} readers (think ${THINK_MS} ms); Bun ${Bun.version}`,
);

const reading = runUsers(
  Array.from({ length: USERS }, (_, i) => {
    const org = data.orgs[i % data.orgs.length]!;
    return {
      organisation: org.slug,
      token: tokens.get(org.slug)![Math.floor(i / data.orgs.length)]!,
      baseUrl: server.baseUrl,
    };
  }),
  { seconds: SECONDS + GAP_MS / 1000 + 5, thinkMs: THINK_MS, seed: spec.seed, start: "spread" },
);

const REQUEST = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
/** A whole answer in `text`: its head and Content-Length bytes of body. */
const answered = (text: string) => {
  const head = text.indexOf("\r\n\r\n");
  const length = Number(/content-length: (\d+)/i.exec(text.slice(0, head))?.[1] ?? "0");
  return head >= 0 && text.length >= head + 4 + length;
};

const outcomes = { answered: 0, closedBefore: 0, lost: 0 };
const lostAfterMs: number[] = [];
/** One connection: a first request, the idle gap, the reuse; resolves with how the reuse ended. */
const probe = () =>
  new Promise<void>((resolve) => {
    const socket: Socket = connect(Number(port), "127.0.0.1");
    let text = "";
    let reused: number | undefined;
    let closed = false;
    const end = (outcome: keyof typeof outcomes) => {
      if (reused === undefined && outcome === "lost") outcome = "closedBefore";
      outcomes[outcome]++;
      if (outcome === "lost") lostAfterMs.push(Math.round(performance.now() - reused!));
      socket.destroy();
      resolve();
    };
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      if (reused !== undefined && !answered(text)) end("lost");
    });
    socket.on("data", (chunk) => {
      text += chunk;
      if (!answered(text)) return;
      if (reused !== undefined) return end("answered");
      text = "";
      setTimeout(
        () => {
          // A pool drops a connection it saw closed and opens another: no request is lost.
          if (closed || socket.readableEnded) return end("closedBefore");
          reused = performance.now();
          socket.write(REQUEST);
        },
        GAP_MS - JITTER_MS + Math.random() * 2 * JITTER_MS,
      );
    });
    socket.write(REQUEST);
  });

const deadline = performance.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: PROBES }, async (_, index) => {
    await Bun.sleep((index / PROBES) * GAP_MS);
    while (performance.now() < deadline) await probe();
  }),
);
const result = await reading;
await server.stop();

const failedReads = result.samples.filter((sample) => sample.status !== 200).length;
console.log(
  `reuses: ${outcomes.answered} answered, ${outcomes.closedBefore} closed before (harmless), ${outcomes.lost} lost${lostAfterMs.length ? ` (no answer ${Math.min(...lostAfterMs)}-${Math.max(...lostAfterMs)} ms after sending)` : ""}`,
);
console.log(`readers: ${result.samples.length} answers, ${failedReads} failed`);
console.log(
  `resets: answered=${outcomes.answered} closed_before=${outcomes.closedBefore} lost=${outcomes.lost} reads=${result.samples.length} read_errors=${failedReads}`,
);
process.exit(0);

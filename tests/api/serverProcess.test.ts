import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../e2e/support/server.ts";

const root = join(import.meta.dir, "..", "..");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "vitality-proc-"));
  dirs.push(dir);
  return dir;
}

/**
 * Starts `bun server/main.ts` as npm start would (without the web build), or `script` (npm start's
 * own, server/cli/start.ts), and collects its output.
 */
function startServer(env: Record<string, string>, script = join("server", "main.ts")) {
  const child = Bun.spawn([process.execPath, join(root, script)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", LOG_REQUESTS: "0", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const reader = stream.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      output += new TextDecoder().decode(chunk.value);
    }
  };
  void collect(child.stdout);
  void collect(child.stderr);
  return { child, output: () => output };
}

// A first start migrates a new embedded database: seconds alone, a minute on a loaded machine.
async function waitFor(predicate: () => boolean | Promise<boolean>, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await predicate()) return true;
    await Bun.sleep(100);
  }
  return false;
}

describe("the server process", () => {
  test("a bad configuration value stops start-up with a message naming the variable", async () => {
    const { child, output } = startServer({ DATA_DIR: tempDir(), PORT: "eighty" });
    expect(await child.exited).toBe(2);
    await Bun.sleep(50);
    expect(output()).toContain("PORT");
  }, 60_000);

  test("starts on an empty data folder, prints the first admin's password once, and stops on SIGTERM", async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const { child, output } = startServer({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: "0" });
    const healthy = await waitFor(async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        return false;
      }
    });
    expect(healthy).toBe(true);
    const printed = /password '([^']+)' \(shown once\)/.exec(output());
    expect(printed).not.toBeNull();

    const signin = await fetch(`http://127.0.0.1:${port}/api/health`);
    const csrf = /csrftoken=([^;]+)/.exec(signin.headers.get("set-cookie") ?? "")![1]!;
    const answer = await fetch(`http://127.0.0.1:${port}/api/management/admin/signin/`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `csrftoken=${csrf}`, "x-csrftoken": csrf },
      body: JSON.stringify({ username: "admin", password: printed![1] }),
    });
    expect(answer.status).toBe(200);

    child.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    expect(output()).toContain("SIGTERM: finishing open requests and stopping");
  }, 150_000);

  test("started without the runtime's settings (VITALITY_HEAP_MB here), npm start runs the server in a child given them, and passes a SIGTERM on to it", async () => {
    const port = await freePort();
    // WEB_DIST: a deployment serving its own build is not built again (no vite run in a test).
    const { child, output } = startServer(
      {
        DATA_DIR: tempDir(),
        WEB_DIST: tempDir(),
        PORT: String(port),
        SEED_DEMO: "0",
        VITALITY_HEAP_MB: "768",
      },
      join("server", "cli", "start.ts"),
    );
    const healthy = await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true,
    );
    expect(healthy).toBe(true);
    expect(output()).toContain("heap paced to 768 MB, allocator's freed holes kept)");
    expect(output()).not.toContain("Building the web app");
    child.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    expect(output()).toContain("SIGTERM: stopped");
  }, 150_000);

  test("keeps an idle keep-alive connection past Bun's default 10 s idle timeout: a client reusing it gets its answer, not a reset", async () => {
    const port = await freePort();
    const { child } = startServer({ DATA_DIR: tempDir(), PORT: String(port), SEED_DEMO: "0" });
    const healthy = await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true,
    );
    expect(healthy).toBe(true);

    // One connection, as a client's keep-alive pool holds it: a request, 14 s of nothing (Bun's
    // default closes at about 12 s), the next request on the same socket.
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let closedAfterMs: number | undefined;
    const opened = performance.now();
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closedAfterMs ??= performance.now() - opened;
    });
    await new Promise((resolve) => socket.once("connect", resolve));
    const health = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
    socket.write(health);
    expect(await waitFor(() => received.startsWith("HTTP/1.1 200"), 10_000)).toBe(true);
    await Bun.sleep(14_000);
    expect(closedAfterMs).toBeUndefined();
    received = "";
    socket.write(health);
    expect(await waitFor(() => received.startsWith("HTTP/1.1 200"), 10_000)).toBe(true);
    socket.end();

    child.kill("SIGTERM");
    expect(await child.exited).toBe(0);
  }, 150_000);

  test("SIGTERM: the request in flight gets its 200, sockets close with 1012, new connections are refused, exit 0", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const password = "Graceful!Stop1";
    const { child, output } = startServer({
      DATA_DIR: tempDir(),
      PORT: String(port),
      PUBLIC_URL: base,
      SEED_DEMO: "0",
      VITALITY_ADMIN_PASSWORD: password,
      SHUTDOWN_GRACE_SECONDS: "20",
    });
    const healthy = await waitFor(
      async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true,
    );
    expect(healthy).toBe(true);
    const csrf = /csrftoken=([^;]+)/.exec(
      (await fetch(`${base}/api/health`)).headers.get("set-cookie") ?? "",
    )![1]!;
    const signin = JSON.stringify({ username: "admin", password });
    const signedIn = await fetch(`${base}/api/management/admin/signin/`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `csrftoken=${csrf}`, "x-csrftoken": csrf },
      body: signin,
    });
    const token = /token=([^;]+)/.exec(signedIn.headers.getSetCookie().join("; "))![1]!;
    const cookie = `csrftoken=${csrf}; token=${token}`;
    const detail = (await (
      await fetch(`${base}/api/management/admin/detail/`, { headers: { cookie } })
    ).json()) as {
      profile: { channel_id: string };
    };

    // The live channel, open as the web app holds it.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/channel/${detail.profile.channel_id}/`, {
      headers: { Origin: base, Cookie: cookie },
    } as never);
    const closeCode = new Promise<number>((resolve) =>
      socket.addEventListener("close", (event) => resolve(event.code)),
    );
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve);
      socket.addEventListener("error", reject);
    });

    // A slow request: its headers and half its body sent, the rest after the SIGTERM.
    const slow = connect(port, "127.0.0.1");
    let answer = "";
    slow.on("data", (chunk) => {
      answer += chunk;
    });
    const ended = new Promise((resolve) => slow.on("close", resolve));
    await new Promise((resolve) => slow.once("connect", resolve));
    slow.write(
      `POST /api/management/admin/signin/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${signin.length}\r\nCookie: csrftoken=${csrf}\r\nX-CSRFToken: ${csrf}\r\nConnection: close\r\n\r\n` +
        signin.slice(0, 10),
    );
    await Bun.sleep(300);

    child.kill("SIGTERM");
    expect(await closeCode).toBe(1012);
    const refused = await waitFor(
      async () => (await fetch(`${base}/api/health`).catch(() => "refused")) === "refused",
      10_000,
    );
    expect(refused).toBe(true);
    expect(child.exitCode).toBeNull();

    slow.write(signin.slice(10));
    await ended;
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    expect(await child.exited).toBe(0);
    expect(output()).toContain("SIGTERM: stopped");
  }, 150_000);
});

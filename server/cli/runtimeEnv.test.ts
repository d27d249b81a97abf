import { describe, expect, test } from "bun:test";
import { totalmem } from "node:os";
import { join } from "node:path";
import { ConfigError } from "../config.ts";
import { heapPacingEnv, runtimeDescription, serverRuntimeEnv } from "./runtimeEnv.ts";

const MB = 1_048_576;

describe("the server's allocator", () => {
  test("keeps its freed holes unless the environment says otherwise, and the start-up line says which", () => {
    expect(serverRuntimeEnv({})).toEqual({ MIMALLOC_PURGE_HOLES: "0" });
    expect(serverRuntimeEnv({ MIMALLOC_PURGE_HOLES: "1" })).toEqual({ MIMALLOC_PURGE_HOLES: "1" });
    expect(serverRuntimeEnv({ VITALITY_HEAP_MB: "512" })).toEqual({
      MIMALLOC_PURGE_HOLES: "0",
      BUN_JSC_forceRAMSize: String(512 * MB),
    });
    expect(runtimeDescription({ MIMALLOC_PURGE_HOLES: "0" })).toContain("allocator's freed holes kept");
    expect(runtimeDescription({})).toContain("allocator's freed holes given back");
  });

  test("npm start's and npm test's scripts set the runtime's settings, so servers run in their process", async () => {
    // package.json's scripts and serverRuntimeEnv say the same: were they to part, start.ts would
    // still give the server its settings, but in a second process, and the tests' servers (spawned
    // with the test run's environment) would run with other settings than a deployment's.
    const { scripts } = await Bun.file(join(import.meta.dir, "..", "..", "package.json")).json();
    for (const script of [scripts.start, scripts.test] as string[]) {
      const prefix = Object.fromEntries(
        [...script.matchAll(/\b([A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name, value]),
      );
      expect(prefix).toEqual(serverRuntimeEnv({}));
    }
  });

  test("the setting reaches Bun's allocator (mimalloc reads it when the process starts)", async () => {
    // The allocator prints its options when verbose: a Bun whose allocator no longer knows the
    // option (or is not mimalloc) fails here, and the setting would then be doing nothing.
    const options = async (env: Record<string, string>) => {
      const child = Bun.spawn([process.execPath, "-e", "0"], {
        env: { PATH: process.env.PATH ?? "", MIMALLOC_VERBOSE: "1", ...env },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [out, err] = await Promise.all([
        new Response(child.stdout).text(),
        new Response(child.stderr).text(),
        child.exited,
      ]);
      return out + err;
    };
    expect(await options(serverRuntimeEnv({}))).toMatch(/option 'purge_holes': 0\b/);
    expect(await options({})).toMatch(/option 'purge_holes': 1\b/);
  });
});

describe("the server's heap pacing (VITALITY_HEAP_MB)", () => {
  test("JSC's own pacing unless set, never more than the machine has; a value set by hand is kept", () => {
    expect(heapPacingEnv({})).toEqual({});
    expect(heapPacingEnv({ VITALITY_HEAP_MB: "512" })).toEqual({ BUN_JSC_forceRAMSize: String(512 * MB) });
    expect(heapPacingEnv({ VITALITY_HEAP_MB: "1048576" })).toEqual({
      BUN_JSC_forceRAMSize: String(totalmem()),
    });
    expect(heapPacingEnv({ VITALITY_HEAP_MB: "512", BUN_JSC_forceRAMSize: "3000000000" })).toEqual({
      BUN_JSC_forceRAMSize: "3000000000",
    });
    expect(runtimeDescription({ BUN_JSC_forceRAMSize: String(512 * MB) })).toContain("heap paced to 512 MB");
    expect(runtimeDescription({})).toContain("heap paced to the machine's memory");
  });

  test("a bad value is refused naming the variable", () => {
    for (const [value, message] of [
      ["lots", "VITALITY_HEAP_MB: must be a whole number"],
      ["100", "VITALITY_HEAP_MB: must be at least 256"],
      ["1.5", "VITALITY_HEAP_MB: must be a whole number"],
    ]) {
      expect(() => heapPacingEnv({ VITALITY_HEAP_MB: value })).toThrow(ConfigError);
      expect(() => heapPacingEnv({ VITALITY_HEAP_MB: value })).toThrow(message!);
    }
  });

  test("npm start refuses a bad value before it builds or starts anything", async () => {
    const start = Bun.spawn([process.execPath, join(import.meta.dir, "start.ts")], {
      env: { PATH: process.env.PATH ?? "", VITALITY_HEAP_MB: "lots" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [code, stdout, stderr] = await Promise.all([
      start.exited,
      new Response(start.stdout).text(),
      new Response(start.stderr).text(),
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain("VITALITY_HEAP_MB: must be a whole number");
    expect(stdout).not.toContain("Building the web app");
  });

  test("a JSC told 512 MB keeps a smaller heap for the same garbage than one left to the machine's RAM", async () => {
    // The option reaches JavaScriptCore: batches of objects made and dropped alike, the heap's
    // largest capacity compared.
    const script = `const jsc = require("bun:jsc"); let peak = 0; const keep = [];
      for (let round = 0; round < 40; round++) {
        const batch = []; for (let i = 0; i < 100000; i++) batch.push({ i, s: "x" + i });
        keep.push(batch); if (keep.length > 3) keep.shift();
        peak = Math.max(peak, jsc.heapStats().heapCapacity);
      }
      console.log(peak);`;
    const peakHeap = async (env: Record<string, string>) => {
      const child = Bun.spawn([process.execPath, "-e", script], {
        // The collector on the program's own thread in both: on a loaded machine the concurrent
        // one's timing moved the peaks by more than the pacing does (about 124 against 163 MB).
        env: { PATH: process.env.PATH ?? "", BUN_JSC_useConcurrentGC: "0", ...env },
        stdout: "pipe",
      });
      const [text] = await Promise.all([new Response(child.stdout).text(), child.exited]);
      return Number(text.trim());
    };
    const paced = await peakHeap(heapPacingEnv({ VITALITY_HEAP_MB: "512" }));
    const unpaced = await peakHeap({});
    expect(paced).toBeGreaterThan(0);
    // Only where the machine has more than 512 MB x 4: below that JSC's own pacing is as tight.
    if (totalmem() > 2048 * MB) expect(paced).toBeLessThan(unpaced * 0.9);
  }, 60_000);
});

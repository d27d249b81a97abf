import { afterAll, beforeAll } from "bun:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

export interface SuitePage {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

interface SuiteOptions {
  viewport?: { width: number; height: number };
  /** Playwright's default timeout for the page's actions and waits. */
  actionTimeoutMs?: number;
  /** What the suite does once the page is open (e.g. a sign-in), inside the same hook. */
  prepare?: (suite: SuitePage) => Promise<void>;
  hookTimeoutMs?: number;
  /** How long the server may take to seed the demo and listen (startServer's default otherwise). */
  startTimeoutMs?: number;
  /** How the server starts (e.g. `{demoAnalyses: true}`: the demo seeded as `npm start` does). */
  server?: Parameters<typeof startServer>[0];
}

/**
 * One real server and one headless Chromium page for a describe block: started before its tests,
 * stopped after them. The returned object is filled in by the hook, so read its fields in tests.
 */
export function useServerAndPage(options: SuiteOptions = {}): SuitePage {
  const suite = {} as SuitePage;
  beforeAll(
    async () => {
      [suite.server, suite.browser] = await Promise.all([
        startServer({ startTimeoutMs: options.startTimeoutMs, ...options.server }),
        launchBrowser(),
      ]);
      suite.context = await suite.browser.newContext({
        baseURL: suite.server.baseUrl,
        viewport: options.viewport ?? { width: 1440, height: 900 },
        reducedMotion: "reduce",
      });
      suite.context.setDefaultTimeout(options.actionTimeoutMs ?? 10_000);
      suite.page = await suite.context.newPage();
      suite.page.on("pageerror", (error) => console.error(`[e2e] page error: ${error.message}`));
      await options.prepare?.(suite);
    },
    // Whichever suite runs first also seeds the run's demo folder (server.ts), a minute or more
    // on a loaded machine: no suite's start may be cut shorter than that.
    { timeout: Math.max(options.hookTimeoutMs ?? 0, 360_000) },
  );
  afterAll(async () => {
    await suite.context?.close();
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

import { test } from "bun:test";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumAvailable = existsSync(CHROMIUM_PATH);
/** In CI (or when asked) a missing browser is a failure, not a skip. */
export const e2eRequired = process.env.CI === "true" || process.env.REQUIRE_E2E === "1";

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  dropLateMessages(browser);
  return browser;
}

interface PlaywrightMessage {
  guid?: string;
  method?: string;
}
interface PlaywrightConnection {
  dispatch(message: PlaywrightMessage): void;
}
/** Connections already guarded: every browser a worker launches shares one. */
const guarded = new WeakSet<PlaywrightConnection>();

/** What Playwright's client throws for a message about an object it no longer has (or never got). */
const UNKNOWN_OBJECT =
  /^(Cannot find object to |Cannot find parent object |Object with guid \S+ was not bound|Unknown new child)/;

/**
 * Playwright's client throws when a message arrives about an object it does not have (any more): an
 * event of a page's WebSocket (our live channel) after the socket's object went, or a response whose
 * request it did not have (both seen in CI runs under load, the second in shell.test.ts on
 * 2026-11-27; the in-process connection lives as long as the test worker, across its files). The
 * throw lands in whatever test is running, and the rest of that object's messages in the tests after
 * it. Such a message is about an object no test can observe: it is dropped, and said so; every other
 * message and error goes through.
 */
function dropLateMessages(browser: Browser) {
  const connection = (browser as unknown as { _connection?: PlaywrightConnection })._connection;
  if (!connection || typeof connection.dispatch !== "function" || guarded.has(connection)) return;
  const dispatch = connection.dispatch.bind(connection);
  connection.dispatch = (message) => {
    try {
      dispatch(message);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (!UNKNOWN_OBJECT.test(text)) throw error;
      console.warn(`[e2e] dropped a late Playwright message (${message.method} ${message.guid}): ${text}`);
    }
  };
  guarded.add(connection);
}

const SCREENSHOT_DIR = join(import.meta.dir, "..", "screenshots");

/** A full-page PNG of the current screen in tests/e2e/screenshots/ (git-ignored), for human review. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Transitions are off (reduced motion); one animation frame lets the last render paint.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  // Its own time: a full page with a map took over the suites' 10 s action timeout on a loaded machine.
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, timeout: 30_000 });
}

/**
 * A suite's guard: without Chromium the suite is skipped with a warning, except in CI (or with
 * REQUIRE_E2E=1), where one failing test says what is missing.
 */
export function requireChromium(suite: string) {
  if (chromiumAvailable) return;
  const message = `[e2e] ${CHROMIUM_PATH} is missing: install it with \`apt-get install -y chromium\`.`;
  if (e2eRequired) {
    test("Chromium is installed (required by CI=true / REQUIRE_E2E=1)", () => {
      throw new Error(message);
    });
  } else {
    console.warn(`${message} The ${suite} E2E tests are SKIPPED.`);
  }
}

/**
 * `npm run bench web`: what each kind of screen costs a browser. Builds the app (when stale), starts
 * the real server with the demo, and in headless Chromium measures per route kind:
 * - the gzipped bytes of the scripts and styles loaded before the first contentful paint (gzip
 *   level 9 of the built files, as a compressing proxy would send them);
 * - all bytes the screen fetched until it settled (the data of a map analysis);
 * - for analyses, the time from a new tab to the first chart or table and from an in-app click to
 *   the next analysis's chart or table (p50 and p95 of RUNS, default 10);
 * - beside those, a blank tab's time (a static page of one line served by the same server, timed the
 *   same way) and each screen's ratio to it: the ratio moves less with the machine's load than the
 *   times do. Each new tab is timed warm (the signed-in browser's cached files, as a returning user's
 *   next tab) and cold (a fresh browser context with the same session: nothing cached);
 * - with BENCH_TRACE=1, where each new tab's time goes, from a Chromium trace (bench/web/trace.ts).
 * Figures only: the goals are compared in bench/README.md ("web"), never asserted.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../../tests/e2e/support/browser.ts";
import { signInDemoCustomer } from "../../tests/e2e/support/customerSignin.ts";
import { ADMIN_PASSWORD, ADMIN_USERNAME, startServer } from "../../tests/e2e/support/server.ts";
import { DIST } from "../../tests/e2e/support/webBuild.ts";
import { breakdown, describe, TRACE_CATEGORIES } from "./trace.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
/** Traced runs per screen with BENCH_TRACE=1 (the median one is printed; tracing slows the page). */
const TRACE_RUNS = 3;
/** The blank tab: one line of static HTML, served by the bench's server from the build folder. */
const BLANK = {
  path: "/bench-blank.html",
  selector: "p",
  html: "<!doctype html><title>blank</title><p>blank</p>\n",
};
/** A drawn chart (a Vega mark), a table row, or a map's canvas: what a user waits for. */
const FIRST_RESULT =
  "figure[data-chart-ready=true] svg .role-mark, table[data-table] tbody tr, [data-map] canvas";

interface ManifestViews {
  queries: Array<{ id: string; view: Record<"charts" | "tables" | "maps", Array<{ id: string }>> }>;
}

/**
 * The first result of one analysis: one of its own charts, tables or maps (by the ids of its view
 * descriptor), so that after an in-app navigation the previous analysis's table, still on screen
 * while the next one loads, does not count.
 */
function firstResultOf(manifest: ManifestViews, name: string): string {
  const query = manifest.queries.find((entry) => entry.id === name);
  if (!query) throw new Error(`${name} is not in the manifest`);
  return [
    ...query.view.charts.map(
      (chart) => `[data-chart="${chart.id}"] figure[data-chart-ready=true] svg .role-mark`,
    ),
    ...query.view.tables.map((table) => `table[data-table="${table.id}"] tbody tr`),
    ...query.view.maps.map((map) => `[data-map="${map.id}"] canvas`),
  ].join(", ");
}

/**
 * Runs in every page before its scripts (an init script): `__armFirstResult(selector)` watches the
 * DOM for the selector and records in `__firstResultPainted` the page's clock once the frame that
 * draws it is painted (a message posted in that frame's animation callback runs after its paint).
 * Playwright's own wait polls at 0, 20, 50, 100, 100, then every 500 ms, so what it sees can lag the
 * screen by up to that much; this is what the user sees.
 */
function firstResultProbe(initial: string | undefined) {
  const probe = window as unknown as {
    __armFirstResult: (selector: string) => void;
    __firstResultPainted?: number;
  };
  let observer: MutationObserver | undefined;
  probe.__armFirstResult = (selector: string) => {
    observer?.disconnect();
    probe.__firstResultPainted = undefined;
    const check = () => {
      if (!document.querySelector(selector)) return;
      observer?.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          probe.__firstResultPainted = performance.now();
        };
        channel.port2.postMessage(null);
      });
    };
    observer = new MutationObserver(check);
    observer.observe(document, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["data-chart-ready"],
    });
    check();
  };
  if (initial) probe.__armFirstResult(initial);
}

/** Epoch milliseconds with the sub-millisecond clock (comparable with the page's). */
const epochNow = () => performance.timeOrigin + performance.now();

/** The page's epoch time of the first result's paint (the probe's), waiting for it if need be. */
async function paintedAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => {
    const probe = window as unknown as { __firstResultPainted?: number };
    return probe.__firstResultPainted === undefined
      ? false
      : performance.timeOrigin + probe.__firstResultPainted;
  });
  return (await handle.jsonValue()) as number;
}

/** One timing: as Playwright's wait saw it, and when the page painted it. */
interface Timing {
  seen: number;
  painted: number;
}

interface RouteKind {
  name: string;
  path: string;
  area: "public" | "customer" | "staff";
  /** Waits for the screen's content before its bytes are counted. */
  ready: string;
}

const ROUTES: RouteKind[] = [
  { name: "sign-in", path: "/signin", area: "public", ready: "button" },
  { name: "home", path: "/", area: "customer", ready: "main" },
  { name: "analysis (querie6)", path: "/queries/querie6", area: "customer", ready: FIRST_RESULT },
  // The map's frame is ready once every layer drew (its outlines loaded): its data is all counted.
  {
    name: "map analysis (querie5)",
    path: "/queries/querie5",
    area: "customer",
    ready: "[data-map-id][data-ready=true]",
  },
  {
    name: "back office (customers)",
    path: "/administration/customers",
    area: "staff",
    ready: "table tbody tr",
  },
  // The path holds the demo organisation's id, read from the customers list once staff signed in.
  {
    name: "staff customer overview",
    path: "/administration/customers/<demo>",
    area: "staff",
    ready: "table tbody tr",
  },
];

/** The demo customer's overview path: the row the E2E suites open too (tests/e2e/admin.test.ts). */
async function demoCustomerPath(page: Page): Promise<string> {
  await page.goto("/administration/customers");
  await page.getByRole("row").filter({ hasText: "Demo Orthopaedics" }).getByRole("cell").first().click();
  await page.waitForURL(/\/administration\/customers\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

const gzipCache = new Map<string, number>();
function gzippedSize(pathname: string): number {
  let size = gzipCache.get(pathname);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, decodeURIComponent(pathname))), { level: 9 }).length;
    gzipCache.set(pathname, size);
  }
  return size;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

interface Loaded {
  scriptsBeforePaint: number;
  /** How many script files those bytes came in (many tiny chunks cost requests). */
  scriptFilesBeforePaint: number;
  stylesBeforePaint: number;
  fcpMs: number;
  fetchedBytes: number;
  dataBytes: number;
}

/** Opens a route in a new tab and measures what it loaded before its first paint, and in all. */
async function measureRoute(context: BrowserContext, route: RouteKind): Promise<Loaded> {
  const page = await context.newPage();
  const bodies: Promise<{ type: string; url: string; bytes: number }>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    const url = response.url();
    // body() is the decoded body: the bytes a screen works with, not those on the wire.
    bodies.push(
      response
        .body()
        .then((body) => ({ type, url, bytes: body.length }))
        .catch(() => ({ type, url, bytes: 0 })),
    );
  });
  await page.goto(route.path);
  await page.locator(route.ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate(async () => {
    // On a loaded machine the paint entry can trail the content: wait for it rather than read NaN
    // (which would count nothing as loaded before paint).
    const fcp = await new Promise<number>((resolve) => {
      const timer = setTimeout(() => resolve(Number.NaN), 30_000);
      new PerformanceObserver((list) => {
        const entry = list.getEntriesByName("first-contentful-paint")[0];
        if (!entry) return;
        clearTimeout(timer);
        resolve(entry.startTime);
      }).observe({ type: "paint", buffered: true });
    });
    const resources = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
      (entry) => ({ url: entry.name, start: entry.startTime }),
    );
    return { fcp, resources };
  });
  let scriptsBeforePaint = 0;
  let scriptFilesBeforePaint = 0;
  let stylesBeforePaint = 0;
  // The document's own scripts and styles (index.html) count as well: they are all requested before paint.
  const early = timing.resources.filter((entry) => entry.start <= timing.fcp);
  for (const entry of early) {
    const pathname = new URL(entry.url).pathname;
    if (!pathname.startsWith("/assets/")) continue;
    if (pathname.endsWith(".js")) {
      scriptsBeforePaint += gzippedSize(pathname);
      scriptFilesBeforePaint += 1;
      // BENCH_FILES=1 names each script counted, to see what a screen pulls in before its paint.
      if (process.env.BENCH_FILES) console.log(`  ${route.name}: ${pathname} ${kB(gzippedSize(pathname))}`);
    }
    if (pathname.endsWith(".css")) stylesBeforePaint += gzippedSize(pathname);
  }
  const responses = await Promise.all(bodies);
  await page.close();
  // BENCH_DATA=1 names each data (fetch/xhr) response counted, to see what a screen's data is made of.
  if (process.env.BENCH_DATA)
    for (const r of responses.filter((r) => r.type === "fetch" || r.type === "xhr"))
      console.log(
        `  ${route.name}: ${r.type} ${new URL(r.url).pathname}${new URL(r.url).search} ${kB(r.bytes)}`,
      );
  return {
    scriptsBeforePaint,
    scriptFilesBeforePaint,
    stylesBeforePaint,
    fcpMs: timing.fcp,
    fetchedBytes: responses.reduce((sum, r) => sum + r.bytes, 0),
    dataBytes: responses
      .filter((r) => r.type === "fetch" || r.type === "xhr")
      .reduce((sum, r) => sum + r.bytes, 0),
  };
}

/**
 * From a new tab's navigation to the first chart, table or map of an analysis (or the selector of
 * any page). With a browser given, the tab is traced and the trace's breakdown returned beside.
 */
async function newTabToResult(
  context: BrowserContext,
  path: string,
  selector: string,
  traced?: Browser,
): Promise<Timing & { trace?: ReturnType<typeof breakdown> }> {
  const page = await context.newPage();
  // Armed before the app's scripts run.
  await page.addInitScript(firstResultProbe, selector);
  if (traced) await traced.startTracing(undefined, { categories: TRACE_CATEGORIES });
  const started = epochNow();
  try {
    await page.goto(path, { waitUntil: "commit" });
    await page.locator(selector).first().waitFor({ timeout: 60_000 });
  } catch (error) {
    // A tracing left running would refuse the next tab's.
    if (traced) await traced.stopTracing().catch(() => undefined);
    throw error;
  }
  const seen = epochNow() - started;
  const paintedEpoch = await paintedAt(page);
  const painted = paintedEpoch - started;
  let trace: ReturnType<typeof breakdown> | undefined;
  if (traced) {
    // The page's own clock of the paint: the trace's window runs from its navigation start to that.
    const inPage = await page.evaluate((epoch) => epoch - performance.timeOrigin, paintedEpoch);
    const events = JSON.parse((await traced.stopTracing()).toString("utf8"));
    try {
      trace = breakdown(events.traceEvents ?? events, path, inPage);
    } catch (error) {
      // BENCH_TRACE_KEEP names a file to keep a trace the breakdown could not read, for DevTools.
      if (process.env.BENCH_TRACE_KEEP) writeFileSync(process.env.BENCH_TRACE_KEEP, JSON.stringify(events));
      console.log(`  ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await page.close();
  return { seen, painted, trace };
}

/** From a click on an analysis link to that analysis's own first result, inside the app. */
async function inAppToResult(page: Page, from: string, to: string, selectors: { from: string; to: string }) {
  await page.goto(from);
  await page.locator(selectors.from).first().waitFor({ timeout: 60_000 });
  const started = epochNow();
  await page.evaluate(
    ({ target, watched }) => {
      (window as unknown as { __armFirstResult: (selector: string) => void }).__armFirstResult(watched);
      // The router listens to history: the same navigation a menu link makes, without finding the menu.
      window.history.pushState({}, "", target);
      window.dispatchEvent(new PopStateEvent("popstate"));
    },
    { target: to, watched: selectors.to },
  );
  await page.waitForURL(`**${to}`);
  await page.locator(selectors.to).first().waitFor({ timeout: 60_000 });
  const seen = epochNow() - started;
  const painted = (await paintedAt(page)) - started;
  return { seen, painted };
}

async function staffSignIn(page: Page) {
  await page.goto("/administration/signin");
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await page.waitForURL("**/administration/customers");
}

const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`machine load (1/5/15 min): ${load}; runs per timing: ${RUNS}`);
// The demo with its analyses open (its last two years enabled): without, an analysis shows "not open yet".
const server = await startServer({ startTimeoutMs: 180_000, demoAnalyses: true });
// Served by the same server as the screens (its static files), removed at the end.
writeFileSync(join(DIST, BLANK.path), BLANK.html);
const browser = await launchBrowser();
try {
  const newContext = () =>
    browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
  const publicContext = await newContext();
  const customerContext = await newContext();
  await signInDemoCustomer(await customerContext.newPage(), server);
  const staffContext = await newContext();
  const staffPage = await staffContext.newPage();
  await staffSignIn(staffPage);
  const overviewPath = await demoCustomerPath(staffPage);
  for (const route of ROUTES)
    route.path = route.path.replace("/administration/customers/<demo>", overviewPath);
  const contexts = { public: publicContext, customer: customerContext, staff: staffContext };

  console.log(
    "\nroute kind                 | script before paint (files) | style before paint | FCP     | all bytes | data (API)",
  );
  // BENCH_SKIP=bytes,in-app leaves those parts out (e.g. to time only the new tabs, or trace them).
  const skip = process.env.BENCH_SKIP?.split(",") ?? [];
  for (const route of skip.includes("bytes") ? [] : ROUTES) {
    const loaded = await measureRoute(contexts[route.area], route);
    console.log(
      `${route.name.padEnd(26)} | ${`${kB(loaded.scriptsBeforePaint)} (${loaded.scriptFilesBeforePaint})`.padStart(27)} | ${kB(loaded.stylesBeforePaint).padStart(18)} | ${`${loaded.fcpMs.toFixed(0)} ms`.padStart(7)} | ${kB(loaded.fetchedBytes).padStart(9)} | ${kB(loaded.dataBytes)}`,
    );
  }

  const manifest = (await (
    await customerContext.request.get("/api/management/queries/manifest")
  ).json()) as ManifestViews;
  const row = (label: string, timings: Timing[], blank?: number) => {
    const at = (key: keyof Timing, q: number) =>
      quantile(
        timings.map((timing) => timing[key]),
        q,
      );
    const ratio = blank ? `${(at("painted", 0.5) / blank).toFixed(1)}x` : "";
    console.log(
      `${label.padEnd(44)} | ${at("painted", 0.5).toFixed(0).padStart(5)} | ${at("painted", 0.95).toFixed(0).padStart(5)} | ${ratio.padStart(6)} | ${at("seen", 0.5).toFixed(0).padStart(5)} | ${at("seen", 0.95).toFixed(0)}`,
    );
  };
  // What a new tab opens: the blank page, the sign-in page's form (its shell), and three analyses'
  // first result (querie1's first chart too: its table comes first, the chart once Vega ran).
  const chartsOf = (name: string) =>
    (manifest.queries.find((query) => query.id === name)?.view.charts ?? [])
      .map((chart) => `[data-chart="${chart.id}"] figure[data-chart-ready=true] svg .role-mark`)
      .join(", ");
  const tabs = [
    { label: "blank tab", path: BLANK.path, selector: BLANK.selector, area: "public" as const },
    {
      label: "sign-in shell",
      path: "/signin",
      selector: "form button[type=submit]",
      area: "public" as const,
    },
    ...["querie6", "querie1", "querie5"].map((name) => ({
      label: `/queries/${name}`,
      path: `/queries/${name}`,
      selector: firstResultOf(manifest, name),
      area: "customer" as const,
    })),
    {
      label: "/queries/querie1 first chart",
      path: "/queries/querie1",
      selector: chartsOf("querie1"),
      area: "customer" as const,
    },
  ];
  const session = await customerContext.storageState();
  // Cold: a fresh context per tab (no cached file, no compiled code kept), signed in by its cookies.
  const coldTab = async (tab: (typeof tabs)[number], traced?: Browser) => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1280, height: 800 },
      storageState: tab.area === "customer" ? session : undefined,
    });
    try {
      return await newTabToResult(context, tab.path, tab.selector, traced);
    } finally {
      await context.close();
    }
  };
  const warmTab = (tab: (typeof tabs)[number], traced?: Browser) =>
    newTabToResult(tab.area === "customer" ? customerContext : publicContext, tab.path, tab.selector, traced);
  const modes = [
    { mode: "warm", open: warmTab },
    { mode: "cold", open: coldTab },
  ];
  const only = process.env.BENCH_TABS?.split(",");
  console.log("\nnew tab to first result (ms)                 | painted (in page)      | seen by the wait");
  console.log("                                             | p50   | p95   | /blank | p50   | p95");
  for (const { mode, open } of modes) {
    let blank: number | undefined;
    for (const tab of tabs) {
      if (only && tab !== tabs[0] && !only.some((word) => tab.label.includes(word))) continue;
      const timings: Timing[] = [];
      for (let run = 0; run < RUNS; run++) timings.push(await open(tab));
      row(`${mode}: ${tab.label}`, timings, blank);
      blank ??= quantile(
        timings.map((timing) => timing.painted),
        0.5,
      );
    }
  }
  if (process.env.BENCH_TRACE) {
    console.log(
      `\nwhere a new tab's time goes (Chromium trace; the median of ${TRACE_RUNS} traced runs by time; tracing slows the page)`,
    );
    for (const { mode, open } of modes)
      for (const tab of tabs) {
        if (only && tab !== tabs[0] && !only.some((word) => tab.label.includes(word))) continue;
        const runs: Array<Awaited<ReturnType<typeof newTabToResult>>> = [];
        for (let run = 0; run < TRACE_RUNS; run++) runs.push(await open(tab, browser));
        runs.sort((a, b) => (a.trace?.windowMs ?? 0) - (b.trace?.windowMs ?? 0));
        const median = runs[Math.floor(runs.length / 2)]?.trace;
        if (median) console.log(describe(`${mode}: ${tab.label}`, median));
      }
  }
  const page = await customerContext.newPage();
  await page.addInitScript(firstResultProbe, undefined);
  const inApp: Timing[] = [];
  const selectors = { from: firstResultOf(manifest, "querie6"), to: firstResultOf(manifest, "querie7") };
  for (let run = 0; run < (skip.includes("in-app") ? 0 : RUNS); run++)
    inApp.push(await inAppToResult(page, "/queries/querie6", "/queries/querie7", selectors));
  if (inApp.length > 0) row("in-app querie6 -> querie7", inApp);
} finally {
  await browser.close();
  await server.stop();
  rmSync(join(DIST, BLANK.path), { force: true });
}

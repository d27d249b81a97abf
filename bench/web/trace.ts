/**
 * Where a new tab's time goes, read from a Chromium trace (`browser.startTracing` with the
 * categories below): the main thread's work between the navigation and the first result's paint,
 * split the way DevTools' summary splits it (each event's own time, its children's taken out), the
 * script part split again by the built file whose code was running (the V8 sampling profiler's
 * samples), and the time the main thread sat idle while an API request was in flight (waiting on
 * the server) or with none (waiting on script downloads, timers, the next frame).
 * The bench's `BENCH_TRACE=1` prints it (bench/web/run.ts); nothing here times anything itself.
 */

/** What the breakdown reads; the sampling profiler is what splits script time by file. */
export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      documentLoaderURL?: string;
      requestId?: string;
      url?: string;
      cpuProfile?: {
        nodes?: Array<{ id: number; parent?: number; callFrame: { url?: string; functionName?: string } }>;
        samples?: number[];
      };
      timeDeltas?: number[];
      startTime?: number;
    };
  };
}

/** Main-thread work by kind, in ms of the window; `script` again by file in `scriptByFile`. */
export interface Breakdown {
  windowMs: number;
  busyMs: number;
  byKind: Record<Kind, number>;
  scriptByFile: Array<{ file: string; ms: number }>;
  idleWithApiMs: number;
  idleWithoutApiMs: number;
  api: Array<{ path: string; startMs: number; endMs: number }>;
}

type Kind = "parse/compile" | "script" | "style" | "layout" | "paint" | "html" | "gc" | "other";
const KINDS: Kind[] = ["parse/compile", "script", "style", "layout", "paint", "html", "gc", "other"];

/** DevTools' names for the events of each kind (the timeline model's categories). */
function kindOf(name: string): Kind {
  if (
    /^(v8\.compile|v8\.compileModule|V8\.Compile|v8\.parseOnBackground|CacheScript|v8\.produce|v8\.deserialize)/.test(
      name,
    )
  )
    return "parse/compile";
  if (/GC|Garbage|CppGC|BlinkGC/.test(name)) return "gc";
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/.test(name))
    return "style";
  if (/^(Layout|UpdateLayer|UpdateLayerTree|PrePaint|InvalidateLayout|ScheduleLayout)/.test(name))
    return "layout";
  if (
    /^(Paint|PaintImage|Layerize|Commit|CompositeLayers|Decode|RasterTask|PaintTimingVisualizer)/.test(name)
  )
    return "paint";
  if (name === "ParseHTML") return "html";
  if (
    /^(FunctionCall|EvaluateScript|v8\.run|v8\.evaluateModule|v8\.callFunction|v8\.newInstance|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|XHRReadyStateChange|XHRLoad|V8\.|v8\.)/.test(
      name,
    )
  )
    return "script";
  return "other";
}

/** A built file's name without its content hash: `AnalysisScreen-BQGZwg8n.js` -> `AnalysisScreen`. */
function fileOf(url: string): string {
  const pathname = new URL(url, "http://x").pathname;
  const last = pathname.split("/").pop() ?? url;
  // Only the build's /assets/ files carry a hash (early-requests.js would lose "-requests").
  return (pathname.startsWith("/assets/") ? last.replace(/-[A-Za-z0-9_-]{8}\.js$/, "") : last).replace(
    /\.js$/,
    "",
  );
}

/**
 * The breakdown of the page whose navigation went to `path`, from its navigation start to
 * `endMs` after it (the page's clock: `performance.now()` of the paint the bench waited for).
 */
export function breakdown(events: TraceEvent[], path: string, endMs: number): Breakdown {
  const navigation = events.find(
    (event) => event.name === "navigationStart" && (event.args?.data?.documentLoaderURL ?? "").endsWith(path),
  );
  if (!navigation) throw new Error(`the trace has no navigation to ${path}`);
  const pid = navigation.pid;
  const tid = navigation.tid;
  const from = navigation.ts;
  const to = from + endMs * 1000;
  const clip = (start: number, end: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));

  // Own time of each complete event on the page's main thread: nested events (by time) are its children.
  const slices = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === "X" && (event.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const busy: Array<[number, number]> = [];
  const stack: Array<{ end: number; kind: Kind; cursor: number }> = [];
  const closeUntil = (time: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= time) {
      const top = stack.pop();
      if (!top) break;
      byKind[top.kind] += clip(top.cursor, top.end);
      const parent = stack.at(-1);
      if (parent) parent.cursor = top.end;
    }
  };
  for (const slice of slices) {
    const end = slice.ts + (slice.dur ?? 0);
    closeUntil(slice.ts);
    const parent = stack.at(-1);
    if (parent) {
      byKind[parent.kind] += clip(parent.cursor, slice.ts);
      parent.cursor = end;
    } else busy.push([slice.ts, end]);
    // A child that outlives its parent (clock rounding) is cut at the parent's end.
    stack.push({ end: parent ? Math.min(end, parent.end) : end, kind: kindOf(slice.name), cursor: slice.ts });
  }
  closeUntil(Number.POSITIVE_INFINITY);

  // The V8 profiler's samples: which built file's code was running, weighted by the time to the next sample.
  const files = new Map<string, number>();
  const nodes = new Map<number, { parent?: number; url: string; fn: string }>();
  // Each profile (by id) has its own clock: its start time, then each sample's delta from the last.
  const clocks = new Map<string, number>();
  for (const event of events) {
    if (event.pid !== pid || (event.name !== "Profile" && event.name !== "ProfileChunk")) continue;
    const data = event.args?.data;
    const profile = event.id ?? "";
    if (event.name === "Profile") {
      clocks.set(profile, data?.startTime ?? 0);
      continue;
    }
    let sampleTime = clocks.get(profile) ?? 0;
    for (const node of data?.cpuProfile?.nodes ?? [])
      nodes.set(node.id, {
        parent: node.parent,
        url: node.callFrame.url ?? "",
        fn: node.callFrame.functionName ?? "",
      });
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let index = 0; index < samples.length; index++) {
      sampleTime += deltas[index] ?? 0;
      const weight = deltas[index + 1] ?? 0;
      if (sampleTime < from || sampleTime > to) continue;
      let node = nodes.get(samples[index] ?? -1);
      if (!node || /^\((idle|program|garbage collector|root)\)$/.test(node.fn)) continue;
      // The innermost frame with a file: a built-in called from a chunk counts to that chunk.
      while (node && !node.url) node = node.parent === undefined ? undefined : nodes.get(node.parent);
      const file = node ? fileOf(node.url) : "(native)";
      files.set(file, (files.get(file) ?? 0) + weight);
    }
    clocks.set(profile, sampleTime);
  }
  const sampled = [...files.values()].reduce((sum, ms) => sum + ms, 0);
  const scriptByFile = [...files.entries()]
    .map(([file, weight]) => ({ file, ms: sampled > 0 ? (byKind.script * weight) / sampled : 0 }))
    .sort((a, b) => b.ms - a.ms);

  // API requests of that page, and the main thread's idle time with one in flight.
  const sent = new Map<string, { path: string; start: number }>();
  const api: Array<{ path: string; start: number; end: number }> = [];
  for (const event of events) {
    const data = event.args?.data;
    if (event.pid !== pid || !data?.requestId) continue;
    if (event.name === "ResourceSendRequest" && data.url && new URL(data.url).pathname.startsWith("/api/")) {
      const url = new URL(data.url);
      sent.set(data.requestId, { path: url.pathname + url.search, start: event.ts });
    }
    const request = sent.get(data.requestId);
    if (event.name === "ResourceFinish" && request) api.push({ ...request, end: event.ts });
  }
  let idleWithApiMs = 0;
  let idleWithoutApiMs = 0;
  // Walk the window in 0.1 ms steps' worth of boundaries: between every two event edges the state is constant.
  const edges = [from, to, ...busy.flat(), ...api.flatMap((request) => [request.start, request.end])]
    .filter((time) => time >= from && time <= to)
    .sort((a, b) => a - b);
  for (let index = 0; index + 1 < edges.length; index++) {
    const start = edges[index] ?? 0;
    const end = edges[index + 1] ?? 0;
    if (end <= start) continue;
    const middle = (start + end) / 2;
    if (busy.some(([s, e]) => s <= middle && middle < e)) continue;
    if (api.some((request) => request.start <= middle && middle < request.end)) idleWithApiMs += end - start;
    else idleWithoutApiMs += end - start;
  }
  const ms = (us: number) => us / 1000;
  return {
    windowMs: endMs,
    busyMs: ms(busy.reduce((sum, [start, end]) => sum + clip(start, end), 0)),
    byKind: Object.fromEntries(KINDS.map((kind) => [kind, ms(byKind[kind])])) as Record<Kind, number>,
    scriptByFile: scriptByFile.map((entry) => ({ file: entry.file, ms: ms(entry.ms) })),
    idleWithApiMs: ms(idleWithApiMs),
    idleWithoutApiMs: ms(idleWithoutApiMs),
    api: api
      .filter((request) => request.start < to)
      .map((request) => ({
        path: request.path,
        startMs: ms(request.start - from),
        endMs: ms(request.end - from),
      })),
  };
}

/** One line per screen, for the bench's output. */
export function describe(label: string, result: Breakdown): string {
  const round = (value: number) => value.toFixed(0);
  const kinds = KINDS.filter((kind) => kind !== "script")
    .map((kind) => `${kind} ${round(result.byKind[kind])}`)
    .join(", ");
  const files = result.scriptByFile
    .filter((entry) => entry.ms >= 1)
    .slice(0, 8)
    .map((entry) => `${entry.file} ${round(entry.ms)}`)
    .join(", ");
  const api = result.api
    .map(
      (request) => `${request.path.replace(/\?.*/, "?…")} ${round(request.startMs)}-${round(request.endMs)}`,
    )
    .join("; ");
  return [
    `${label}: ${round(result.windowMs)} ms to the first result's paint; main thread busy ${round(result.busyMs)} ms`,
    `  script ${round(result.byKind.script)} (${files}); ${kinds}`,
    `  idle ${round(result.idleWithApiMs)} ms with an API request in flight, ${round(result.idleWithoutApiMs)} ms with none`,
    `  API (ms from the navigation): ${api || "none"}`,
  ].join("\n");
}

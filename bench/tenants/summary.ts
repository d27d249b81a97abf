/** One phase's figures: latency quantiles (all answers, uncached, first per organisation-year), rates, errors. */
import type { LoadResult, Sample } from "./users.ts";

export interface Quantiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface PhaseSummary {
  label: string;
  overall: Quantiles;
  uncached: Quantiles;
  firstPerOrganisationYear: Quantiles;
  answersPerSecond: number;
  errors: number;
  peakRssMb: number[];
  text: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))]!;

export function quantiles(values: number[]): Quantiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
  };
}

/**
 * Where the server's time went, per step of its Server-Timing header: the mean over the samples (a
 * sample without a step counts 0 for it) and the p95.
 */
function stepsLine(name: string, samples: Sample[]) {
  const steps = [...new Set(samples.flatMap((sample) => Object.keys(sample.timings)))];
  const parts = steps.map((step) => {
    const values = samples.map((sample) => sample.timings[step] ?? 0);
    const mean = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
    return `${step} ${ms(mean)}/${ms(quantiles(values).p95)}`;
  });
  return `  ${name.padEnd(26)} server ms, mean/p95: ${parts.join(", ") || "-"}`;
}

/** Uncached p50/p95 per 10 s of the phase: a fresh process's first seconds apart from the rest. */
function windowsLine(samples: Sample[]) {
  const windows = new Map<number, number[]>();
  for (const sample of samples) {
    const window = Math.floor(sample.at / 10);
    windows.set(window, [...(windows.get(window) ?? []), sample.ms]);
  }
  const parts = [...windows]
    .sort(([a], [b]) => a - b)
    .map(([window, values]) => {
      const q = quantiles(values);
      return `${window * 10}-${window * 10 + 10} s ${ms(q.p50)}/${ms(q.p95)} (${q.count})`;
    });
  return `    uncached by time, p50/p95: ${parts.join(", ")}`;
}

/** The server CPU's largest shares by kind of thread: "main 73%, JITWorker 18%, ...". */
function threadsLine(byThread: Map<string, number>, total: number) {
  const shares = [...byThread]
    .filter(([, seconds]) => seconds > 0)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 5)
    .map(([kind, seconds]) => `${kind} ${Math.round((100 * seconds) / Math.max(total, 0.01))}%`);
  return `  server CPU by thread: ${shares.join(", ")}`;
}

const ms = (value: number) => (Number.isNaN(value) ? "-" : value < 10 ? value.toFixed(1) : value.toFixed(0));
const line = (name: string, q: Quantiles) =>
  `  ${name.padEnd(26)} n=${String(q.count).padStart(6)}  p50 ${ms(q.p50).padStart(6)}  p95 ${ms(q.p95).padStart(6)}  p99 ${ms(q.p99).padStart(6)}`;

export function summarise(
  label: string,
  result: LoadResult,
  server: {
    processes: number;
    cpuSeconds: number;
    /** The phase's server CPU seconds per kind of thread (servers.ts), every process together. */
    cpuByThread?: Map<string, number>;
    peakRssMb: number[];
    caches: Array<string | undefined>;
    memory?: Array<string | undefined>;
    boundAtStart?: Array<string | undefined>;
    /** Per process: its highest resident memory in each 10 s (servers.ts). */
    rssBy10s?: number[][];
    load: string;
  },
): PhaseSummary {
  const ok = result.samples.filter((sample) => sample.status === 200);
  const uncached = ok.filter((sample) => sample.cache === "miss");
  const seen = new Set<string>();
  const first: Sample[] = [];
  for (const sample of uncached) {
    const key = `${sample.organisation}/${sample.year ?? "default"}`;
    if (seen.has(key)) continue;
    seen.add(key);
    first.push(sample);
  }
  const errors = result.samples.length - ok.length + result.manifestErrors;
  const summary = {
    label,
    overall: quantiles(ok.map((sample) => sample.ms)),
    uncached: quantiles(uncached.map((sample) => sample.ms)),
    firstPerOrganisationYear: quantiles(first.map((sample) => sample.ms)),
    answersPerSecond: ok.length / result.seconds,
    errors,
    peakRssMb: server.peakRssMb,
  };
  const text = [
    `${label} (${server.load})`,
    line("all answers", summary.overall),
    line("uncached (X-Cache: miss)", summary.uncached),
    stepsLine("  uncached, by step", uncached),
    windowsLine(uncached),
    line("first per organisation-year", summary.firstPerOrganisationYear),
    stepsLine("  first, by step", first),
    line("manifest (once per user)", quantiles(result.manifestMs)),
    `  server CPU ${server.cpuSeconds.toFixed(1)} s in ${result.seconds.toFixed(0)} s (${((server.cpuSeconds * 1000) / Math.max(1, uncached.length)).toFixed(1)} ms per uncached answer, all CPU counted)`,
    ...(server.cpuByThread ? [threadsLine(server.cpuByThread, server.cpuSeconds)] : []),
    `  ${summary.answersPerSecond.toFixed(1)} answers/s, ${errors} errors, peak RSS ${server.peakRssMb.map((mb) => `${Math.round(mb)} MB`).join(" + ")}`,
    ...(server.rssBy10s ?? []).map(
      (windows, i) =>
        `  process ${i + 1} RSS by 10 s (highest, MB): ${windows.map((mb) => Math.round(mb)).join(", ")}`,
    ),
    ...server.caches.map((caches, i) => `  process ${i + 1} ${caches ?? "caches: (not printed)"}`),
    ...(server.memory ?? []).flatMap((memory, i) => (memory ? [`  process ${i + 1} ${memory}`] : [])),
    ...(server.boundAtStart ?? []).flatMap((line, i) =>
      line ? [`  process ${i + 1} at start: ${line}`] : [],
    ),
    ...result.errorExamples.map((example) => `  error: ${example}`),
  ].join("\n");
  return { ...summary, text };
}

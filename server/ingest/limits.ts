/** Bounds on what an upload may cost the server; every one is checked while reading, not after. */
export interface IngestLimits {
  /** Largest single uploaded file. */
  maxFileBytes: number;
  /** Entries of one ZIP or XLSX container. */
  maxEntries: number;
  /** Bytes inflated from one container, all entries together. */
  maxUncompressedBytes: number;
  /** Inflated/compressed ratio refused once more than ratioGraceBytes were inflated (bombs run >1000:1). */
  maxCompressionRatio: number;
  ratioGraceBytes: number;
  /** Wall-clock time of the parse/validate/normalise child process. */
  workerTimeoutMs: number;
  /** DuckDB memory limit inside the child. */
  duckMemoryLimit: string;
}

export const defaultLimits: IngestLimits = {
  maxFileBytes: 2 * 1024 ** 3,
  maxEntries: 64,
  maxUncompressedBytes: 8 * 1024 ** 3,
  maxCompressionRatio: 200,
  ratioGraceBytes: 32 * 1024 ** 2,
  workerTimeoutMs: 30 * 60 * 1000,
  duckMemoryLimit: "2GB",
};

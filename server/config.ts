import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { z } from "zod";
import { DEFAULT_MAILBOX_SENDERS, type MailboxSender, mailboxSendersSchema } from "./mail/senders.ts";

const flag = (fallback: "0" | "1") =>
  z
    .enum(["0", "1", "true", "false"])
    .default(fallback)
    .transform((value) => value === "1" || value === "true");

/** The live NPPES NPI Registry API (server/registry/README.md); off by default. */
const nppesApiEnvironment = z.object({
  NPPES_API: flag("0"),
  NPPES_API_URL: z
    .url({ message: "must be an absolute URL such as https://npiregistry.cms.hhs.gov/api/" })
    .default("https://npiregistry.cms.hhs.gov/api/"),
  NPPES_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});

/** The isochrone service of the drive-time polygons (server/geo/isochrone/README.md); none by default. */
export const isochroneKinds = ["valhalla", "openrouteservice", "graphhopper"] as const;
const isochroneEnvironment = z.object({
  ISOCHRONE_KIND: z
    .enum(isochroneKinds, { message: "must be valhalla, openrouteservice or graphhopper" })
    .optional(),
  ISOCHRONE_URL: z.url({ message: "must be an absolute URL such as http://valhalla:8002" }).optional(),
  ISOCHRONE_API_KEY: z.string().optional(),
  ISOCHRONE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  ISOCHRONE_CACHE_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(1000),
});

export interface NppesApiSettings {
  enabled: boolean;
  /** The API's base URL; `?version=2.1&number=...` is added to it. */
  url: string;
  timeoutMs: number;
}

export interface IsochroneSettings {
  kind: (typeof isochroneKinds)[number];
  url: string;
  apiKey: string | undefined;
  timeoutMs: number;
  /** Facility locations whose polygon is kept in memory. */
  cacheEntries: number;
}

type IsochroneEnvironment = z.output<typeof isochroneEnvironment>;

/** Undefined when no service is configured: the drive areas are then circles (approximations). */
function isochroneSettingsOf(env: IsochroneEnvironment): IsochroneSettings | undefined {
  if (!env.ISOCHRONE_KIND || !env.ISOCHRONE_URL) return undefined;
  return {
    kind: env.ISOCHRONE_KIND,
    url: env.ISOCHRONE_URL,
    apiKey: env.ISOCHRONE_API_KEY,
    timeoutMs: env.ISOCHRONE_TIMEOUT_MS,
    cacheEntries: env.ISOCHRONE_CACHE_ENTRIES,
  };
}

/** A kind without a URL (or the reverse) is a mistake, not "no service". */
function checkIsochronePair(env: Partial<IsochroneEnvironment>, context: z.RefinementCtx) {
  if (env.ISOCHRONE_KIND && !env.ISOCHRONE_URL)
    context.addIssue({
      code: "custom",
      path: ["ISOCHRONE_URL"],
      message: "is required when ISOCHRONE_KIND is set",
    });
  if (env.ISOCHRONE_URL && !env.ISOCHRONE_KIND)
    context.addIssue({
      code: "custom",
      path: ["ISOCHRONE_KIND"],
      message: "is required when ISOCHRONE_URL is set",
    });
}

/**
 * The isochrone settings alone, for code that reads its settings from the environment outside the
 * server's Config (server/engine/settings.ts). Throws a ConfigError naming the variable.
 */
export function isochroneSettings(
  source: Record<string, string | undefined> = process.env,
): IsochroneSettings | undefined {
  return isochroneSettingsOf(parsedEnvironment(isochroneEnvironment.superRefine(checkIsochronePair), source));
}

/**
 * The map's online tile layer (web/src/query/map/README.md, "Base map"); none by default, the maps
 * then draw the offline state and county outlines alone. One fixed origin (no `{a-c}` subdomain
 * pattern): the CSP opens img-src and connect-src for exactly that origin.
 */
const TILE_TEMPLATE = "must be an http(s) XYZ template with {z}, {x} and {y}, on one host";
const tileTemplate = z
  .string()
  .refine(
    (value) =>
      /^https?:\/\/[^/{}]+\//.test(value) &&
      ["{z}", "{x}", "{y}"].every((part) => value.includes(part)) &&
      URL.canParse(value),
    { message: TILE_TEMPLATE },
  );
const mapTilesEnvironment = z.object({
  MAP_TILE_URL: tileTemplate.optional(),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .max(300, "must be at most 300 characters")
    .default("© OpenStreetMap contributors"),
});

export interface MapTileSettings {
  /** The XYZ template the maps load their tiles from. */
  url: string;
  /** Its origin, the one the CSP lets images and connections come from. */
  origin: string;
  /** Shown in the map's corner (the tile provider's terms). */
  attribution: string;
}

function mapTilesOf(env: z.output<typeof mapTilesEnvironment>): MapTileSettings | undefined {
  if (!env.MAP_TILE_URL) return undefined;
  return {
    url: env.MAP_TILE_URL,
    origin: new URL(env.MAP_TILE_URL).origin,
    attribution: env.MAP_TILE_ATTRIBUTION,
  };
}

/**
 * The bounds of the per-process caches a deployment may want to tune (docs/caches.md gives each
 * cache, what it holds and why its default is what it is). The other caches have fixed bounds.
 */
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const count = (min: number, max: number, fallback: number) => wholeNumber(min, max).default(fallback);
const cacheEnvironment = z.object({
  VITALITY_QUERY_CACHE_ENTRIES: count(0, 100_000, 500),
  VITALITY_QUERY_CACHE_MB: count(1, 65_536, 256),
  VITALITY_FLOW_CACHE_ENTRIES: count(1, 10_000, 512),
  VITALITY_FLOW_CACHE_MB: count(1, 65_536, 256),
  VITALITY_SESSION_CACHE_ENTRIES: count(1, 1_000_000, 10_000),
  VITALITY_SNAPSHOT_CACHE_ENTRIES: count(1, 100_000, 1000),
});

export interface CacheLimits {
  /** Analysis answers kept (0: none), and the bytes of their JSON text at most. */
  answerEntries: number;
  answerBytes: number;
  /** querie9's outmigration flows and querie11's slices (each): organisation-years kept, and their bytes at most. */
  flowEntries: number;
  flowBytes: number;
  /** Validated sessions kept (each for SESSION_CACHE_SECONDS at most). */
  sessionEntries: number;
  /** Organisations whose snapshot (years, versions, resolved inputs) is kept. */
  snapshotEntries: number;
}

const MB = 1_048_576;

function cacheLimitsOf(env: z.output<typeof cacheEnvironment>): CacheLimits {
  return {
    answerEntries: env.VITALITY_QUERY_CACHE_ENTRIES,
    answerBytes: env.VITALITY_QUERY_CACHE_MB * MB,
    flowEntries: env.VITALITY_FLOW_CACHE_ENTRIES,
    flowBytes: env.VITALITY_FLOW_CACHE_MB * MB,
    sessionEntries: env.VITALITY_SESSION_CACHE_ENTRIES,
    snapshotEntries: env.VITALITY_SNAPSHOT_CACHE_ENTRIES,
  };
}

/**
 * The cache bounds alone, for the module-level caches that are made before (or without) the
 * server's Config. loadConfig checks the same variables at start, so a bad value stops the server
 * there with the variable named; here it throws the same ConfigError.
 */
export function cacheLimits(source: Record<string, string | undefined> = process.env): CacheLimits {
  return cacheLimitsOf(parsedEnvironment(cacheEnvironment, source));
}

/** The memory the server's JavaScript heap is paced to, in MB (server/cli/runtimeEnv.ts); unset: none. */
const heapEnvironment = z.object({ VITALITY_HEAP_MB: wholeNumber(256, 1_048_576).optional() });

/** VITALITY_HEAP_MB alone, for `npm start`, which reads it before the server's Config exists. */
export const heapMegabytes = (source: Record<string, string | undefined> = process.env) =>
  parsedEnvironment(heapEnvironment, source).VITALITY_HEAP_MB;

/** Every setting the server reads from its environment, parsed once at start-up. */
const environmentSchema = z.object({
  ...nppesApiEnvironment.shape,
  ...isochroneEnvironment.shape,
  ...cacheEnvironment.shape,
  ...heapEnvironment.shape,
  ...mapTilesEnvironment.shape,
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as http://localhost:3000" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  WEB_DIST: z.string().min(1).optional(),
  PREPARE_ANALYSIS_FILES: flag("1"),
  REFRESH_REPLACED_YEARS: flag("1"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  VITALITY_ADMIN_USER: z.string().min(1).default("admin"),
  VITALITY_ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  MAIL_FROM: z.string().default("Vitality <no-reply@vitality.local>"),
  MAILBOX_SENDERS: mailboxSendersSchema.prefault(DEFAULT_MAILBOX_SENDERS),
  SEED_DEMO: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((value) => value === "1" || value === "true"),
  SEED_DEMO_ANALYSES: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((value) => value === "1" || value === "true"),
  TRUST_PROXY: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((value) => value === "1" || value === "true"),
  LOG_REQUESTS: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((value) => value === "1" || value === "true"),
  /** Check each JSON answer against its route's declared schema (docs/api.md); on in tests. */
  VITALITY_CHECK_ANSWERS: z.enum(["0", "1", "true", "false"]).optional(),
  REFUSED_UPLOAD_RETENTION_DAYS: z.coerce
    .number({ message: "must be a number of days" })
    .min(0, "must be 0 or more days")
    .max(3650, "must be at most 3650 days")
    .default(7),
  REPORT_RETRY_DELAY_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be at least 1 second")
    .max(3600, "must be at most 3600 seconds")
    .default(60),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must be 0 or more seconds")
    .max(600, "must be at most 600 seconds")
    .default(25),
  VITALITY_MEMORY_LOG_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must be 0 (off) or more seconds")
    .max(86_400, "must be at most 86400 seconds")
    .default(0),
});

const checkedEnvironmentSchema = environmentSchema.superRefine(checkIsochronePair);

export type Environment = z.input<typeof environmentSchema>;

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  publicUrl: string;
  dataDir: string;
  /** The built web app served at `/`: web/dist unless WEB_DIST names another build (benches, helpers). */
  webDist?: string;
  /**
   * Queue the job that writes an organisation's analysis files after each data change
   * (server/engine/derived/prepareJob.ts). Off in the API tests' apps, which upload a lot and
   * close before a background job would end; a run writes a missing file itself either way.
   */
  prepareAnalysisFiles: boolean;
  /**
   * After new data replaces a reviewed year, rerun every step the year's rule allows in one job
   * (server/organisations/yearRefresh.ts). On by default; off in the API tests' apps but its own.
   */
  refreshReplacedYears: boolean;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * Keys signed values (none are trusted from the client without it). Unset: random here, then
   * replaced by createContext with the key kept in the database (server/db/settingOnce.ts).
   */
  secretKey: string;
  secretKeyGenerated: boolean;
  adminUser: string;
  adminPassword: string | undefined;
  mailFrom: string;
  /** The staff mailbox's four sender choices. */
  mailboxSenders: MailboxSender[];
  seedDemo: boolean;
  /** With seedDemo: run and enable the demo's last two years at start (analyses ready at first sign-in). */
  seedDemoAnalyses: boolean;
  logRequests: boolean;
  /**
   * Every JSON answer is checked against the schema its route declares (server/http/openapi/
   * declare.ts): an answer that drifted is a 500 naming the field. On in tests, off in production
   * unless VITALITY_CHECK_ANSWERS=1 (a development switch).
   */
  checkAnswers: boolean;
  /** Read the client address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** True when the public URL is https: cookies get Secure and responses HSTS. */
  secure: boolean;
  /** The live NPPES API adapter in front of the local registry. */
  nppesApi: NppesApiSettings;
  /** The drive-time polygon service; undefined: circles. */
  isochrone: IsochroneSettings | undefined;
  /** Days a refused upload's raw file (patients' claims) is kept for support before removal. */
  refusedUploadRetentionDays: number;
  /** A report whose sending failed is tried again after this, doubling (three tries in all). */
  reportRetryDelaySeconds: number;
  /**
   * On SIGTERM, how long requests in flight and running jobs get to finish before the process
   * closes what is left and exits (server/shutdown.ts).
   */
  shutdownGraceSeconds: number;
  /**
   * Every this many seconds the server logs where its memory is (server/caches/memoryLog.ts: the
   * `memory:`, `caches:` and `heap_types:` lines; the soak bench reads them); 0: never (default).
   */
  memoryLogSeconds: number;
  /** Bounds of the per-process caches (docs/caches.md). */
  caches: CacheLimits;
  /** The maps' online tile layer; undefined: offline outlines only. */
  mapTiles: MapTileSettings | undefined;
}

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/** `schema` parsed from the variables set (an empty one is unset); a bad value throws a ConfigError naming it. */
function parsedEnvironment<Schema extends z.ZodType>(
  schema: Schema,
  source: Record<string, string | undefined>,
): z.output<Schema> {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== "" && value !== undefined),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success)
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })),
    );
  return parsed.data;
}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parsedEnvironment(checkedEnvironmentSchema, source);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    publicUrl,
    dataDir: resolve(env.DATA_DIR),
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
    prepareAnalysisFiles: env.PREPARE_ANALYSIS_FILES,
    refreshReplacedYears: env.REFRESH_REPLACED_YEARS,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    secretKey: env.SECRET_KEY ?? randomBytes(32).toString("hex"),
    secretKeyGenerated: env.SECRET_KEY === undefined,
    adminUser: env.VITALITY_ADMIN_USER,
    adminPassword: env.VITALITY_ADMIN_PASSWORD,
    mailFrom: env.MAIL_FROM,
    mailboxSenders: env.MAILBOX_SENDERS,
    seedDemo: env.SEED_DEMO,
    seedDemoAnalyses: env.SEED_DEMO_ANALYSES,
    logRequests: env.LOG_REQUESTS,
    checkAnswers:
      env.VITALITY_CHECK_ANSWERS === undefined
        ? env.NODE_ENV === "test"
        : env.VITALITY_CHECK_ANSWERS === "1" || env.VITALITY_CHECK_ANSWERS === "true",
    trustProxy: env.TRUST_PROXY,
    secure: publicUrl.startsWith("https://"),
    nppesApi: { enabled: env.NPPES_API, url: env.NPPES_API_URL, timeoutMs: env.NPPES_API_TIMEOUT_MS },
    isochrone: isochroneSettingsOf(env),
    refusedUploadRetentionDays: env.REFUSED_UPLOAD_RETENTION_DAYS,
    reportRetryDelaySeconds: env.REPORT_RETRY_DELAY_SECONDS,
    shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    memoryLogSeconds: env.VITALITY_MEMORY_LOG_SECONDS,
    caches: cacheLimitsOf(env),
    mapTiles: mapTilesOf(env),
  };
}

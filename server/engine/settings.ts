import { z } from "zod";
import { cacheLimits, isochroneSettings } from "../config.ts";
import { type DriveAreaSource, driveAreaSource } from "../geo/isochrone/driveAreas.ts";

/**
 * Engine settings that are not filters. Read from the environment here because server/config.ts
 * belongs to the foundation; the lead may move them there. A bad value stops with a named error.
 */
export interface EngineSettings {
  /** Average speed of the drive-time approximation (data-contract.md section 6), km/h. */
  driveSpeedKmh: number;
  /** Map accessibility: minutes of driving (customer-area.md section 9). */
  driveMinutes: number;
  /** Drive-time polygons: the configured isochrone service, else circles (server/geo/isochrone). */
  driveAreas: DriveAreaSource;
  /** Results kept in memory by the run cache (VITALITY_QUERY_CACHE_ENTRIES, config.ts). */
  cacheEntries: number;
  /** The bytes they hold at most (VITALITY_QUERY_CACHE_MB). */
  cacheBytes: number;
  /**
   * How long a starting server may spend binding organisation-years before it listens
   * (VITALITY_BIND_AT_START_SECONDS, bindAtStart.ts; 0: none), milliseconds.
   */
  bindAtStartMs: number;
}

const environmentSchema = z.object({
  VITALITY_DRIVE_SPEED_KMH: z.coerce.number().positive().max(200).default(50),
  VITALITY_BIND_AT_START_SECONDS: z.coerce.number().min(0).max(3600).default(30),
});

export const DRIVE_MINUTES = 15;

export function engineSettings(source: Record<string, string | undefined> = process.env): EngineSettings {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  const caches = cacheLimits(source);
  return {
    driveSpeedKmh: parsed.data.VITALITY_DRIVE_SPEED_KMH,
    driveMinutes: DRIVE_MINUTES,
    driveAreas: driveAreaSource(isochroneSettings(source)),
    cacheEntries: caches.answerEntries,
    cacheBytes: caches.answerBytes,
    bindAtStartMs: parsed.data.VITALITY_BIND_AT_START_SECONDS * 1000,
  };
}

/**
 * The drive-time area of a place (data-contract.md section 6), the one interface the analyses
 * call: the configured isochrone service's polygon, or - with no service, or when it fails or does
 * not answer within ISOCHRONE_TIMEOUT_MS - a circle of the distance covered at the average speed,
 * marked as an approximation. A failure is logged as a warning and not remembered, so the next run
 * asks the service again; answers are kept per place and minutes in a bounded cache (least
 * recently used first out), since facilities rarely move.
 */
import { LRUCache } from "lru-cache";
import { boundedCache } from "../../caches/bounded.ts";
import type { IsochroneSettings } from "../../config.ts";
import { ResultCache } from "../../engine/cache.ts";
import { driveCircle } from "../../engine/geo.ts";
import { createLogger, type Logger } from "../../logger.ts";
import { GraphHopperIsochrones } from "./graphHopper.ts";
import { OpenRouteServiceIsochrones } from "./openRouteService.ts";
import type { AreaFeature, IsochroneService } from "./service.ts";
import { ValhallaIsochrones } from "./valhalla.ts";

export interface DriveArea {
  feature: AreaFeature;
  /** True for the circle: drawn dashed and explained on the map. */
  approximation: boolean;
  /** "circle", or the service that drew the polygon. */
  source: "circle" | IsochroneSettings["kind"];
}

export interface DriveAreaSource {
  around(lat: number, lon: number, minutes: number, speedKmh: number): Promise<DriveArea>;
}

/**
 * Circles kept per place, minutes and speed, least recently used out, as the service's polygons
 * are: querie5 draws one per facility in every answer (1m, 5 places: 0.4 ms of each answer made
 * and simplified them again), and places rarely move. A few kB each; callers do not modify them.
 */
export const DRIVE_CIRCLE_ENTRIES = 2000;
const circles = boundedCache<DriveArea>({ name: "driveCircles", max: DRIVE_CIRCLE_ENTRIES });

function circleArea(lat: number, lon: number, minutes: number, speedKmh: number): DriveArea {
  const key = `${lat},${lon}|${minutes}|${speedKmh}`;
  let area = circles.get(key);
  if (!area) {
    area = { feature: driveCircle(lat, lon, minutes, speedKmh), approximation: true, source: "circle" };
    circles.set(key, area);
  }
  return area;
}

export const circleDriveAreas: DriveAreaSource = {
  async around(lat, lon, minutes, speedKmh) {
    return circleArea(lat, lon, minutes, speedKmh);
  },
};

export function isochroneService(settings: IsochroneSettings): IsochroneService {
  switch (settings.kind) {
    case "valhalla":
      return new ValhallaIsochrones(settings.url);
    case "openrouteservice":
      return new OpenRouteServiceIsochrones(settings.url, settings.apiKey);
    case "graphhopper":
      return new GraphHopperIsochrones(settings.url, settings.apiKey);
  }
}

export class ServiceDriveAreas implements DriveAreaSource {
  private readonly cache: ResultCache<DriveArea>;
  private readonly asking = new Map<string, Promise<DriveArea | null>>();

  constructor(
    private readonly service: IsochroneService,
    private readonly settings: Pick<IsochroneSettings, "timeoutMs" | "cacheEntries">,
    private readonly logger: Pick<Logger, "warn">,
  ) {
    this.cache = new ResultCache<DriveArea>(settings.cacheEntries, { name: "isochrones" });
  }

  /** Places kept (at most ISOCHRONE_CACHE_ENTRIES). */
  get cached(): number {
    return this.cache.size;
  }

  async around(lat: number, lon: number, minutes: number, speedKmh: number): Promise<DriveArea> {
    // 5 decimals: about a metre, the precision of a geocoded address.
    const key = `${lat.toFixed(5)},${lon.toFixed(5)}|${minutes}`;
    const known = this.cache.get(key);
    if (known) return known;
    let pending = this.asking.get(key);
    if (!pending) {
      pending = this.ask(lat, lon, minutes).finally(() => this.asking.delete(key));
      this.asking.set(key, pending);
    }
    return (await pending) ?? circleArea(lat, lon, minutes, speedKmh);
  }

  private async ask(lat: number, lon: number, minutes: number): Promise<DriveArea | null> {
    try {
      const feature = await this.service.drivePolygon({
        lat,
        lon,
        minutes,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      const area: DriveArea = { feature, approximation: false, source: this.service.kind };
      this.cache.set(`${lat.toFixed(5)},${lon.toFixed(5)}|${minutes}`, area);
      return area;
    } catch (error) {
      const reason =
        error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
          ? `no answer within ${this.settings.timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : String(error);
      this.logger.warn(
        `Isochrone service (${this.service.kind}): ${reason}; a circle stands in (approximation)`,
        {
          lat,
          lon,
          minutes,
        },
      );
      return null;
    }
  }
}

/** One source per process and configuration: its cache serves every analysis run. */
const sources = new LRUCache<string, DriveAreaSource>({ max: 4 });

export function driveAreaSource(
  settings: IsochroneSettings | undefined,
  logger: Pick<Logger, "warn"> = createLogger(process.env.NODE_ENV === "production" ? "json" : "text"),
): DriveAreaSource {
  if (!settings) return circleDriveAreas;
  const key = JSON.stringify(settings);
  let source = sources.get(key);
  if (!source) {
    source = new ServiceDriveAreas(isochroneService(settings), settings, logger);
    sources.set(key, source);
  }
  return source;
}

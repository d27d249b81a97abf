/**
 * GraphHopper's isochrone API (https://docs.graphhopper.com/#tag/Isochrone-API):
 * GET {url}/isochrone?point=lat,lon&time_limit=seconds&profile=car&buckets=1&key=KEY; the answer is
 * `{polygons: [Feature<Polygon>], info: {...}}`.
 */
import {
  type AreaFeature,
  endpoint,
  firstArea,
  type IsochroneRequest,
  type IsochroneService,
  readJson,
} from "./service.ts";

export class GraphHopperIsochrones implements IsochroneService {
  readonly kind = "graphhopper";

  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
  ) {}

  async drivePolygon({ lat, lon, minutes, signal }: IsochroneRequest): Promise<AreaFeature> {
    const url = endpoint(this.url, "/isochrone");
    url.searchParams.set("point", `${lat},${lon}`);
    url.searchParams.set("time_limit", String(minutes * 60));
    url.searchParams.set("profile", "car");
    url.searchParams.set("buckets", "1");
    if (this.apiKey) url.searchParams.set("key", this.apiKey);
    const response = await fetch(url, { headers: { accept: "application/json" }, signal });
    const body = (await readJson(response)) as { polygons?: unknown };
    return firstArea(body.polygons);
  }
}

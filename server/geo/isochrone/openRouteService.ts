/**
 * OpenRouteService (https://openrouteservice.org/dev/#/api-docs/v2/isochrones/{profile}/post):
 * POST {url}/v2/isochrones/driving-car with the API key in the Authorization header and
 * `{locations: [[lon, lat]], range: [seconds], range_type: "time"}`; the answer is a GeoJSON
 * FeatureCollection of Polygon features (one per range).
 */
import {
  type AreaFeature,
  endpoint,
  firstArea,
  type IsochroneRequest,
  type IsochroneService,
  readJson,
} from "./service.ts";

export class OpenRouteServiceIsochrones implements IsochroneService {
  readonly kind = "openrouteservice";

  constructor(
    private readonly url: string,
    private readonly apiKey: string | undefined,
  ) {}

  async drivePolygon({ lat, lon, minutes, signal }: IsochroneRequest): Promise<AreaFeature> {
    const response = await fetch(endpoint(this.url, "/v2/isochrones/driving-car"), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/geo+json, application/json",
        ...(this.apiKey ? { authorization: this.apiKey } : {}),
      },
      body: JSON.stringify({ locations: [[lon, lat]], range: [minutes * 60], range_type: "time" }),
      signal,
    });
    const body = (await readJson(response)) as { features?: unknown };
    return firstArea(body.features);
  }
}

/**
 * Valhalla's isochrone API (https://valhalla.github.io/valhalla/api/isochrone/api-reference/):
 * POST {url}/isochrone with `{locations: [{lat, lon}], costing: "auto", contours: [{time: minutes}],
 * polygons: true}`; the answer is a GeoJSON FeatureCollection of Polygon features (LineStrings
 * without `polygons: true`).
 */
import {
  type AreaFeature,
  endpoint,
  firstArea,
  type IsochroneRequest,
  type IsochroneService,
  readJson,
} from "./service.ts";

export class ValhallaIsochrones implements IsochroneService {
  readonly kind = "valhalla";

  constructor(private readonly url: string) {}

  async drivePolygon({ lat, lon, minutes, signal }: IsochroneRequest): Promise<AreaFeature> {
    const response = await fetch(endpoint(this.url, "/isochrone"), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        locations: [{ lat, lon }],
        costing: "auto",
        contours: [{ time: minutes }],
        polygons: true,
      }),
      signal,
    });
    const body = (await readJson(response)) as { features?: unknown };
    return firstArea(body.features);
  }
}

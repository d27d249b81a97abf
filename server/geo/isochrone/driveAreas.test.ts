import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { IsochroneSettings } from "../../config.ts";
import { circleDriveAreas, driveAreaSource, isochroneService, ServiceDriveAreas } from "./driveAreas.ts";

/** A ring around a point, as the services draw them (longitude, latitude; closed). */
function square(lat: number, lon: number, half = 0.05) {
  return [
    [
      [lon - half, lat - half],
      [lon + half, lat - half],
      [lon + half, lat + half],
      [lon - half, lat + half],
      [lon - half, lat - half],
    ],
  ];
}

/** Each service's documented answer, for the point asked. */
const answers = {
  // https://valhalla.github.io/valhalla/api/isochrone/api-reference/ (polygons=true)
  valhalla: (lat: number, lon: number) => ({
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: { contour: 15, metric: "time", color: "#bf4040", fill: "#bf4040", "fill-opacity": 0.33 },
        geometry: { type: "Polygon", coordinates: square(lat, lon) },
      },
      {
        type: "Feature",
        properties: { location_index: 0, type: "input" },
        geometry: { type: "Point", coordinates: [lon, lat] },
      },
    ],
  }),
  // https://openrouteservice.org/dev/#/api-docs/v2/isochrones/{profile}/post
  openrouteservice: (lat: number, lon: number) => ({
    type: "FeatureCollection",
    bbox: [lon - 0.05, lat - 0.05, lon + 0.05, lat + 0.05],
    features: [
      {
        type: "Feature",
        properties: { group_index: 0, value: 900.0, center: [lon, lat] },
        geometry: { type: "Polygon", coordinates: square(lat, lon) },
      },
    ],
    metadata: {
      attribution: "openrouteservice.org | OpenStreetMap contributors",
      service: "isochrones",
      query: { profile: "driving-car", locations: [[lon, lat]], range: [900.0], range_type: "time" },
      engine: { version: "9.0.0" },
    },
  }),
  // https://docs.graphhopper.com/#tag/Isochrone-API
  graphhopper: (lat: number, lon: number) => ({
    polygons: [
      {
        type: "Feature",
        properties: { bucket: 0 },
        geometry: { type: "Polygon", coordinates: square(lat, lon) },
      },
    ],
    info: { copyrights: ["GraphHopper", "OpenStreetMap contributors"], took: 12 },
  }),
};

interface Asked {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

describe("isochrone services, against a local server replaying each one's answers", () => {
  let server: ReturnType<typeof Bun.serve>;
  const asked: Asked[] = [];
  /** Latitudes that make the server fail: 1 -> HTTP 500, 2 -> no answer in time, 3 -> no polygon. */
  const failing = { error: 1, slow: 2, empty: 3 };
  const warnings: string[] = [];
  const base = () => `http://127.0.0.1:${server.port}`;
  const settings = (kind: IsochroneSettings["kind"], cacheEntries = 100): IsochroneSettings => ({
    kind,
    url: kind === "openrouteservice" ? `${base()}/ors/` : kind === "graphhopper" ? `${base()}/gh` : base(),
    apiKey: kind === "valhalla" ? undefined : "secret-key",
    timeoutMs: 300,
    cacheEntries,
  });
  const source = (kind: IsochroneSettings["kind"], cacheEntries = 100) =>
    new ServiceDriveAreas(isochroneService(settings(kind, cacheEntries)), settings(kind, cacheEntries), {
      warn: (message) => warnings.push(message),
    });

  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      async fetch(request) {
        const url = new URL(request.url);
        const body = request.method === "POST" ? await request.json() : undefined;
        asked.push({
          method: request.method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: Object.fromEntries(request.headers),
          body,
        });
        let kind: keyof typeof answers;
        let lat: number;
        let lon: number;
        if (url.pathname === "/isochrone" && request.method === "POST") {
          kind = "valhalla";
          ({ lat, lon } = (body as { locations: Array<{ lat: number; lon: number }> }).locations[0]!);
        } else if (url.pathname === "/ors/v2/isochrones/driving-car" && request.method === "POST") {
          if (request.headers.get("authorization") !== "secret-key")
            return Response.json({ error: { code: 2000, message: "Access denied" } }, { status: 403 });
          kind = "openrouteservice";
          [lon, lat] = (body as { locations: number[][] }).locations[0]! as [number, number];
        } else if (url.pathname === "/gh/isochrone") {
          if (url.searchParams.get("key") !== "secret-key")
            return Response.json({ message: "Wrong credentials" }, { status: 401 });
          kind = "graphhopper";
          [lat, lon] = url.searchParams.get("point")!.split(",").map(Number) as [number, number];
        } else {
          return new Response("not found", { status: 404 });
        }
        if (lat === failing.error) return Response.json({ error: "Failed to find a route" }, { status: 500 });
        if (lat === failing.slow) await Bun.sleep(1500);
        if (lat === failing.empty) return Response.json({ type: "FeatureCollection", features: [] });
        return Response.json(answers[kind](lat, lon));
      },
    });
  });
  afterAll(() => server.stop(true));

  test("Valhalla: POST /isochrone, auto costing, polygons; its polygon, not an approximation", async () => {
    const area = await source("valhalla").around(40.04653, -86.02479, 15, 50);
    expect(area.approximation).toBe(false);
    expect(area.source).toBe("valhalla");
    expect(area.feature.geometry).toEqual({ type: "Polygon", coordinates: square(40.04653, -86.02479) });
    expect(asked.at(-1)!.body).toEqual({
      locations: [{ lat: 40.04653, lon: -86.02479 }],
      costing: "auto",
      contours: [{ time: 15 }],
      polygons: true,
    });
  });

  test("OpenRouteService: driving-car, [lon, lat], seconds, the key in the Authorization header", async () => {
    const area = await source("openrouteservice").around(39.95873, -85.96435, 15, 50);
    expect(area).toMatchObject({ approximation: false, source: "openrouteservice" });
    expect(area.feature.geometry.coordinates).toEqual(square(39.95873, -85.96435));
    expect(asked.at(-1)).toMatchObject({
      path: "/ors/v2/isochrones/driving-car",
      body: { locations: [[-85.96435, 39.95873]], range: [900], range_type: "time" },
    });
    expect(asked.at(-1)!.headers.authorization).toBe("secret-key");
  });

  test("GraphHopper: GET /isochrone with point, time_limit, profile car and the key as a query parameter", async () => {
    const area = await source("graphhopper").around(39.97, -86.12, 15, 50);
    expect(area).toMatchObject({ approximation: false, source: "graphhopper" });
    expect(area.feature.geometry.coordinates).toEqual(square(39.97, -86.12));
    expect(asked.at(-1)!.query).toEqual({
      point: "39.97,-86.12",
      time_limit: "900",
      profile: "car",
      buckets: "1",
      key: "secret-key",
    });
  });

  test("answers are kept per place; the cache holds at most ISOCHRONE_CACHE_ENTRIES places", async () => {
    const areas = source("valhalla", 2);
    const before = asked.length;
    await areas.around(40.1, -86.1, 15, 50);
    await areas.around(40.1, -86.1, 15, 50);
    expect(asked.length - before).toBe(1);
    await areas.around(40.2, -86.2, 15, 50);
    await areas.around(40.3, -86.3, 15, 50);
    expect(areas.cached).toBe(2);
    // The first place was the least recently used: asked again.
    await areas.around(40.1, -86.1, 15, 50);
    expect(asked.length - before).toBe(4);
    expect(areas.cached).toBe(2);
  });

  test("a failing service, a timeout or an answer without a polygon: the circle, marked, with a warning", async () => {
    const areas = source("valhalla");
    const error = await areas.around(failing.error, -86, 15, 50);
    expect(error).toMatchObject({ approximation: true, source: "circle" });
    expect(warnings.at(-1)).toBe(
      'Isochrone service (valhalla): HTTP 500: {"error":"Failed to find a route"}; a circle stands in (approximation)',
    );
    const started = performance.now();
    const slow = await areas.around(failing.slow, -86, 15, 50);
    expect(performance.now() - started).toBeLessThan(1200);
    expect(slow.approximation).toBe(true);
    expect(warnings.at(-1)).toBe(
      "Isochrone service (valhalla): no answer within 300 ms; a circle stands in (approximation)",
    );
    expect((await areas.around(failing.empty, -86, 15, 50)).approximation).toBe(true);
    expect(warnings.at(-1)).toBe(
      "Isochrone service (valhalla): an answer without a polygon; a circle stands in (approximation)",
    );
    // Failures are not kept: the service is asked again next time.
    const before = asked.length;
    await areas.around(failing.error, -86, 15, 50);
    expect(asked.length).toBe(before + 1);
    expect(areas.cached).toBe(0);
    // A wrong key is a failure like any other.
    const wrongKey = new ServiceDriveAreas(
      isochroneService({ ...settings("graphhopper"), apiKey: "nope" }),
      settings("graphhopper"),
      { warn: (message) => warnings.push(message) },
    );
    expect((await wrongKey.around(39.9, -86, 15, 50)).approximation).toBe(true);
    expect(warnings.at(-1)).toStartWith("Isochrone service (graphhopper): HTTP 401");
  });

  test("no service configured: the circle of speed x minutes, an approximation", async () => {
    expect(driveAreaSource(undefined)).toBe(circleDriveAreas);
    const area = await circleDriveAreas.around(40, -86, 15, 50);
    expect(area).toMatchObject({ approximation: true, source: "circle" });
    // 12.5 km at 40 degrees north: about 0.1124 degrees of latitude.
    const latitudes = (area.feature.geometry.coordinates[0] as number[][]).map(([, lat]) => lat!);
    expect(Math.max(...latitudes) - 40).toBeCloseTo(12.5 / 111.2, 3);
  });
});

/**
 * The maps' base outlines (server/geo/baseMapOutlines.ts):
 * GET /api/services/geo/outlines?bbox=west,south,east,north&zoom=z -> a TopoJSON topology of the US
 * states (and, from zoom 7, counties) reaching into the box, simplified and quantised for the zoom.
 * Reference geography, the same for everyone: any signed-in user (customers' analysis maps, the
 * staff's advisory-board map); cached by the browser for a day (the outlines change with a release).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context.ts";
import { baseMapOutlines, type LonLatBox } from "../../geo/baseMapOutlines.ts";
import { baseMapAnswer, outlinesAnswer } from "../../http/answers/services.ts";
import { readQuery } from "../../http/body.ts";
import { baseMapExample, outlinesExample } from "../../http/examples/services.ts";
import { describe } from "../../http/openapi/declare.ts";
import { requireSignedIn } from "./signedIn.ts";

const BOX_WORDS = "must be west,south,east,north in degrees (west < east, south < north)";
const ZOOM_WORDS = "must be a zoom level from 0 to 22";
const degrees = String.raw`-?\d{1,3}(\.\d{1,6})?`;

const outlinesQuery = z.strictObject({
  bbox: z
    .string({ error: BOX_WORDS })
    .regex(new RegExp(`^${degrees},${degrees},${degrees},${degrees}$`), BOX_WORDS)
    .transform((text) => text.split(",").map(Number) as LonLatBox)
    .refine(
      ([west, south, east, north]) =>
        west < east && south < north && west >= -180 && east <= 180 && south >= -90 && north <= 90,
      BOX_WORDS,
    )
    .describe("The view: west,south,east,north in degrees of longitude and latitude."),
  zoom: z.coerce
    .number({ error: ZOOM_WORDS })
    .int(ZOOM_WORDS)
    .min(0, ZOOM_WORDS)
    .max(22, ZOOM_WORDS)
    .describe("The zoom the outlines are drawn at: their detail (counties from 7; 10 and more are alike)."),
});

export const geoServiceRoutes = new Hono<AppEnv>()
  .use(requireSignedIn())
  // The maps' online tile layer, a deployment setting (MAP_TILE_URL): null keeps them offline.
  .get(
    "/basemap",
    describe({
      summary: "The maps' tile source: an XYZ template and its attribution, or null (offline outlines).",
      tags: ["Services: geography"],
      answer: {
        description: "`{status: 200, tiles: {url, attribution} | null}`.",
        schema: baseMapAnswer,
        example: baseMapExample,
      },
    }),
    (c) => {
      const tiles = c.var.app.config.mapTiles;
      return c.json(
        baseMapAnswer.parse({
          status: 200,
          tiles: tiles ? { url: tiles.url, attribution: tiles.attribution } : null,
        }),
      );
    },
  )
  .get(
    "/outlines",
    describe({
      summary: "The base map's state and county outlines in a view, for its zoom.",
      tags: ["Services: geography"],
      description:
        "us-atlas (Census 1:10m) states whose outline reaches into the box, and from zoom 7 their counties that do, simplified to half a pixel and quantised for the zoom. Any signed-in user.",
      query: outlinesQuery,
      answer: {
        description:
          "A TopoJSON topology: objects `states` and `counties` (polygons with their FIPS code as id), quantised arcs.",
        schema: outlinesAnswer,
        example: outlinesExample,
      },
    }),
    (c) => {
      const { bbox, zoom } = readQuery(c, outlinesQuery);
      c.header("Cache-Control", "private, max-age=86400");
      return c.json(baseMapOutlines(bbox, zoom));
    },
  );

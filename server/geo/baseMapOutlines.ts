/**
 * The base map's outlines for one view (issue 13: a map analysis within 400 kB of data). The maps
 * used to fetch us-atlas's counties-10m (842 kB) and states-10m (115 kB) whole; this answers only
 * the states whose outline reaches into the view and, from COUNTIES_FROM_ZOOM, the counties that
 * do, as one TopoJSON topology (states and counties share their border arcs, as in us-atlas):
 * - simplified to half a pixel at the zoom asked for (Douglas-Peucker on each arc in Web Mercator,
 *   so a border shared by two shapes stays one line);
 * - quantised to about a quarter of a pixel, never finer than us-atlas's own grid (the 1:10m source
 *   holds no more detail than zoom ~9 shows: from OUTLINE_MAX_ZOOM on, every view gets the same).
 * OpenLayers' TopoJSON format reads the answer as it read the whole files.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { simplifyLine } from "./simplifyLine.ts";
import { mercatorY, pixelDegrees } from "./webMercator.ts";

/** Counties are part of the answer from this zoom on (below, they are a grey smear). */
export const COUNTIES_FROM_ZOOM = 7;
/** Below: the country and a bit more; above: the source has no more detail. */
export const OUTLINE_MIN_ZOOM = 3;
export const OUTLINE_MAX_ZOOM = 10;
/** Simplification tolerance and grid, in pixels at the zoom asked for. */
const TOLERANCE_PX = 0.5;
const QUANTUM_PX = 0.25;
/** Parts (islands) smaller than this both ways are left out. */
const MIN_PART_PX = 1;

/** [west, south, east, north] in degrees. */
export type LonLatBox = [number, number, number, number];

type Ring = number[];
interface TopoGeometry {
  type: "Polygon" | "MultiPolygon";
  id: string;
  arcs: Ring[] | Ring[][];
}

/** A shape of the atlas with the boxes of its parts (an Aleutian island is not all of Alaska). */
interface Shape {
  geometry: TopoGeometry;
  parts: LonLatBox[];
}

interface Arc {
  /** Absolute coordinates on us-atlas's integer grid. */
  ix: Int32Array;
  iy: Int32Array;
  /** Web Mercator in degree units (x = longitude), for the simplification. */
  mx: Float64Array;
  my: Float64Array;
  box: LonLatBox;
}

interface Atlas {
  scale: [number, number];
  translate: [number, number];
  arcs: Arc[];
  states: Shape[];
  counties: Shape[];
  /** Per detail zoom, the points each arc keeps. */
  keptByZoom: Map<number, number[][]>;
}

export interface OutlineTopology {
  type: "Topology";
  transform: { scale: [number, number]; translate: [number, number] };
  objects: Record<"states" | "counties", { type: "GeometryCollection"; geometries: TopoGeometry[] }>;
  arcs: number[][][];
}

const arcIndex = (signed: number) => (signed < 0 ? ~signed : signed);

type AtlasFile = "states-10m" | "counties-10m";
const atlases = new Map<AtlasFile, Atlas>();

/**
 * A us-atlas file decoded once on first use. Outlines without counties come from states-10m, whose
 * state borders are whole arcs: in counties-10m they are cut at every county corner, and an arc's
 * ends are never simplified away (the country view would be 85 kB instead of ~30).
 */
function loadAtlas(file: AtlasFile): Atlas {
  const loaded = atlases.get(file);
  if (loaded) return loaded;
  const path = createRequire(import.meta.url).resolve(`us-atlas/${file}.json`);
  const topology = JSON.parse(readFileSync(path, "utf8")) as {
    transform: { scale: [number, number]; translate: [number, number] };
    arcs: number[][][];
    objects: Partial<Record<"states" | "counties", { geometries: TopoGeometry[] }>>;
  };
  const { scale, translate } = topology.transform;
  const arcs = topology.arcs.map((delta): Arc => {
    const ix = new Int32Array(delta.length);
    const iy = new Int32Array(delta.length);
    const mx = new Float64Array(delta.length);
    const my = new Float64Array(delta.length);
    const box: LonLatBox = [Infinity, Infinity, -Infinity, -Infinity];
    let x = 0;
    let y = 0;
    delta.forEach(([dx = 0, dy = 0], index) => {
      x += dx;
      y += dy;
      ix[index] = x;
      iy[index] = y;
      const lon = x * scale[0] + translate[0];
      const lat = y * scale[1] + translate[1];
      mx[index] = lon;
      my[index] = mercatorY(lat);
      box[0] = Math.min(box[0], lon);
      box[1] = Math.min(box[1], lat);
      box[2] = Math.max(box[2], lon);
      box[3] = Math.max(box[3], lat);
    });
    return { ix, iy, mx, my, box };
  });
  const shapeOf = (geometry: TopoGeometry): Shape => {
    const polygons = (geometry.type === "Polygon" ? [geometry.arcs] : geometry.arcs) as Ring[][];
    const parts = polygons.map((rings) => {
      const box: LonLatBox = [Infinity, Infinity, -Infinity, -Infinity];
      for (const signed of rings[0] ?? []) {
        const arcBox = arcs[arcIndex(signed)]!.box;
        box[0] = Math.min(box[0], arcBox[0]);
        box[1] = Math.min(box[1], arcBox[1]);
        box[2] = Math.max(box[2], arcBox[2]);
        box[3] = Math.max(box[3], arcBox[3]);
      }
      return box;
    });
    // Only what the map needs: the id (OpenLayers keeps one feature per id), no names.
    return { geometry: { type: geometry.type, id: String(geometry.id), arcs: geometry.arcs }, parts };
  };
  const decoded: Atlas = {
    scale,
    translate,
    arcs,
    states: (topology.objects.states?.geometries ?? []).map(shapeOf),
    counties: (topology.objects.counties?.geometries ?? []).map(shapeOf),
    keptByZoom: new Map(),
  };
  atlases.set(file, decoded);
  return decoded;
}

/** The points each arc keeps at a detail zoom (a whole atlas: ~47,000 points, a few ms), remembered. */
function keptPoints(source: Atlas, zoom: number): number[][] {
  let kept = source.keptByZoom.get(zoom);
  if (!kept) {
    const tolerance = TOLERANCE_PX * pixelDegrees(zoom);
    kept = source.arcs.map((arc) => simplifyLine(arc.mx, arc.my, tolerance));
    source.keptByZoom.set(zoom, kept);
  }
  return kept;
}

/** A shape without its parts smaller than `span` degrees both ways (its largest part always stays). */
function visibleParts({ geometry, parts }: Shape, span: number): TopoGeometry {
  if (geometry.type === "Polygon") return geometry;
  const size = (part: LonLatBox) => Math.max(part[2] - part[0], mercatorY(part[3]) - mercatorY(part[1]));
  const largest = parts.reduce((best, part, index) => (size(part) > size(parts[best]!) ? index : best), 0);
  const polygons = (geometry.arcs as Ring[][]).filter(
    (_, index) => index === largest || size(parts[index]!) >= span,
  );
  return { ...geometry, arcs: polygons };
}

const overlaps = (a: LonLatBox, b: LonLatBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** The detail zoom an asked zoom is answered at. */
export const outlineZoom = (zoom: number) =>
  Math.min(OUTLINE_MAX_ZOOM, Math.max(OUTLINE_MIN_ZOOM, Math.round(zoom)));

/**
 * The states (and, from COUNTIES_FROM_ZOOM, counties) with a part in `box`, simplified and
 * quantised for `zoom`, as a topology holding only the arcs they use.
 */
export function baseMapOutlines(box: LonLatBox, zoom: number): OutlineTopology {
  const detail = outlineZoom(zoom);
  const withCounties = detail >= COUNTIES_FROM_ZOOM;
  const source = loadAtlas(withCounties ? "counties-10m" : "states-10m");
  // Islands smaller than a pixel are left out (a shape keeps its largest part): Alaska's and
  // Hawaii's islets are most of the country view's rings.
  const minimumSpan = MIN_PART_PX * pixelDegrees(detail);
  const inView = (shapes: Shape[]) =>
    shapes
      .filter((shape) => shape.parts.some((part) => overlaps(part, box)))
      .map((shape) => visibleParts(shape, minimumSpan));
  const states = inView(source.states);
  const counties = withCounties ? inView(source.counties) : [];

  // Renumber the arcs used, in order of first use.
  const used = new Map<number, number>();
  const renumber = (signed: number) => {
    const index = arcIndex(signed);
    let renumbered = used.get(index);
    if (renumbered === undefined) {
      renumbered = used.size;
      used.set(index, renumbered);
    }
    return signed < 0 ? ~renumbered : renumbered;
  };
  const withArcs = (geometry: TopoGeometry): TopoGeometry => ({
    ...geometry,
    arcs:
      geometry.type === "Polygon"
        ? (geometry.arcs as Ring[]).map((ring) => ring.map(renumber))
        : (geometry.arcs as Ring[][]).map((polygon) => polygon.map((ring) => ring.map(renumber))),
  });
  const geometries = { states: states.map(withArcs), counties: counties.map(withArcs) };

  // A grid of about a quarter pixel, a whole multiple of us-atlas's (never finer than the source).
  const quantum = QUANTUM_PX * pixelDegrees(detail);
  const stepX = Math.max(1, Math.floor(quantum / source.scale[0]));
  // A degree of latitude is longer on the map than one of longitude (x2 up to 60 degrees north).
  const stepY = Math.max(1, Math.floor(quantum / 2 / source.scale[1]));
  const kept = keptPoints(source, detail);
  let minX = Infinity;
  let minY = Infinity;
  for (const index of used.keys()) {
    const arc = source.arcs[index]!;
    for (const point of kept[index]!) {
      minX = Math.min(minX, Math.round(arc.ix[point]! / stepX));
      minY = Math.min(minY, Math.round(arc.iy[point]! / stepY));
    }
  }
  if (used.size === 0) minX = minY = 0;
  const arcs: number[][][] = [];
  for (const index of used.keys()) {
    const arc = source.arcs[index]!;
    const encoded: number[][] = [];
    let lastX = 0;
    let lastY = 0;
    for (const point of kept[index]!) {
      const x = Math.round(arc.ix[point]! / stepX) - minX;
      const y = Math.round(arc.iy[point]! / stepY) - minY;
      // Points that fall on the same grid cell as the one before add nothing (the first always counts).
      if (encoded.length > 0 && x === lastX && y === lastY) continue;
      encoded.push(encoded.length === 0 ? [x, y] : [x - lastX, y - lastY]);
      lastX = x;
      lastY = y;
    }
    // An arc is at least two positions, even when it shrank to one cell (a closed islet's ring).
    if (encoded.length === 1) encoded.push([0, 0]);
    arcs.push(encoded);
  }
  return {
    type: "Topology",
    transform: {
      scale: [source.scale[0] * stepX, source.scale[1] * stepY],
      translate: [
        source.translate[0] + minX * stepX * source.scale[0],
        source.translate[1] + minY * stepY * source.scale[1],
      ],
    },
    objects: {
      states: { type: "GeometryCollection", geometries: geometries.states },
      counties: { type: "GeometryCollection", geometries: geometries.counties },
    },
    arcs,
  };
}

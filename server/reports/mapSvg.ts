/**
 * A map of an analysis as SVG for the mailed report, drawn from the shapes its answer already
 * carries (the zip, service-area and drive polygons the screen's map reads, in longitude/latitude)
 * and coloured by the same bands and accents, with the same key as the screen's legend. No base
 * map: the report has no tile server to ask, and the data's outlines and colours are the finding.
 * svg-to-pdfkit then draws it like the charts (vector paths, the legend as real text).
 */

import { bandColor } from "../../web/src/query/map/bands.ts";
import { mapKeyLines } from "../../web/src/query/map/mapImage.ts";
import { type LayerAccent, layerAccents } from "../../web/src/query/map/palette.ts";
import { type Item, layerItems, valueAt } from "../../web/src/query/map/resultPath.ts";
import { type MapDescriptor, type MapLayer, PSA_LAYER_ID } from "../engine/view.ts";
import { mercatorY } from "../geo/webMercator.ts";

/** Points, as the charts (CHART_WIDTH): the map on the left, its key on the right. */
const WIDTH = 760;
const MAP_WIDTH = 500;
const MAP_HEIGHT = 400;
const PAD = 8;
const KEY_X = MAP_WIDTH + 20;
const KEY_LINE = 16;
const DASH = "5 4";

type Ring = number[][];
type Shape = { rings: Ring[] }[];

interface Drawn {
  layer: MapLayer;
  item: Item;
  /** Polygons: each part's rings, in Web Mercator degrees. */
  parts?: Shape;
  /** Markers: the point, in Web Mercator degrees. */
  point?: [number, number];
}

const isPosition = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length >= 2 &&
  value.every((n) => typeof n === "number" && Number.isFinite(n));
const isRings = (value: unknown): value is Ring[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((ring) => Array.isArray(ring) && ring.length >= 4 && ring.every(isPosition));

const project = (ring: Ring): Ring => ring.map(([lon, lat]) => [lon!, mercatorY(lat!)]);

/** A result's `{type: "poly" | "multipoly", coordinates}` as projected parts (geometry.ts's rules). */
function shapeOf(value: unknown): Shape | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if (type === "poly" && isRings(coordinates)) return [{ rings: coordinates.map(project) }];
  if (
    type === "multipoly" &&
    Array.isArray(coordinates) &&
    coordinates.length > 0 &&
    coordinates.every(isRings)
  )
    return coordinates.map((rings) => ({ rings: rings.map(project) }));
  return undefined;
}

function drawnOf(descriptor: MapDescriptor, results: Record<string, unknown>): Drawn[] {
  return descriptor.layers.flatMap((layer) =>
    layerItems(results, layer).flatMap((item): Drawn[] => {
      if (layer.kind === "markers") {
        const { lat, lon } = item;
        if (typeof lat !== "number" || typeof lon !== "number" || !Number.isFinite(lat + lon)) return [];
        return [{ layer, item, point: [lon, mercatorY(lat)] }];
      }
      const parts = shapeOf(layer.polygonField ? valueAt(item, layer.polygonField) : item);
      return parts ? [{ layer, item, parts }] : [];
    }),
  );
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const n = (value: number) => (Math.round(value * 10) / 10).toString();

/** The label of a feature as the screen's (layerFeatures.ts): a field's value, or a one-shape layer's own text. */
function labelOf(layer: MapLayer, item: Item): string | undefined {
  if (!layer.label) return undefined;
  const value = valueAt(item, layer.label);
  if (typeof value === "string" || typeof value === "number") return String(value);
  return layer.shape === "single" ? layer.label : undefined;
}

/** The map as SVG; undefined when it has nothing to draw (a map with no shape is left out of the report). */
export function mapToSvg(descriptor: MapDescriptor, results: Record<string, unknown>): string | undefined {
  const drawn = drawnOf(descriptor, results);
  if (drawn.length === 0) return undefined;
  const accents = layerAccents(descriptor);
  // The view: near the screen's. A "psa" map opens on the primary service area at a zoom that
  // shows the region around it; here, its service areas (the one-shape layers: PSA, SSA, TSA) with
  // half their size around them, what lies further cut at the box's edge (patients' far zips would
  // shrink the service area to a speck). Any other map fits every drawn shape and marker.
  // Mercator's proportions kept.
  const hasPsa = descriptor.center === "psa" && drawn.some((shape) => shape.layer.id === PSA_LAYER_ID);
  const areas = hasPsa ? drawn.filter((shape) => shape.layer.shape === "single") : [];
  const framed = areas.length > 0 ? areas : drawn;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  const extend = ([x, y]: number[]) => {
    west = Math.min(west, x!);
    east = Math.max(east, x!);
    south = Math.min(south, y!);
    north = Math.max(north, y!);
  };
  for (const shape of framed) {
    if (shape.point) extend(shape.point);
    for (const part of shape.parts ?? []) for (const position of part.rings[0]!) extend(position);
  }
  if (areas.length > 0) {
    const [marginX, marginY] = [(east - west) / 2, (north - south) / 2];
    [west, east, south, north] = [west - marginX, east + marginX, south - marginY, north + marginY];
  }
  const spanX = Math.max(east - west, 1e-6);
  const spanY = Math.max(north - south, 1e-6);
  const scale = Math.min((MAP_WIDTH - 2 * PAD) / spanX, (MAP_HEIGHT - 2 * PAD) / spanY);
  const offsetX = PAD + (MAP_WIDTH - 2 * PAD - spanX * scale) / 2;
  const offsetY = PAD + (MAP_HEIGHT - 2 * PAD - spanY * scale) / 2;
  const at = ([x, y]: number[]): [number, number] => [
    offsetX + (x! - west) * scale,
    offsetY + (north - y!) * scale,
  ];
  const pathOf = (parts: Shape) =>
    parts
      .flatMap((part) =>
        part.rings.map(
          (ring) =>
            `M${ring
              .map(at)
              .map(([x, y]) => `${n(x)} ${n(y)}`)
              .join("L")}Z`,
        ),
      )
      .join("");

  const approximate = (shape: Drawn) =>
    shape.layer.approximationField ? valueAt(shape.item, shape.layer.approximationField) === true : false;
  const banded: string[] = [];
  const outlined: string[] = [];
  const labels: string[] = [];
  const markers: string[] = [];
  const markerLabels: { point: [number, number]; label: string }[] = [];
  for (const shape of drawn) {
    const { layer, item } = shape;
    const accent = accents.get(layer.id);
    if (shape.point) {
      const point = at(shape.point);
      markers.push(markerSvg(point, accent));
      const label = labelOf(layer, item);
      if (label) markerLabels.push({ point, label });
      continue;
    }
    const d = pathOf(shape.parts!);
    const dashed = approximate(shape);
    if (layer.color) {
      const fill = bandColor(valueAt(item, layer.color.field), layer.color.thresholds, layer.color.colors);
      banded.push(
        `<path d="${d}" fill="${fill}" fill-opacity="0.78" fill-rule="evenodd" stroke="${dashed ? "#495057" : "#ffffff"}" stroke-width="${dashed ? 0.8 : 0.6}"${dashed ? ` stroke-dasharray="${DASH}"` : ""}/>`,
      );
      continue;
    }
    const color = accent?.color ?? "#1c3f94";
    // As on screen: service areas (one shape, labelled) unfilled, other outlined areas a faint fill.
    const fill = layer.shape === "single" ? `fill="none"` : `fill="${color}" fill-opacity="0.08"`;
    outlined.push(
      `<path d="${d}" ${fill} fill-rule="evenodd" stroke="${color}" stroke-width="1.8"${dashed ? ` stroke-dasharray="${DASH}"` : ""}/>`,
    );
    const label = labelOf(layer, item);
    if (label && layer.shape === "single") {
      const [x, y] = labelPoint(shape.parts!, at);
      labels.push(
        `<text x="${n(x)}" y="${n(y)}" font-family="Helvetica" font-weight="bold" font-size="11" fill="${color}" text-anchor="middle">${xmlEscape(label)}</text>`,
      );
    }
  }

  const key = mapKeyLines(descriptor, results, accents);
  if (drawn.some(approximate))
    key.push({ color: "#495057", kind: "outline", text: "Dashed outline: approximate shape" });
  const keySvg = key.map((line, index) => keyLineSvg(line, KEY_X, PAD + 10 + index * KEY_LINE));
  const height = Math.max(MAP_HEIGHT, PAD + 10 + key.length * KEY_LINE + PAD);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<clipPath id="map-box"><rect x="0" y="0" width="${MAP_WIDTH}" height="${MAP_HEIGHT}"/></clipPath>`,
    `<rect x="0.5" y="0.5" width="${MAP_WIDTH - 1}" height="${MAP_HEIGHT - 1}" fill="#f8f9fa" stroke="#dee2e6" stroke-width="0.8"/>`,
    // Nothing drawn past the map's box onto its key (a PSA-framed map's far zips).
    `<g clip-path="url(#map-box)">`,
    ...banded,
    ...outlined,
    ...labels,
    ...markers,
    ...placedLabels(markerLabels),
    "</g>",
    ...keySvg,
    "</svg>",
  ].join("\n");
}

/** Where an area's label goes: the middle of its largest part's outline (by bounding box). */
function labelPoint(parts: Shape, at: (position: number[]) => [number, number]): [number, number] {
  let best: [number, number] = [0, 0];
  let bestArea = -1;
  for (const part of parts) {
    const xs = part.rings[0]!.map((position) => position[0]!);
    const ys = part.rings[0]!.map((position) => position[1]!);
    const area = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
    if (area > bestArea) {
      bestArea = area;
      best = at([(Math.max(...xs) + Math.min(...xs)) / 2, (Math.max(...ys) + Math.min(...ys)) / 2]);
    }
  }
  return best;
}

function markerSvg([x, y]: [number, number], accent: LayerAccent | undefined) {
  const color = accent?.color ?? "#c92a2a";
  const stroke = `fill="${color}" stroke="#ffffff" stroke-width="1.2"`;
  if (accent?.marker === "square")
    return `<rect x="${n(x - 5)}" y="${n(y - 5)}" width="10" height="10" ${stroke}/>`;
  if (accent?.marker === "triangle")
    return `<path d="M${n(x)} ${n(y - 6)}L${n(x + 5.5)} ${n(y + 4)}L${n(x - 5.5)} ${n(y + 4)}Z" ${stroke}/>`;
  return `<circle cx="${n(x)}" cy="${n(y)}" r="4" ${stroke}/>`;
}

const LABEL_SIZE = 7;

/**
 * Marker labels above their marker, or below it when that place is taken, or left out when both
 * are (the screen's labels also give way to each other): a location at its facility's address
 * would otherwise print both names over one another.
 */
function placedLabels(labels: { point: [number, number]; label: string }[]) {
  const taken: { left: number; right: number; top: number; bottom: number }[] = [];
  return labels.flatMap(({ point: [x, y], label }) => {
    // Helvetica averages about half its size per character.
    const half = (label.length * LABEL_SIZE * 0.55) / 2;
    for (const baseline of [y - 8, y + 14]) {
      const box = { left: x - half, right: x + half, top: baseline - LABEL_SIZE, bottom: baseline + 1 };
      const clash = taken.some(
        (other) =>
          box.left < other.right &&
          other.left < box.right &&
          box.top < other.bottom &&
          other.top < box.bottom,
      );
      if (clash) continue;
      taken.push(box);
      return [
        `<text x="${n(x)}" y="${n(baseline)}" font-family="Helvetica" font-size="${LABEL_SIZE}" fill="#212529" text-anchor="middle">${xmlEscape(label)}</text>`,
      ];
    }
    return [];
  });
}

function keyLineSvg(line: ReturnType<typeof mapKeyLines>[number], x: number, y: number) {
  const text = (dx: number, weight = "normal") =>
    `<text x="${x + dx}" y="${y + 4}" font-family="Helvetica" font-weight="${weight}" font-size="9" fill="#000000">${xmlEscape(line.text)}</text>`;
  if (line.kind === "heading") return text(0, "bold");
  const swatch =
    line.kind === "outline"
      ? `<rect x="${x}" y="${y - 5}" width="18" height="10" fill="none" stroke="${line.color}" stroke-width="1.5"${line.text.startsWith("Dashed") ? ` stroke-dasharray="3 2"` : ""}/>`
      : `<rect x="${x}" y="${y - 6}" width="${line.kind === "marker" ? 10 : 18}" height="12" fill="${line.color}"/>`;
  return swatch + text(26);
}

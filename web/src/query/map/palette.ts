/**
 * Colours (and marker shapes) of what the descriptor does not colour itself: each outline layer
 * (service areas, drive polygons) and each marker layer gets its own accent, shared by the map and
 * its legend. Marker layers also differ in shape, so a location at its facility's address still
 * shows both: the larger square of the first marker layer under the circle of the second.
 */
import type { MapDescriptor } from "../../../../server/engine/view.ts";

export type MarkerShape = "square" | "circle" | "triangle";

export interface LayerAccent {
  color: string;
  /** Marker layers only. */
  marker?: MarkerShape;
}

const OUTLINE_COLORS = ["#1c3f94", "#d9480f", "#6741d9", "#0b7285", "#c2255c"];
const MARKER_COLORS = ["#c92a2a", "#1864ab", "#2b8a3e", "#e67700", "#5f3dc4"];
const MARKER_SHAPES: MarkerShape[] = ["square", "circle", "triangle"];

/** Accent per layer id; band-coloured layers have none (their bands colour them). */
export function layerAccents(descriptor: MapDescriptor): Map<string, LayerAccent> {
  const accents = new Map<string, LayerAccent>();
  let outline = 0;
  let marker = 0;
  for (const layer of descriptor.layers) {
    if (layer.kind === "markers") {
      accents.set(layer.id, {
        color: MARKER_COLORS[marker % MARKER_COLORS.length]!,
        marker: MARKER_SHAPES[marker % MARKER_SHAPES.length]!,
      });
      marker++;
    } else if (!layer.color) {
      accents.set(layer.id, { color: OUTLINE_COLORS[outline++ % OUTLINE_COLORS.length]! });
    }
  }
  return accents;
}

/** "#rrggbb" with an alpha, as OpenLayers and CSS take it. */
export function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

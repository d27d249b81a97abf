/**
 * Colours of what the descriptor does not colour itself: each outline layer (service areas, drive
 * polygons) and each marker layer gets its own accent, shared by the map and its legend.
 */
import type { MapDescriptor } from "../../../../server/engine/view.ts";

const OUTLINE_ACCENTS = ["#1c3f94", "#d9480f", "#6741d9", "#0b7285", "#c2255c"];
const MARKER_ACCENTS = ["#c92a2a", "#1864ab", "#2b8a3e", "#e67700", "#5f3dc4"];

/** Accent colour per layer id; coloured-band layers have none (their bands colour them). */
export function layerAccents(descriptor: MapDescriptor): Map<string, string> {
  const accents = new Map<string, string>();
  let outline = 0;
  let marker = 0;
  for (const layer of descriptor.layers) {
    if (layer.kind === "markers") accents.set(layer.id, MARKER_ACCENTS[marker++ % MARKER_ACCENTS.length]!);
    else if (!layer.color) accents.set(layer.id, OUTLINE_ACCENTS[outline++ % OUTLINE_ACCENTS.length]!);
  }
  return accents;
}

/** "#rrggbb" with an alpha, as OpenLayers and CSS take it. */
export function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

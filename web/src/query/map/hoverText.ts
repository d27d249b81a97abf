/**
 * The one-line tip shown over a feature: its label or zip code, and for band-coloured layers the
 * value that chose its colour (percentages to 2 decimals, customer-area.md section 9).
 */
import type { MapLayer } from "../../../../server/engine/view.ts";
import type { FeatureInfo } from "./layerFeatures.ts";
import { valueAt } from "./resultPath.ts";

const percent = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function hoverText(layer: MapLayer, info: FeatureInfo): string {
  const { zipcode, id } = info.item;
  const name =
    info.label ?? (typeof zipcode === "string" ? zipcode : typeof id === "string" ? id : layer.title);
  const parts = [layer.kind === "polygons" && name !== layer.title ? `${layer.title}: ${name}` : name];
  if (layer.color) {
    const value = valueAt(info.item, layer.color.field);
    if (typeof value === "number" && Number.isFinite(value)) parts.push(`${percent.format(value)}%`);
  }
  if (info.approximate) parts.push("(approximate shape)");
  return parts.join(" · ");
}

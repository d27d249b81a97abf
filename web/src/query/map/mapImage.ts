import type OlMap from "ol/Map.js";
import type { MapDescriptor } from "../../../../server/engine/view.ts";
import { legendRows, publishedCaseBounds, rangeLabel } from "./legendBounds.ts";
import type { LayerAccent } from "./palette.ts";

/** One line of the key drawn under the map image: a swatch and its words. */
export interface KeyLine {
  color: string;
  /** "fill": a band's colour; "outline": an outlined area; "marker": a marker layer. */
  kind: "fill" | "outline" | "marker" | "heading";
  text: string;
}

/** The map's key as the Legend under it shows it, as lines for the exported image. */
export function mapKeyLines(
  descriptor: MapDescriptor,
  results: Record<string, unknown>,
  accents: ReadonlyMap<string, LayerAccent>,
): KeyLine[] {
  const lines: KeyLine[] = [];
  for (const layer of descriptor.layers) {
    if (!layer.color) continue;
    lines.push({ color: "#000", kind: "heading", text: layer.title });
    const cases = publishedCaseBounds(results, descriptor.id, layer.color.thresholds);
    for (const row of legendRows(layer.color.thresholds, layer.color.colors, cases)) {
      const range = rangeLabel(row.from, row.to, "%");
      const caseRange = row.cases ? ` (${rangeLabel(row.cases.from, row.cases.to, " cases")})` : "";
      lines.push({ color: row.color, kind: "fill", text: `${range}${caseRange}` });
    }
  }
  for (const layer of descriptor.layers) {
    const accent = accents.get(layer.id);
    if (accent)
      lines.push({ color: accent.color, kind: accent.marker ? "marker" : "outline", text: layer.title });
  }
  return lines;
}

const matrixOf = (transform: string): number[] | undefined =>
  transform
    .match(/^matrix\(([^(]*)\)$/)?.[1]
    ?.split(",")
    .map(Number);

/**
 * What the map draws now as one PNG: every layer canvas composed as on screen (its opacity and CSS
 * transform; tiles greyed out where the map greys them), on white, with the key drawn below it.
 * Waits for the next complete frame, so the outlines and tiles in view are in it.
 */
export function mapImageURL(map: OlMap, key: readonly KeyLine[]): Promise<string> {
  return new Promise((resolve, reject) => {
    map.once("rendercomplete", () => {
      try {
        const [width = 0, height = 0] = map.getSize() ?? [];
        const lineHeight = 18;
        const keyHeight = key.length > 0 ? key.length * lineHeight + 16 : 0;
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height + keyHeight;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("The map image could not be drawn.");
        context.fillStyle = "#fff";
        context.fillRect(0, 0, canvas.width, canvas.height);
        const layers = map.getViewport()?.querySelectorAll<HTMLCanvasElement>(".ol-layer canvas") ?? [];
        for (const layer of Array.from(layers)) {
          if (layer.width === 0) continue;
          const holder = layer.parentElement;
          const opacity = holder?.style.opacity || layer.style.opacity;
          context.globalAlpha = opacity === "" || opacity === undefined ? 1 : Number(opacity);
          context.filter = holder?.classList.contains("vitality-grayscale-tiles") ? "grayscale(1)" : "none";
          const matrix = matrixOf(layer.style.transform) ?? [1, 0, 0, 1, 0, 0];
          context.setTransform(matrix[0]!, matrix[1]!, matrix[2]!, matrix[3]!, matrix[4]!, matrix[5]!);
          context.drawImage(layer, 0, 0);
        }
        context.globalAlpha = 1;
        context.filter = "none";
        context.setTransform(1, 0, 0, 1, 0, 0);
        drawKey(context, key, height + 12, lineHeight);
        resolve(canvas.toDataURL("image/png"));
      } catch (error) {
        reject(error);
      }
    });
    map.render();
  });
}

function drawKey(
  context: CanvasRenderingContext2D,
  key: readonly KeyLine[],
  top: number,
  lineHeight: number,
) {
  context.font = "12px sans-serif";
  context.textBaseline = "middle";
  key.forEach((line, index) => {
    const y = top + index * lineHeight + lineHeight / 2;
    if (line.kind === "heading") {
      context.fillStyle = "#000";
      context.font = "bold 12px sans-serif";
      context.fillText(line.text, 8, y);
      context.font = "12px sans-serif";
      return;
    }
    if (line.kind === "outline") {
      context.strokeStyle = line.color;
      context.lineWidth = 2;
      context.strokeRect(9, y - 6, 20, 12);
    } else {
      context.fillStyle = line.color;
      context.fillRect(8, y - 7, line.kind === "marker" ? 14 : 22, 14);
    }
    context.fillStyle = "#000";
    context.fillText(line.text, 38, y);
  });
}

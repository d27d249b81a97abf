// What an analysis map takes: shared by its lazy wrapper (QueryMap) and its view (QueryMapView).
import type { MapDescriptor } from "../../../../server/engine/view.ts";

export const DEFAULT_MAP_HEIGHT = 480;

export interface QueryMapProps {
  /** The map of an analysis' view descriptor (manifest.queries[i].view.maps[j]). */
  descriptor: MapDescriptor;
  /** The analysis' `results` object the layers read their features from. */
  results: Record<string, unknown>;
  /** Called with the descriptor layer id and the clicked feature's result object. */
  onFeatureClick?: (layerId: string, properties: Record<string, unknown>) => void;
  /** Height of the map in pixels. */
  height?: number;
  /** XYZ tile URL of an online base layer; defaults to the server's MAP_TILE_URL (none). */
  tileUrl?: string;
  tileAttribution?: string;
  /** The title the screen shows above the map (the PDF export's title of the map page). */
  title?: string;
}

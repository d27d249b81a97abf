// What the advisory board's map takes: shared by its lazy wrapper and its view.

/** admin-area.md "Advisory board page": centred near latitude 40, longitude -86, zoom 7, max 18. */
export const ADVISORY_BOARD_VIEW = { centerLonLat: [-86, 40] as const, zoom: 7, maxZoom: 18 };

export interface AdvisoryBoardMapProps {
  height?: number;
  /** XYZ tile URL of the street-map layer; defaults to the server's MAP_TILE_URL (none). */
  tileUrl?: string;
  tileAttribution?: string;
}

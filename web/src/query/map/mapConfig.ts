/**
 * Map configuration fixed at build time. The base map is offline by default (state and county
 * outlines shipped with the app); setting VITE_MAP_TILE_URL when building (an XYZ template such as
 * https://tile.openstreetmap.org/{z}/{x}/{y}.png) adds an online tile layer under the outlines.
 */
const env = import.meta.env as Record<string, string | undefined>;

export const MAP_TILE_URL: string | undefined = env.VITE_MAP_TILE_URL?.trim() || undefined;
export const MAP_TILE_ATTRIBUTION: string =
  env.VITE_MAP_TILE_ATTRIBUTION?.trim() || "&copy; OpenStreetMap contributors";

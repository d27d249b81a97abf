import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BaseMapAnswer, BaseMapTiles } from "../../api/answers.ts";
import { apiRequest } from "../../api/client.ts";

/**
 * The maps' tile source, a server setting (MAP_TILE_URL, server/config.ts): the base map is offline
 * by default (state and county outlines from the app's own server); with a tile source, its XYZ
 * tiles go under the outlines. The server's CSP lets images come from that origin only.
 */
const baseMapQuery = queryOptions({
  queryKey: ["basemap"],
  queryFn: async () => (await apiRequest<BaseMapAnswer>("/api/services/geo/basemap")).tiles,
  // A deployment setting: read once per page.
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/**
 * The tile source once known: `pending` until the answer (a map drawn before would be drawn twice);
 * then the tiles, or null for offline outlines (also when the call fails: the outlines still work).
 */
export function useBaseMapTiles(): { pending: boolean; tiles: BaseMapTiles | null } {
  const answer = useQuery(baseMapQuery);
  return { pending: answer.isPending, tiles: answer.data ?? null };
}

/** Reference geography (data-contract.md section 6): centroids, outlines, zip and area polygons. */
export { distanceKm } from "./distance.ts";
export { serviceAreaPolygons, unionOfZipPolygons } from "./serviceAreaPolygon.ts";
export { stateOutline } from "./stateOutlines.ts";
export { distinctCentroids, voronoiZipPolygons } from "./voronoiPolygons.ts";
export { importZcta } from "./zctaImport.ts";
export { allZipCentroids, type ZipCentroid, zipCentroid, zipsWithinKm } from "./zipCentroids.ts";
export { FALLBACK_RADIUS_KM, zipPolygonFor, zipPolygonLookup } from "./zipPolygon.ts";
export {
  installZipPolygons,
  readZipPolygons,
  serialiseZipPolygons,
  ZIP_POLYGONS_PATH,
} from "./zipPolygonsFile.ts";

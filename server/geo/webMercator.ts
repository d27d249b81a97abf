/**
 * Web Mercator in degree units (x is the longitude, y the latitude stretched as the map stretches
 * it), so distances on a map tile can be measured in degrees of longitude: the outlines and the
 * drawn polygons are simplified in it, to a fraction of a pixel at a zoom.
 */
export const mercatorY = (lat: number) =>
  (Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 180) / Math.PI;

/** Degrees of longitude per pixel of a 256-pixel tile at a zoom. */
export const pixelDegrees = (zoom: number) => 360 / (256 * 2 ** zoom);

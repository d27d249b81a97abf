import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../../config.ts";

/**
 * A CSP that allows only our own origin, plus data/blob images for maps and charts (Vega renders
 * to canvas/SVG; OpenLayers draws from blobs). Inline styles stay allowed for Mantine's runtime CSS
 * variables. HSTS for a year in production. With a map tile source (MAP_TILE_URL), its origin alone
 * is added to img-src and connect-src, so the tiles load and nothing else does.
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  const tiles = config.mapTiles ? [config.mapTiles.origin] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...tiles],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", config.publicUrl.replace(/^http/, "ws"), ...tiles],
      workerSrc: ["'self'", "blob:"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: config.env === "production" ? "max-age=31536000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
  });
}

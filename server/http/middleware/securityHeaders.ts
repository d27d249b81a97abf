import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../../config.ts";

/**
 * A CSP that allows only our own origin, plus data/blob images for maps and charts (Vega renders
 * to canvas/SVG; OpenLayers draws from blobs). Inline styles stay allowed for Mantine's runtime CSS
 * variables. HSTS for a year in production.
 */
export function securityHeaders(config: Config): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", config.publicUrl.replace(/^http/, "ws")],
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

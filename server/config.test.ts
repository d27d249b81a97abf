import { describe, expect, test } from "bun:test";
import { ConfigError, cacheLimits, isochroneSettings, loadConfig } from "./config.ts";

describe("configuration", () => {
  test("defaults: port 3000, ./data, embedded database, dev outbox", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir.endsWith("/data")).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.secure).toBe(false);
  });

  test("a bad value stops start-up with a message naming the variable", () => {
    const attempt = () => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SECRET_KEY: "short" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
      expect(message).toContain("SECRET_KEY: must be at least 32 characters");
    }
  });

  test("https public URL turns on secure cookies", () => {
    expect(loadConfig({ PUBLIC_URL: "https://vitality.example.com/" }).publicUrl).toBe(
      "https://vitality.example.com",
    );
    expect(loadConfig({ PUBLIC_URL: "https://vitality.example.com" }).secure).toBe(true);
  });
  test("the live NPPES API is off by default; on with its URL and timeout", () => {
    expect(loadConfig({}).nppesApi).toEqual({
      enabled: false,
      url: "https://npiregistry.cms.hhs.gov/api/",
      timeoutMs: 5000,
    });
    expect(
      loadConfig({ NPPES_API: "1", NPPES_API_URL: "http://127.0.0.1:9/api/", NPPES_API_TIMEOUT_MS: "800" })
        .nppesApi,
    ).toEqual({ enabled: true, url: "http://127.0.0.1:9/api/", timeoutMs: 800 });
    expect(() => loadConfig({ NPPES_API_TIMEOUT_MS: "0" })).toThrow("NPPES_API_TIMEOUT_MS");
  });

  test("an isochrone service needs its kind and URL together", () => {
    expect(loadConfig({}).isochrone).toBeUndefined();
    expect(
      loadConfig({ ISOCHRONE_KIND: "graphhopper", ISOCHRONE_URL: "http://gh:8989", ISOCHRONE_API_KEY: "k" })
        .isochrone,
    ).toEqual({
      kind: "graphhopper",
      url: "http://gh:8989",
      apiKey: "k",
      timeoutMs: 5000,
      cacheEntries: 1000,
    });
    expect(() => loadConfig({ ISOCHRONE_KIND: "valhalla" })).toThrow(
      "ISOCHRONE_URL: is required when ISOCHRONE_KIND is set",
    );
    expect(() => loadConfig({ ISOCHRONE_URL: "http://v:8002" })).toThrow(
      "ISOCHRONE_KIND: is required when ISOCHRONE_URL is set",
    );
    expect(() => isochroneSettings({ ISOCHRONE_KIND: "osrm", ISOCHRONE_URL: "http://v:8002" })).toThrow(
      "ISOCHRONE_KIND: must be valhalla, openrouteservice or graphhopper",
    );
  });
  test("map tiles: offline by default; an XYZ template of one origin, its attribution", () => {
    expect(loadConfig({}).mapTiles).toBeUndefined();
    expect(loadConfig({ MAP_TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png" }).mapTiles).toEqual({
      url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      origin: "https://tile.openstreetmap.org",
      attribution: "© OpenStreetMap contributors",
    });
    expect(
      loadConfig({
        MAP_TILE_URL: "http://tiles.local:8080/osm/{z}/{x}/{y}.png",
        MAP_TILE_ATTRIBUTION: "Our tiles",
      }).mapTiles,
    ).toMatchObject({ origin: "http://tiles.local:8080", attribution: "Our tiles" });
    expect(() => loadConfig({ MAP_TILE_URL: "https://tile.openstreetmap.org/tiles.png" })).toThrow(
      "MAP_TILE_URL: must be an http(s) XYZ template with {z}, {x} and {y}",
    );
    expect(() => loadConfig({ MAP_TILE_URL: "https://{a-c}.tile.example.com/{z}/{x}/{y}.png" })).toThrow(
      "MAP_TILE_URL: must be an http(s) XYZ template with {z}, {x} and {y}",
    );
    expect(() => loadConfig({ MAP_TILE_URL: "javascript:{z}{x}{y}" })).toThrow("MAP_TILE_URL");
  });

  test("cache bounds: defaults, a tuned value, and a bad value named", () => {
    expect(loadConfig({}).caches).toEqual({
      answerEntries: 500,
      answerBytes: 256 * 1_048_576,
      flowEntries: 512,
      flowBytes: 256 * 1_048_576,
      sessionEntries: 10_000,
      snapshotEntries: 1000,
    });
    expect(loadConfig({ VITALITY_FLOW_CACHE_ENTRIES: "200" }).caches.flowEntries).toBe(200);
    expect(cacheLimits({ VITALITY_QUERY_CACHE_MB: "64" }).answerBytes).toBe(64 * 1_048_576);
    expect(() => loadConfig({ VITALITY_SESSION_CACHE_ENTRIES: "0" })).toThrow(
      "VITALITY_SESSION_CACHE_ENTRIES: must be at least 1",
    );
    expect(() => cacheLimits({ VITALITY_QUERY_CACHE_MB: "lots" })).toThrow("VITALITY_QUERY_CACHE_MB");
  });

  test("the heap's pacing: checked at start with the rest, a bad value named", () => {
    expect(() => loadConfig({ VITALITY_HEAP_MB: "100" })).toThrow("VITALITY_HEAP_MB: must be at least 256");
    expect(() => loadConfig({ VITALITY_HEAP_MB: "1024" })).not.toThrow();
  });
});

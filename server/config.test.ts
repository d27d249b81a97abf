import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "./config.ts";

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
});

// Preloaded by bun test (bunfig.toml): quiet request logs, and a fixed secret so runs are repeatable.
process.env.LOG_REQUESTS ??= "0";
process.env.NODE_ENV ??= "test";

/** A line-per-event logger: JSON in production (for log shippers), readable text in development. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createLogger(format: "json" | "text", quiet = false): Logger {
  const write = (level: string, message: string, fields: Record<string, unknown> = {}) => {
    if (quiet && level === "info") return;
    const line =
      format === "json"
        ? JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })
        : `${level === "info" ? "" : `${level.toUpperCase()} `}${message}${
            Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : ""
          }`;
    (level === "error" ? console.error : console.log)(line);
  };
  return {
    info: (message, fields) => write("info", message, fields),
    warn: (message, fields) => write("warn", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}

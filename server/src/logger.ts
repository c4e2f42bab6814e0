// Plain structured logging to stdout/stderr; one line per event, naming the HTTP request it belongs to.
import { currentRequestId } from "./observability/request-id.ts";
import type { LogLevel } from "./config.ts";

type Level = "info" | "warn" | "error";

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2, silent: 3 };
let lowest = RANK.info;

/** From the configuration (LOG_LEVEL) when the store starts; tests silence it before anything runs. */
export function setLogLevel(level: LogLevel): void {
  lowest = RANK[level];
}

function write(level: Level, message: string, detail?: unknown) {
  if (RANK[level] < lowest) return;
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    message,
    ...(currentRequestId() ? { requestId: currentRequestId() } : {}),
    ...(detail instanceof Error ? { error: detail.message, stack: detail.stack } : detail !== undefined ? { detail } : {}),
  });
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
}

export const logger = {
  info: (message: string, detail?: unknown) => write("info", message, detail),
  warn: (message: string, detail?: unknown) => write("warn", message, detail),
  error: (message: string, detail?: unknown) => write("error", message, detail),
};

// Telling "the database is unreachable or dropped us" apart from bugs. Such failures are answered as
// retryable (GraphQL code UNAVAILABLE, HTTP 503) and logged as one warning, not as internal errors.
import { logger } from "../logger.ts";

export const UNAVAILABLE_MESSAGE = "The shop is briefly unavailable. Please try again in a moment.";
/** What Retry-After says: about how long a failover or restart takes. */
export const RETRY_AFTER_SECONDS = 5;

// Prisma's codes for: can't reach, timed out, server closed the connection, transaction already
// closed, transaction API error (e.g. its connection died), pool timeout, too many connections,
// database missing (renamed or being restored).
const PRISMA_CODES = new Set(["P1001", "P1002", "P1003", "P1008", "P1017", "P1018", "P2024", "P2028", "P2037"]);
// Driver adapter error kinds that mean the same.
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "DatabaseDoesNotExist", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TransactionAlreadyClosed"]);
// PostgreSQL SQLSTATEs: admin shutdown / crash shutdown / cannot connect now, too many connections,
// statement timeout (overloaded), read-only transaction (failover landed on a standby).
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "25006", "3D000"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
// node-postgres and pg-pool failures that carry no code.
const MESSAGES =
  /Connection terminated|not queryable|Query read timeout|timeout exceeded when trying to connect|Connection ended unexpectedly|not currently accepting connections|Client was closed|Cannot use a pool after calling end/i;

function matches(value: Record<string, unknown>): boolean {
  const code = typeof value.code === "string" ? value.code : null;
  const originalCode = typeof value.originalCode === "string" ? value.originalCode : null;
  if (code && (PRISMA_CODES.has(code) || SQLSTATES.has(code) || SOCKET_CODES.has(code) || code.startsWith("08"))) return true;
  if (originalCode && (SQLSTATES.has(originalCode) || originalCode.startsWith("08"))) return true;
  if (typeof value.kind === "string" && ADAPTER_KINDS.has(value.kind)) return true;
  for (const key of ["message", "originalMessage"] as const) {
    if (typeof value[key] === "string" && MESSAGES.test(value[key] as string)) return true;
  }
  return false;
}

/** True when the error (or anything it wraps) says the database could not be used right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const value = queue.shift();
    if (!value || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    const record = value as Record<string, unknown>;
    if (matches(record)) return true;
    // Prisma wraps driver errors (meta.driverAdapterError, whose cause holds the SQLSTATE);
    // GraphQL and others wrap with cause or originalError.
    const meta = record.meta as Record<string, unknown> | undefined;
    queue.push(record.cause, record.originalError, meta?.driverAdapterError);
  }
  return false;
}

/** One short description of the failure for the log (no stack: it is not a bug). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${code}: ${error.message}` : error.message;
}

// During an outage every request fails the same way: log the first failure, then at most one
// summary line per interval, and say so when the database answers again.
const LOG_EVERY_MS = 10_000;
let outage: { since: number; lastLog: number; suppressed: number } | null = null;

/** Logs a database failure that is being answered as UNAVAILABLE / 503. */
export function reportUnavailable(where: string, error: unknown, now = Date.now()): void {
  if (!outage) {
    outage = { since: now, lastLog: now, suppressed: 0 };
    logger.warn(`Database unavailable (${where}): answering UNAVAILABLE / 503 until it is back`, describe(error));
    return;
  }
  if (now - outage.lastLog < LOG_EVERY_MS) {
    outage.suppressed++;
    return;
  }
  logger.warn(`Database unavailable (${where}) for ${Math.round((now - outage.since) / 1000)} s; ${outage.suppressed} more failure(s) since the last line`, describe(error));
  outage.lastLog = now;
  outage.suppressed = 0;
}

/** Called when a new database connection succeeds: ends a reported outage. */
export function reportReachable(now = Date.now()): void {
  if (!outage) return;
  logger.info(`Database reachable again after ${((now - outage.since) / 1000).toFixed(1)} s`);
  outage = null;
}

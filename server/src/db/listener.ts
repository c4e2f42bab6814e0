// A dedicated PostgreSQL connection that LISTENs on one channel and comes back when dropped
// (restart, failover, pg_terminate_backend). Pooled connections cannot LISTEN: a pool hands a
// connection to other work, and a notification only reaches the session that listens.
import pg from "pg";
import { logger } from "../logger.ts";

export interface ListenHandlers {
  /** A NOTIFY arrived on the channel. */
  onNotify(payload: string): void;
  /** Listening (again): notifications sent while it was not were missed. */
  onListening(): void;
  /** The connection is gone; nothing is heard until onListening. */
  onLost(): void;
}

const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];
/** A host that vanished without closing the connection (failover) is noticed by a heartbeat that
 *  gets no answer, not by waiting for TCP keepalive (minutes): until then changes go unheard. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

export function listenPostgres(url: string, channel: string, handlers: ListenHandlers): { stop(): Promise<void> } {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  const heartbeat = setInterval(() => {
    const current = client;
    if (current && !stopped) current.query("SELECT 1").catch((error: Error) => lost(current, `heartbeat: ${error.message}`));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const retry = () => {
    if (stopped || timer) return;
    const delay = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]!;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
  };

  const lost = (current: pg.Client, reason: string) => {
    if (client !== current) return;
    client = null;
    current.removeAllListeners();
    current.on("error", () => undefined);
    void current.end().catch(() => undefined);
    if (stopped) return;
    logger.warn(`Lost the LISTEN connection for ${channel}; reconnecting`, reason);
    handlers.onLost();
    retry();
  };

  async function connect() {
    const current = new pg.Client({
      connectionString: url,
      application_name: `listen:${channel}`,
      connectionTimeoutMillis: 5_000,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = current;
    current.on("error", (error) => lost(current, error.message));
    current.on("end", () => lost(current, "connection ended"));
    current.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    try {
      await current.connect();
      await current.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (stopped || client !== current) return;
      attempt = 0;
      handlers.onListening();
    } catch (error) {
      lost(current, (error as Error).message);
    }
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on("error", () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}

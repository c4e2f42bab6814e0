// Entry point: `npm start`. Bad configuration stops start-up with one clear line.
import { ConfigError, loadConfig } from "./config.ts";
import { startStore } from "./server.ts";
import { logger } from "./logger.ts";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // The handlers come first: the port answers (/healthz) as soon as it listens, before the rest of
  // start-up, and a SIGTERM in between killed the process outright (CI, 28 Nov 2026). A signal
  // during start-up lets it finish, then shuts down as usual.
  const starting = startStore(config);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn(`Received ${signal} again; exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`Received ${signal}: not accepting new connections, finishing requests (up to ${config.shutdownTimeoutMs} ms)`);
    const store = await starting.catch(() => null);
    if (!store) return; // start-up failed: main says why and exits
    try {
      await store.close();
      logger.info("Shut down cleanly");
      process.exit(0);
    } catch (error) {
      logger.error("Shutdown failed", error);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  try {
    await starting;
    const where = config.databaseUrl ? "PostgreSQL" : `the embedded database in ${config.dataDir}`;
    if (!stopping) logger.info(`Thrift store ready on http://localhost:${config.port} (data: ${where})`);
  } catch (error) {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

// Last resort, not the way errors are handled: every known failure is caught where it happens.
// A promise rejection nobody awaited is a bug to fix, but it must not take the shop down with it.
process.on("unhandledRejection", (reason) => {
  logger.error("Unhandled promise rejection (a bug: please report it)", reason);
});

void main();

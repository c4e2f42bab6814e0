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
  try {
    const store = await startStore(config);
    const where = config.databaseUrl ? "PostgreSQL" : `the embedded database in ${config.dataDir}`;
    logger.info(`Thrift store ready on http://localhost:${config.port} (data: ${where})`);
    const shutdown = async (signal: string) => {
      logger.info(`Received ${signal}, shutting down`);
      await store.close();
      process.exit(0);
    };
    process.once("SIGINT", () => void shutdown("SIGINT"));
    process.once("SIGTERM", () => void shutdown("SIGTERM"));
  } catch (error) {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

void main();

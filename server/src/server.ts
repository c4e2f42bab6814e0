// Starting and stopping the whole store: database, migrations, first-run data, HTTP.
import type { Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import type { Config } from "./config.ts";
import { openDatabase, type Database } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { seedDemoCatalogue } from "./db/seed.ts";
import { ensureAdmin } from "./modules/accounts/accounts.service.ts";
import { createApp } from "./app.ts";
import type { CatalogueVersion } from "./cache/catalogue-version.ts";
import { logger, setLogLevel } from "./logger.ts";
import { startScheduler } from "./jobs/scheduler.ts";
import { holdExpiryJob } from "./jobs/hold-expiry.job.ts";
import { dropReminderJob } from "./jobs/drop-reminder.job.ts";
import { paymentReconcileJob } from "./jobs/payment-reconcile.job.ts";
import { paymentReminderJob } from "./jobs/payment-reminder.job.ts";
import { startMailDelivery } from "./mail/delivery.ts";
import { startMessageDelivery } from "./modules/messages/delivery.ts";
import { backupJob, serverPidFile, serverUsing } from "./db/backups.ts";
import fs from "node:fs";
import { acceptOnMoreDescriptors, type ExtraDescriptors } from "./http/accept-descriptors.ts";

export interface RunningStore {
  url: string;
  db: Database;
  server: Server;
  /** Cached catalogue answers' version; sync() waits until writes made so far have been heard. */
  catalogue: CatalogueVersion;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Injected database (tests); otherwise opened from config. */
  db?: Database;
}

/** Applies migrations; on an empty store seeds the demo catalogue and the admin account. */
export async function prepareDatabase(config: Config, db: Database): Promise<void> {
  const applied = await migrate(db);
  if (applied.length) logger.info("Applied migrations", applied);
  if (config.seedDemo) {
    const { created } = await seedDemoCatalogue(db.prisma, new Date(), { drop: config.seedDemoDrop });
    if (created) logger.info("Seeded the demo catalogue");
  }
  const { generatedPassword, refused } = await ensureAdmin(db.prisma, config.adminEmail, config.adminPassword);
  if (refused) {
    logger.warn(`ADMIN_EMAIL ${config.adminEmail} belongs to an account that is not an admin: it was not made one. Set ADMIN_PASSWORD to that account's password to make it the owner's, or choose another address.`);
  }
  if (generatedPassword) {
    // Printed once, on the run that created the account; set ADMIN_PASSWORD to choose it instead.
    logger.info(`Created admin account ${config.adminEmail} with password: ${generatedPassword}`);
  }
}

/**
 * Stops accepting connections and lets requests in flight finish, for at most timeoutMs; then
 * closes whatever is still open (decision 028 addendum, "draining without racing keep-alive").
 *
 * Idle keep-alive connections are not closed: a balancer (nginx) may be writing a request on one at
 * that very moment, and a POST it already sent is neither answered nor resent (a checkout's 502).
 * Each request that still comes on one is answered with Connection: close (app.ts), which ends the
 * connection after its answer; the rest age out on their keep-alive timer, which is longer than the
 * balancer's, so the balancer closes them first. http.Server#close() would close them at once
 * (Node ≥ 19), so only the listening socket is closed, by net.Server's close.
 */
async function drain(server: Server, descriptors: ExtraDescriptors, timeoutMs: number): Promise<void> {
  const closed = Promise.all([new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve())), descriptors.close()]);
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
  clearTimeout(timer);
  if (!finished) {
    logger.warn(`Requests still running after ${timeoutMs} ms; closing their connections`);
    server.closeAllConnections();
    await closed;
  }
}

/** The embedded database in DATA_DIR belongs to one process: say so in DATA_DIR, so a second
 *  server and `npm run db:restore` refuse to touch it. Returns the release. */
function claimDataDir(dataDir: string): () => void {
  const other = serverUsing(dataDir);
  if (other) throw new Error(`Another server (pid ${other}) is using the embedded database in ${dataDir}`);
  const file = serverPidFile(dataDir);
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (serverUsing(dataDir) === null) fs.rmSync(file, { force: true });
  };
}

export async function startStore(config: Config, options: StartOptions = {}): Promise<RunningStore> {
  setLogLevel(config.logLevel);
  const ownsEmbedded = !options.db && !config.databaseUrl;
  const release = ownsEmbedded ? claimDataDir(config.dataDir) : () => undefined;
  let db: Database;
  try {
    db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, directUrl: config.databaseDirectUrl, dataDir: config.dataDir, pool: config.databasePool }));
  } catch (error) {
    release();
    throw error;
  }
  try {
    await prepareDatabase(config, db);
    const { app, lifecycle, catalogue, stop } = await createApp(config, db);
    const server = await listen(app, config).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
    const descriptors = await acceptOnMoreDescriptors(server, EXTRA_ACCEPT_DESCRIPTORS, ACCEPT_BACKLOG);
    const mail = startMailDelivery(db.prisma, config);
    const messages = startMessageDelivery(db.prisma, config);
    const reconcile = paymentReconcileJob(db.prisma, config);
    const reminders = paymentReminderJob(db.prisma, config);
    const scheduler = startScheduler([
      holdExpiryJob(db.prisma, config),
      dropReminderJob(db.prisma, config),
      ...(ownsEmbedded ? [backupJob(db, config)] : []),
      ...(reconcile ? [reconcile] : []),
      ...(reminders ? [reminders] : []),
    ]);
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    return {
      url,
      db,
      server,
      catalogue,
      async close() {
        // Readiness turns 503 and answers carry Connection: close; new connections are refused.
        lifecycle.shuttingDown = true;
        await drain(server, descriptors, config.shutdownTimeoutMs);
        await scheduler.stop();
        await mail.stop();
        await messages.stop();
        await stop();
        if (!options.db) await db.close();
        release();
      },
    };
  } catch (error) {
    if (!options.db) await db.close().catch(() => undefined);
    release();
    throw error;
  }
}

const ACCEPT_BACKLOG = 4096;
/** 32 descriptors in all: a turn of a busy event loop accepts up to 32 connections, not one
 *  (http/accept-descriptors.ts). A drop's turns take 10 ms or more: about 3,000 a second. */
const EXTRA_ACCEPT_DESCRIPTORS = 31;

/** Listens on the configured port. Express 5 hands a listening error to the callback (not only as
 *  an event), so "port taken" is told as such rather than crashing on a server with no address. */
function listen(app: Awaited<ReturnType<typeof createApp>>["app"], config: Config): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    // A drop's shoppers connect by the hundred within a second: Node's default queue of 511
    // connections waiting to be accepted overflowed, and each dropped connection retried after 1 s,
    // then 3 s (bench:drop, 2026-11-26). The kernel caps this at net.core.somaxconn.
    const s = app.listen(config.port, config.host, ACCEPT_BACKLOG, (error?: Error) => {
      if (!error) resolve(s);
      else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") reject(new Error(`Port ${config.port} is already in use (set PORT)`));
      else reject(error);
    });
    // Longer than the balancer's idle timeout (nginx.conf's upstream keepalive_timeout), so the
    // balancer, not the store, closes an idle connection, and never one it is sending on. Node's
    // guidance: the headers timeout stays above the keep-alive one.
    s.keepAliveTimeout = config.keepAliveTimeoutMs;
    s.headersTimeout = Math.max(s.headersTimeout, config.keepAliveTimeoutMs + 1_000);
  });
}

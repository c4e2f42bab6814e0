// One Prisma client over either driver adapter: PostgreSQL (DATABASE_URL) or embedded PGlite (DATA_DIR).
// Everything above this file is the same code path for both.
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../generated/prisma/client.ts";
import { logger } from "../logger.ts";
import { listenPostgres, type ListenHandlers } from "./listener.ts";

export type Db = PrismaClient;

export interface Database {
  prisma: PrismaClient;
  mode: "postgres" | "embedded";
  /** Runs a multi-statement SQL script (migrations) outside Prisma. */
  execScript(sql: string): Promise<void>;
  /** A plain parameterised query outside Prisma (migration bookkeeping, locks). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn while holding the cross-instance lock for schema changes. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Hears NOTIFY on channel (sent by any instance sharing the database) until stop(). */
  listen(channel: string, handlers: ListenHandlers): { stop(): Promise<void> };
  /** The PostgreSQL pool's connections (for metrics); null on the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Where PGlite keeps its files; null for an in-memory database (tests). */
  dataDir: string | null;
  /** Called with every SQL statement Prisma sends (query counting in tests). */
  onQuery?: (sql: string) => void;
}

const MIGRATION_LOCK_ID = 727_072_026;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openEmbedded(options);
}

function prismaClient(adapter: PrismaPg | PrismaPGlite, onQuery?: (sql: string) => void) {
  const prisma = new PrismaClient({
    // pglite-prisma-adapter carries its own copy of Prisma's adapter types; identical at run time.
    adapter: adapter as PrismaPg,
    log: onQuery ? [{ emit: "event", level: "query" }] : [],
  });
  if (onQuery) (prisma as unknown as { $on(e: "query", cb: (e: { query: string }) => void): void }).$on("query", (e) => onQuery(e.query));
  return prisma;
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
  // An idle connection dropped by the server (restart, failover, DROP DATABASE … FORCE in tests) must
  // not crash the process: pg emits it on the pool, and an unhandled 'error' event is fatal.
  pool.on("error", (error) => logger.warn("PostgreSQL dropped an idle connection", error.message));
  // Fail fast with a clear message rather than on the first request.
  const probe = await pool.connect().catch((error: Error) => {
    void pool.end();
    throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${error.message}`);
  });
  probe.release();
  const prisma = prismaClient(new PrismaPg(pool), options.onQuery);
  return {
    prisma,
    mode: "postgres",
    async execScript(sql) {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } catch (error) {
        // A failed script inside BEGIN leaves the connection aborted: reset it before returning it.
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async query(sql, params = []) {
      return (await pool.query(sql, params)).rows;
    },
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        return await fn();
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

async function openEmbedded(options: DatabaseOptions): Promise<Database> {
  const dir = options.dataDir ? path.join(options.dataDir, "pglite") : undefined;
  // pg_trgm backs the search indexes (a migration creates the extension, as on PostgreSQL).
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } }).catch((error: Error) => {
    throw new Error(`Cannot open the embedded database in ${dir ?? "memory"}: ${error.message}`);
  });
  const prisma = prismaClient(new PrismaPGlite(pglite), options.onQuery);
  return {
    prisma,
    mode: "embedded",
    async execScript(sql) {
      try {
        await pglite.exec(sql);
      } catch (error) {
        await pglite.exec("ROLLBACK").catch(() => undefined);
        throw error;
      }
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pglite.query<T>(sql, params)).rows;
    },
    // One process owns a PGlite data directory, so there is nobody to race.
    withMigrationLock: (fn) => fn(),
    // In-process: PGlite delivers a NOTIFY to its own session's listeners at commit.
    listen(channel, handlers) {
      const unlisten = pglite.listen(channel, (payload) => handlers.onNotify(payload));
      void unlisten.then(() => handlers.onListening());
      return { stop: async () => (await unlisten)().catch(() => undefined) };
    },
    poolStats: () => null,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

// One Prisma client over either driver adapter: PostgreSQL (DATABASE_URL) or embedded PGlite (DATA_DIR).
// Everything above this file is the same code path for both.
import { createHash } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { Prisma, PrismaClient } from "../generated/prisma/client.ts";
import { logger } from "../logger.ts";
import { DEFAULT_DATABASE_POOL } from "../config.ts";
import { listenPostgres, type ListenHandlers } from "./listener.ts";
import { isDatabaseUnavailable, reportReachable } from "./unavailable.ts";

export type Db = PrismaClient;

export type SqlRunner = <T = Record<string, unknown>>(statement: Prisma.Sql) => Promise<T[]>;

/** Statements of the same kind inside a Prisma transaction (a service that shares one with Prisma's writes). */
export function sqlInPrisma(tx: Pick<PrismaClient, "$queryRaw">): SqlRunner {
  return <T>(statement: Prisma.Sql) => tx.$queryRaw<T[]>(statement);
}

/** Runs `work` in one transaction on the driver: committed when it returns, rolled back when it
 *  throws (the error is passed on). */
export type InTransaction = <T>(work: (sql: SqlRunner) => Promise<T>) => Promise<T>;

export interface Database {
  prisma: PrismaClient;
  mode: "postgres" | "embedded";
  /** Runs a multi-statement SQL script (migrations) outside Prisma. */
  execScript(sql: string): Promise<void>;
  /** A plain parameterised query outside Prisma (migration bookkeeping, locks). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** A statement built with Prisma.sql, run on the driver itself: the hot storefront reads, where
   *  Prisma's own cost per statement (compiling it: ~1 ms of CPU) is much of the request's. Values
   *  come back typed as $queryRaw types them where it matters here: numeric as Prisma.Decimal. */
  sql: SqlRunner;
  /** A transaction of such statements on one connection: the checkout's, where Prisma's cost per
   *  statement was most of a drop night's checkout (decision 026). */
  transaction: InTransaction;
  /** Runs fn while holding the cross-instance lock for schema changes. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Hears NOTIFY on channel (sent by any instance sharing the database) until stop(). */
  listen(channel: string, handlers: ListenHandlers): { stop(): Promise<void> };
  /** Embedded database only: a consistent copy of its data directory as a gzipped tarball (taken
   *  between statements, after a checkpoint; what PGlite's loadDataDir reads back). */
  dumpEmbedded(): Promise<Blob>;
  /** The PostgreSQL pool's connections (for metrics); null on the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** A direct connection (no pooler) for LISTEN and migrations; defaults to databaseUrl. When it
   *  differs, databaseUrl is taken to be a transaction-mode pooler (PgBouncer): see decision 028. */
  directUrl?: string | null;
  /** Where PGlite keeps its files; null for an in-memory database (tests). */
  dataDir: string | null;
  /** Called with every SQL statement Prisma sends (query counting in tests). */
  onQuery?: (sql: string) => void;
  /** PostgreSQL connection pool limits; defaults suit tests and small shops. */
  pool?: Partial<PoolLimits>;
  /** Embedded only: a data directory (dumpEmbedded's tarball) to start a new database from instead
   *  of creating an empty one. PGlite's initdb takes 3 s or more; tests start each store from one
   *  migrated image (tests/helpers/databases.ts). */
  image?: Blob;
}

export interface PoolLimits {
  size: number;
  /** How long to wait for a new connection or a free one from the pool before giving up. */
  connectTimeoutMs: number;
  /** Server-side limit on one statement (lock waits included). */
  statementTimeoutMs: number;
}

/** The configuration's defaults (config.ts says why 30 connections). */
export const DEFAULT_POOL_LIMITS: PoolLimits = DEFAULT_DATABASE_POOL;

const MIGRATION_LOCK_ID = 727_072_026;
/** node-postgres treats a query_timeout of 0 as "use the pool's", so "no limit" is a day. */
const UNBOUNDED_MS = 24 * 3600_000;
// node-postgres reads query_timeout from the query config; its types do not declare it.
const unbounded = (text: string, values?: unknown[]) => ({ text, values, query_timeout: UNBOUNDED_MS }) as pg.QueryConfig;

/** Settings of every connection. The storefront search forgives a typo when a shopper's word shares
 *  half its trigrams with a word of the product ("ankra" → "Ankara" scores 0.5; pg_trgm's default of
 *  0.6 misses it, while "gown" against "brown" stays out at 0.4). */
const SESSION_SETTINGS = { "pg_trgm.word_similarity_threshold": "0.5" };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openEmbedded(options);
}

function prismaClient(adapter: PrismaPg | PrismaPGlite, limits: PoolLimits, onQuery?: (sql: string) => void) {
  const prisma = new PrismaClient({
    // pglite-prisma-adapter carries its own copy of Prisma's adapter types; identical at run time.
    adapter: adapter as PrismaPg,
    // Prisma ends an interactive transaction after 5 s and gives up starting one after 2 s by default,
    // while PostgreSQL allows one statement 15 s and the pool waits 5 s for a connection: on a loaded
    // machine a transaction whose statements were each in time was rolled back at commit ("expired
    // transaction"). A transaction now gets a statement's limit and 5 s more (so a slow statement is
    // still cut off by PostgreSQL first, with its own message), and waits as long as the pool.
    transactionOptions: { timeout: limits.statementTimeoutMs + 5_000, maxWait: limits.connectTimeoutMs },
    log: onQuery ? [{ emit: "event", level: "query" }] : [],
  });
  if (onQuery) (prisma as unknown as { $on(e: "query", cb: (e: { query: string }) => void): void }).$on("query", (e) => onQuery(e.query));
  return prisma;
}

/** PostgreSQL's type id of numeric: the drivers return its text, Prisma a Decimal. */
const NUMERIC_OID = 1700;

function withDecimals<T>(rows: Record<string, unknown>[], fields: { name: string; dataTypeID: number }[]): T[] {
  const numeric = fields.filter((field) => field.dataTypeID === NUMERIC_OID).map((field) => field.name);
  if (numeric.length) {
    for (const row of rows) for (const name of numeric) if (row[name] !== null) row[name] = new Prisma.Decimal(row[name] as string);
  }
  return rows as T[];
}

/** Anything that runs a parameterised statement: a pool, a pooled client, PGlite or its transaction. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; fields: { name: string; dataTypeID: number }[] }>;
}

/** Most distinct statements a process prepares on each connection; any beyond run unnamed. */
const MAX_PREPARED = 500;

/**
 * Names for the driver's statements, so that each connection parses and plans a statement once and
 * then reuses it (PostgreSQL's plan cache). Unnamed, every checkout's statement was parsed and
 * planned again: about 40% of PostgreSQL's CPU per order on drop night (decision 026, night
 * addendum of 27 Nov 2026). Only on a direct connection: a transaction-mode pooler (PgBouncer before 1.21, as
 * Debian 12 ships) may send the next statement to a server connection that never prepared it.
 */
function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `s${createHash("sha1").update(text).digest("base64url")}`;
      names.set(text, name);
    }
    return name;
  };
}

/** A node-postgres pool or client that runs each statement under the name `nameOf` gives it. */
function preparing(target: pg.Pool | pg.PoolClient, nameOf: (text: string) => string | undefined): Queryable {
  return {
    query(text, values = []) {
      const name = nameOf(text);
      return name ? target.query({ name, text, values }) : target.query(text, values);
    },
  };
}

function runnerOn(target: Queryable, onQuery?: (sql: string) => void): SqlRunner {
  return async <T>(statement: Prisma.Sql) => {
    onQuery?.(statement.text);
    // The drivers would send a Decimal as JSON ("\"4500\""); PostgreSQL reads its plain text.
    const values = statement.values.map((value) => (value instanceof Prisma.Decimal ? value.toString() : value));
    const result = await target.query(statement.text, values);
    return withDecimals<T>(result.rows as Record<string, unknown>[], result.fields);
  };
}

/**
 * BEGIN (as the client sends it: behind a pooler, with the transaction's settings), the work,
 * COMMIT. A connection that failed is discarded, so a half-finished transaction never goes back to
 * the pool (PostgreSQL rolls it back when the connection closes).
 */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let discard: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    // A refusal (a rule, a unique key) leaves a healthy connection: roll back and keep it.
    if (isDatabaseUnavailable(failure)) discard = failure;
    else await client.query("ROLLBACK").catch((rollback: Error) => (discard = rollback));
    throw error;
  } finally {
    client.release(discard);
  }
}

type PgTransaction = Awaited<ReturnType<Awaited<ReturnType<PrismaPg["connect"]>>["startTransaction"]>>;

/**
 * Prisma ends a transaction by sending COMMIT or ROLLBACK and only then releasing the connection;
 * when that statement fails (the connection was cut) it never releases it. Each cut during a
 * transaction would leak one pooled connection until every request waits forever. This releases
 * the connection whatever happens, and discards it at once when it failed or timed out (a
 * timed-out connection still has the unanswered query in its queue: ROLLBACK would wait behind it).
 */
function releaseWhenEnded(tx: PgTransaction): PgTransaction {
  let released = false;
  const release = tx.rollback.bind(tx);
  // PgTransaction keeps the pooled client it runs on; releasing it with an error makes the pool drop it.
  const client = (tx as unknown as { client?: { release(error?: Error): void } }).client;
  const end = async () => {
    if (released) return;
    released = true;
    await release();
  };
  const discard = async (error: unknown) => {
    if (released) return;
    if (!client) return end();
    released = true;
    client.release(error instanceof Error ? error : new Error(String(error)));
  };
  const guard = <A extends [{ sql: string }], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } catch (error) {
        const sql = args[0].sql;
        if (isDatabaseUnavailable(error) || sql === "COMMIT" || sql === "ROLLBACK") await discard(error);
        throw error;
      }
    };
  tx.executeRaw = guard(tx.executeRaw.bind(tx));
  tx.queryRaw = guard(tx.queryRaw.bind(tx));
  tx.commit = end;
  tx.rollback = end;
  return tx;
}

class ResilientPrismaPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const start = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => releaseWhenEnded(await start(isolationLevel));
    return adapter;
  }
}

/** The settings every transaction needs, as SET LOCAL statements: behind a transaction-mode pooler
 *  a connection's startup parameters are refused (PgBouncer: "unsupported startup parameter") or
 *  ignored, and a session SET would leak to whoever gets the server connection next. */
function transactionSettings(limits: PoolLimits): string {
  const settings: Record<string, string> = {
    statement_timeout: String(limits.statementTimeoutMs),
    idle_in_transaction_session_timeout: String(IDLE_IN_TRANSACTION_MS),
    ...SESSION_SETTINGS,
  };
  return Object.entries(settings)
    .map(([name, value]) => `SET LOCAL ${name} = '${value}'`)
    .join("; ");
}

/** A transaction left open by a lost client must not hold row locks for long. */
const IDLE_IN_TRANSACTION_MS = 60_000;

/**
 * A pool for a transaction-mode pooler, where the settings hold for one transaction only. Each
 * transaction gets them with its BEGIN (the same round trip: BEGIN has no parameters, so it goes
 * as a simple query that may hold several statements), and a statement outside a transaction is
 * run inside one of its own (two round trips more: measured in decision 028).
 */
function pooledPool(config: pg.PoolConfig, limits: PoolLimits): pg.Pool {
  const begin = `BEGIN; ${transactionSettings(limits)}`;
  class SettingClient extends pg.Client {
    // Prisma and inTransaction open their transactions with a bare "BEGIN" through the pooled client.
    override query(...args: unknown[]): never {
      const [first] = args;
      if (first === "BEGIN") args[0] = begin;
      else if (first && typeof first === "object" && (first as pg.QueryConfig).text === "BEGIN") args[0] = { ...(first as pg.QueryConfig), text: begin };
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  }
  class SettingPool extends pg.Pool {
    override query(...args: unknown[]): never {
      // The callback form is not used by this code base or the Prisma adapter.
      return inTransaction(this, (client) => (client.query as (...a: unknown[]) => Promise<pg.QueryResult>)(...args)) as never;
    }
  }
  return new SettingPool({ ...config, Client: SettingClient });
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const limits = { ...DEFAULT_POOL_LIMITS, ...options.pool };
  const directUrl = options.directUrl ?? url;
  const pooled = directUrl !== url;
  const common: pg.PoolConfig = {
    max: limits.size,
    // Bounded waits: an unreachable database or an exhausted pool answers within seconds.
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // Backstop when the server never answers (a failed-over host that vanished without a reset):
    // a little longer than the statement timeout, so a slow query still fails server-side first.
    query_timeout: limits.statementTimeoutMs + 1_000,
    // Notices a silently dead peer (no FIN, e.g. a failed-over host) on idle connections.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: "thrift-store",
  };
  const pool = pooled
    ? pooledPool({ ...common, connectionString: url }, limits)
    : new pg.Pool({
        ...common,
        connectionString: url,
        statement_timeout: limits.statementTimeoutMs,
        idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
        // Sent when each connection starts, so no query ever runs without them.
        options: Object.entries(SESSION_SETTINGS)
          .map(([name, value]) => `-c ${name}=${value}`)
          .join(" "),
      });
  // Migrations and their lock need a session: a direct connection, opened only while they run.
  const session = pooled ? new pg.Pool({ ...common, connectionString: directUrl, max: 2, idleTimeoutMillis: 1_000 }) : pool;
  session.on("error", () => undefined);
  // node-postgres reports a dropped connection (failover, restart, pg_terminate_backend) as an
  // 'error' event on the client, and an 'error' event nobody listens to ends the process. The pool
  // listens only while a client is idle in it; this listener also covers checked-out clients (in
  // a transaction, between queries). The failed query itself rejects as usual.
  pool.on("connect", (client) => {
    reportReachable();
    let reported = false;
    client.on("error", (error: Error & { code?: string }) => {
      // One line per lost connection (a terminated one reports twice: the notice, then the close).
      if (reported) return;
      reported = true;
      logger.warn("PostgreSQL connection lost; the pool opens a new one when needed", error.code ? `${error.code}: ${error.message}` : error.message);
    });
  });
  // The pool re-emits errors of idle clients; the listener above has already logged them.
  pool.on("error", () => undefined);
  // Fail fast with a clear message rather than on the first request.
  const probe = await pool.connect().catch((error: Error) => {
    void pool.end();
    if (session !== pool) void session.end();
    const hint = /startup parameter/.test(error.message) ? " (a pooler in transaction mode? Set DATABASE_DIRECT_URL to the database itself)" : "";
    throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${error.message}${hint}`);
  });
  probe.release();
  const prisma = prismaClient(new ResilientPrismaPg(pool), limits, options.onQuery);
  const names = pooled ? undefined : statementNames();
  return {
    prisma,
    mode: "postgres",
    async execScript(sql) {
      const client = await session.connect();
      let failure: unknown = undefined;
      try {
        // Migrations may rightly take longer than a request's statement.
        await client.query("SET statement_timeout = 0");
        await client.query(unbounded(sql));
        await client.query("RESET statement_timeout");
      } catch (error) {
        failure = error;
        // A failed script inside BEGIN leaves the connection aborted: reset it before returning it.
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        // A connection that failed is discarded, so its session settings never leak to requests.
        client.release(failure instanceof Error ? failure : undefined);
      }
    },
    async query(sql, params = []) {
      return (await pool.query(sql, params)).rows;
    },
    sql: runnerOn(names ? preparing(pool, names) : pool, options.onQuery),
    transaction: (work) => inTransaction(pool, (client) => work(runnerOn(names ? preparing(client, names) : client, options.onQuery))),
    async withMigrationLock(fn) {
      const client = await session.connect();
      let failure: Error | undefined;
      try {
        // Waiting for another instance's migrations may take longer than any request's statement.
        await client.query("SET statement_timeout = 0");
        await client.query(unbounded("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]));
        return await fn();
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        await client.query("RESET statement_timeout").catch(() => undefined);
        // A connection that failed is discarded rather than returned with its session settings.
        client.release(failure);
      }
    },
    listen: (channel, handlers) => listenPostgres(directUrl, channel, handlers),
    dumpEmbedded: () => Promise.reject(new Error("PostgreSQL is backed up by its own tools (pg_dump, the managed service's backups)")),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
      if (session !== pool) await session.end().catch(() => undefined);
    },
  };
}

async function openEmbedded(options: DatabaseOptions): Promise<Database> {
  const dir = options.dataDir ? path.join(options.dataDir, "pglite") : undefined;
  // pg_trgm backs the search index and unaccent its accent folding (migrations create the
  // extensions, as on PostgreSQL).
  // Smaller buffers than PGlite's defaults (128 MB, 64 MB): its WebAssembly memory grows to hold
  // every buffer touched and never shrinks, and a small shop's catalogue fits in 32 MB; pages past
  // it are read from the data directory's files. Decision 028: 144 MiB less RSS after a scan.
  const postgresqlconf = ["shared_buffers=32MB", "maintenance_work_mem=16MB"];
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm, unaccent }, postgresqlconf, loadDataDir: options.image }).catch((error: Error) => {
    throw new Error(`Cannot open the embedded database in ${dir ?? "memory"}: ${error.message}`);
  });
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) await pglite.query("SELECT set_config($1, $2, false)", [name, value]);
  const prisma = prismaClient(new PrismaPGlite(pglite), DEFAULT_POOL_LIMITS, options.onQuery);
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
    // PGlite runs it after any transaction in progress (one connection, taken in turn).
    sql: runnerOn(pglite, options.onQuery),
    // PGlite rolls back and passes the error on when the work throws.
    transaction: (work) => pglite.transaction((tx) => work(runnerOn(tx, options.onQuery))),
    // One process owns a PGlite data directory, so there is nobody to race.
    withMigrationLock: (fn) => fn(),
    // In-process: PGlite delivers a NOTIFY to its own session's listeners at commit.
    listen(channel, handlers) {
      const unlisten = pglite.listen(channel, (payload) => handlers.onNotify(payload));
      void unlisten.then(() => handlers.onListening());
      return { stop: async () => (await unlisten)().catch(() => undefined) };
    },
    async dumpEmbedded() {
      // The dump waits for the statement in progress; a transaction still open is left out, as
      // after a crash. The checkpoint keeps a restore's recovery short.
      await pglite.exec("CHECKPOINT");
      return pglite.dumpDataDir("gzip");
    },
    poolStats: () => null,
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

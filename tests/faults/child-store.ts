// The real server in a child process on its own PostgreSQL database, for tests that must watch the
// process itself (does it survive, how does it exit). The test keeps an admin connection to the
// `postgres` database to act on the store's database (terminate its connections, refuse new ones).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ADMIN_DATABASE_URL, createPostgresDatabase } from "../helpers/databases.ts";
import { openDatabase, type Database } from "../../server/src/db/database.ts";
import { migrate } from "../../server/src/db/migrate.ts";
import { PROJECT_ROOT } from "../../server/src/config.ts";
import { freePort } from "../../deploy/free-port.ts";

// One way to find a free port, shared with the deploy kit's local cluster.
export { freePort };

export interface ChildStore {
  url: string;
  databaseUrl: string;
  databaseName: string;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Terminates every backend of the store's database (never anyone else's); returns how many. */
  terminateConnections(): Promise<number>;
  /** Refuses (false) or allows (true) new connections to the store's database. */
  allowConnections(allow: boolean): Promise<void>;
  /** A direct connection to the store's database for setup and checks (close it before a storm). */
  openDatabase(): Promise<Database>;
  stop(): Promise<void>;
}


function viaPort(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = "127.0.0.1";
  u.port = String(port);
  return u.toString();
}

/** Creates and migrates a database, lets `prepare` add rows, then starts the server on it. */
export async function startChildStore(
  options: { env?: Record<string, string>; prepare?: (db: Database) => Promise<void>; /** The server reaches PostgreSQL through this port (a proxy). */ databasePort?: number;
    /** With databasePort: that port is a pooler, and DATABASE_DIRECT_URL is the database itself. */ pooler?: boolean;
    /** Returns as soon as the port answers /healthz, before the server says it is ready. */ atFirstAnswer?: boolean } = {},
): Promise<ChildStore> {
  const database = await createPostgresDatabase();
  const databaseName = new URL(database.url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  // The admin connection is to another database, so terminating the store's connections never
  // reaches it; an error on it must not end the test process either.
  admin.on("error", () => undefined);
  await admin.connect();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "thrift-faults-"));
  // A minimal index.html beside the real server renderer (built by `npm run build`, which
  // `npm test` runs first), so page routes run their database reads as in production.
  const clientDir = path.join(dataDir, "client");
  fs.mkdirSync(clientDir);
  fs.writeFileSync(path.join(clientDir, "index.html"), `<!doctype html><html><head><title>Thrift Store</title><!--store-settings--></head><body><div id="root"></div></body></html>`);
  const builtClient = process.env.CLIENT_DIR || path.join(PROJECT_ROOT, "dist/client");
  fs.symlinkSync(path.resolve(builtClient, "../server"), path.join(dataDir, "server"));
  let child: ChildProcess | null = null;
  let output = "";
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    // FAULTS_LOG=file keeps the server's log of the run for a look after a failure.
    if (process.env.FAULTS_LOG) fs.writeFileSync(process.env.FAULTS_LOG, output);
    await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const db = await openDatabase({ databaseUrl: database.url, dataDir: null });
    try {
      await migrate(db);
      await options.prepare?.(db);
    } finally {
      await db.close();
    }
    const port = await freePort();
    child = spawn(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "server/src/main.ts")], {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: options.databasePort ? viaPort(database.url, options.databasePort) : database.url,
        ...(options.pooler ? { DATABASE_DIRECT_URL: database.url } : {}),
        DATA_DIR: dataDir,
        CLIENT_DIR: clientDir,
        SEED_DEMO: "false",
        ADMIN_PASSWORD: "faults-admin-password",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const running = child;
    const exited = new Promise<number | null>((resolve) => running.once("exit", (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (running.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
      const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > (options.atFirstAnswer ? 12_000 : 600)) throw new Error(`The server did not become healthy within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, options.atFirstAnswer ? 5 : 100));
    }
    return {
      url,
      databaseUrl: database.url,
      databaseName,
      child: running,
      output: () => output,
      exited,
      async terminateConnections() {
        const { rows } = await admin.query<{ n: string }>(
          "SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [databaseName],
        );
        return Number(rows[0]!.n);
      },
      async allowConnections(allow) {
        await admin.query(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS ${allow ? "true" : "false"}`);
      },
      openDatabase: () => openDatabase({ databaseUrl: database.url, dataDir: null }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

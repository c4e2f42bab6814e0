// Each test file gets its own database: a fresh PostgreSQL database (created and dropped here)
// or an in-memory embedded one, chosen by TEST_DB (set per Jest project).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createHash, randomBytes } from "node:crypto";
import { openDatabase, type Database } from "../../server/src/db/database.ts";
import { listMigrations, migrate } from "../../server/src/db/migrate.ts";
import { PROJECT_ROOT } from "../../server/src/config.ts";

export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_ADMIN_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

export type TestDbMode = "postgres" | "embedded";

export function testDbMode(): TestDbMode {
  return process.env.TEST_DB === "embedded" ? "embedded" : "postgres";
}

export interface TestDatabase {
  db: Database;
  /** Set in postgres mode: the URL of this test's own database. */
  url: string | null;
  drop(): Promise<void>;
}

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `thrift_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestDatabase(options: { onQuery?: (sql: string) => void; mode?: TestDbMode } = {}): Promise<TestDatabase> {
  const mode = options.mode ?? testDbMode();
  if (mode === "embedded") {
    const db = await openDatabase({ databaseUrl: null, dataDir: null, onQuery: options.onQuery, image: await migratedImage() });
    return { db, url: null, drop: () => db.close() };
  }
  const created = await createPostgresDatabase();
  // Ten connections a store, as before 28 Nov 2026: two workers' stores share one PostgreSQL of 100.
  const db = await openDatabase({ databaseUrl: created.url, dataDir: null, onQuery: options.onQuery, pool: { size: 10 } });
  return {
    db,
    url: created.url,
    async drop() {
      await db.close();
      await created.drop();
    },
  };
}

/**
 * An embedded database with every migration applied, as dumpEmbedded writes it: each test's database
 * starts from it in about 0.5 s, where PGlite's initdb takes 3 s or more (8 s on a loaded machine).
 * Kept in the temporary directory under a name that changes with the migrations and PGlite's
 * version, so every Jest worker makes it at most once per change.
 */
async function migratedImage(): Promise<Blob> {
  const pglite = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version as string;
  const hash = createHash("sha256").update(pglite);
  for (const migration of listMigrations()) hash.update(`${migration.name}:${migration.checksum}\n`);
  const file = path.join(os.tmpdir(), `thrift-test-pglite-${hash.digest("hex").slice(0, 16)}.tar.gz`);
  if (!fs.existsSync(file)) {
    const db = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      await migrate(db);
      const image = Buffer.from(await (await db.dumpEmbedded()).arrayBuffer());
      // Written aside and renamed: another worker never reads half a file.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, image);
      fs.renameSync(partial, file);
    } finally {
      await db.close();
    }
    removeOldImages(file);
  } else {
    const now = new Date();
    fs.utimesSync(file, now, now); // in use: see removeOldImages
  }
  return new Blob([fs.readFileSync(file)]);
}

/** Images of other migrations (5 MB each) untouched for a day: a checkout that still needs one
 *  makes it again. A day spares another checkout's run in progress. */
function removeOldImages(current: string) {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    const file = path.join(os.tmpdir(), name);
    if (!/^thrift-test-pglite-[0-9a-f]{16}\.tar\.gz$/.test(name) || file === current) continue;
    try {
      if (fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file);
    } catch {
      // Removed by another worker meanwhile.
    }
  }
}

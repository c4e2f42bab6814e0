// Each test file gets its own database: a fresh PostgreSQL database (created and dropped here)
// or an in-memory embedded one, chosen by TEST_DB (set per Jest project).
import pg from "pg";
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "../../server/src/db/database.ts";

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
    const db = await openDatabase({ databaseUrl: null, dataDir: null, onQuery: options.onQuery });
    return { db, url: null, drop: () => db.close() };
  }
  const created = await createPostgresDatabase();
  const db = await openDatabase({ databaseUrl: created.url, dataDir: null, onQuery: options.onQuery });
  return {
    db,
    url: created.url,
    async drop() {
      await db.close();
      await created.drop();
    },
  };
}

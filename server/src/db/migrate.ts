// Applies prisma/migrations/*/migration.sql in order and records them in _prisma_migrations,
// the same table `prisma migrate deploy` uses, so Prisma's own engine can take over later.
import fs from "node:fs";
import path from "node:path";
import { createHash, randomUUID } from "node:crypto";
import type { Database } from "./database.ts";
import { PROJECT_ROOT } from "../config.ts";

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "prisma/migrations");

const BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
);`;

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string; checksum: string }[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Returns the names of the migrations it applied. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  return db.withMigrationLock(async () => {
    await db.execScript(BOOKKEEPING);
    const done = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.map((row) => [row.migration_name, row.checksum]));
    const ran: string[] = [];
    for (const migration of listMigrations(dir)) {
      const known = applied.get(migration.name);
      if (known) {
        if (known !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      // Each migration and its record commit together: a crash leaves it either applied or not.
      const id = randomUUID();
      await db.execScript(
        `BEGIN;\n${migration.sql}\n;INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ('${id}', '${migration.checksum}', now(), '${migration.name.replace(/'/g, "''")}', 1);\nCOMMIT;`,
      );
      ran.push(migration.name);
    }
    return ran;
  });
}

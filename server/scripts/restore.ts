// `npm run db:restore -- <file> [--force]`: puts a backup of the embedded database (from
// DATA_DIR/backups/, or copied from elsewhere) back into DATA_DIR. Refuses while a server uses
// DATA_DIR, and over existing data unless --force (which keeps the old files beside it).
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { ConfigError, loadConfig } from "../src/config.ts";
import { embeddedDir, serverUsing } from "../src/db/backups.ts";

function fail(message: string): never {
  console.error(`Restore refused: ${message}`);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1) fail("name one backup file: npm run db:restore -- DATA_DIR/backups/thrift-….tar.gz [--force]");
  const file = path.resolve(files[0]!);
  if (!fs.existsSync(file)) fail(`${file} does not exist`);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.databaseUrl) fail("DATABASE_URL is set: backups are of the embedded database; restore PostgreSQL with its own tools (pg_restore)");
  const pid = serverUsing(config.dataDir);
  if (pid) fail(`a server (pid ${pid}) is using ${config.dataDir}: stop it first`);

  const target = embeddedDir(config.dataDir);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    if (!force) fail(`${target} already holds a database: add --force to replace it (the old files are kept beside it)`);
    const kept = `${target}.before-restore-${new Date().toISOString().replace(/[-:.]/g, "")}`;
    fs.renameSync(target, kept);
    console.log(`Moved the existing database to ${kept}`);
  }

  // PGlite unpacks the tarball into the (empty) data directory, runs recovery, and starts on it.
  const tarball = new Blob([fs.readFileSync(file)]);
  const db = await PGlite.create(target, { loadDataDir: tarball, extensions: { pg_trgm, unaccent } });
  try {
    const [counts] = (
      await db.query<{ orders: number; products: number; users: number }>(
        "SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM users)::int AS users",
      )
    ).rows;
    console.log(`Restored ${path.basename(file)} into ${target}: ${counts!.orders} orders, ${counts!.products} products, ${counts!.users} users`);
  } finally {
    await db.close();
  }
}

await main();

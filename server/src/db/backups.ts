// Backups of the embedded database: a tarball of PGlite's data directory in DATA_DIR/backups/ at
// start-up and every BACKUP_INTERVAL_MINUTES, keeping the newest BACKUP_KEEP. `npm run db:restore`
// reads them back (server/scripts/restore.ts). PostgreSQL has its own tools (docs/deploy.md).
import fs from "node:fs";
import path from "node:path";
import type { Database } from "./database.ts";
import type { ScheduledJob } from "../jobs/scheduler.ts";
import { logger } from "../logger.ts";

const NAME = /^thrift-(\d{8}T\d{6}(?:\d{3})?Z)\.tar\.gz$/;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, "backups");
}

/** The embedded database's files under DATA_DIR. */
export function embeddedDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** Backups in dataDir, newest first. */
export function listBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/** Writes one backup (to a temporary name, renamed when complete) and removes all but the newest `keep`. */
export async function backUp(db: Database, dataDir: string, keep: number, now = new Date()): Promise<string> {
  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(".", "");
  const file = path.join(dir, `thrift-${stamp}.tar.gz`);
  const partial = `${file}.partial`;
  const tarball = Buffer.from(await (await db.dumpEmbedded()).arrayBuffer());
  const handle = await fs.promises.open(partial, "w");
  try {
    await handle.writeFile(tarball);
    // On disk before it takes the real name: a power cut never leaves a truncated "backup".
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(partial, file);
  for (const old of listBackups(dataDir).slice(keep)) await fs.promises.rm(old, { force: true });
  return file;
}

export function backupJob(db: Database, config: { dataDir: string; backup: { intervalMinutes: number; keep: number } }): ScheduledJob {
  return {
    name: "backup",
    intervalMs: Math.max(1_000, Math.round(config.backup.intervalMinutes * 60_000)),
    // At start-up too: the first minutes after an upgrade are covered.
    initialDelayMs: 0,
    async run() {
      const started = Date.now();
      const file = await backUp(db, config.dataDir, config.backup.keep);
      logger.info(`Backed up the embedded database to ${file} (${(fs.statSync(file).size / 1e6).toFixed(1)} MB, ${Date.now() - started} ms)`);
    },
  };
}

/** The file a running server writes into DATA_DIR while it uses the embedded database. */
export function serverPidFile(dataDir: string): string {
  return path.join(dataDir, "server.pid");
}

/** The pid of a live server using dataDir, or null (no file, or its process is gone). */
export function serverUsing(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(serverPidFile(dataDir), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

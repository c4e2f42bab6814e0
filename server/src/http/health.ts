// Probes for whoever runs the store (load balancer, container orchestrator, uptime monitor):
//   /livez   the process is up and serving HTTP (no database check): restart it only if this fails.
//   /readyz  the database answers and the store is not shutting down: send it traffic only then.
//   /healthz the database answers (kept for existing monitors; 503 when it does not).
import { Router } from "express";
import type { Database } from "../db/database.ts";
import { isDatabaseUnavailable, reportUnavailable } from "../db/unavailable.ts";
import { logger } from "../logger.ts";

/** Shared between the HTTP layer and the shutdown sequence. */
export interface Lifecycle {
  shuttingDown: boolean;
}

/** Longest a probe waits for the database: a probe that hangs is as bad as one that fails. */
const PROBE_TIMEOUT_MS = 3_000;

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.prisma.$queryRaw`SELECT 1`,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("Database check timed out")), PROBE_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch (error) {
    if (isDatabaseUnavailable(error)) reportUnavailable("health check", error);
    else logger.warn("Database health check failed", error instanceof Error ? error.message : String(error));
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(db: Database, lifecycle: Lifecycle): Router {
  const router = Router();
  router.get("/livez", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (lifecycle.shuttingDown) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    if (await databaseAnswers(db)) res.json({ status: "ok", database: db.mode });
    else res.status(503).json({ status: "unavailable", database: db.mode });
  });
  router.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (await databaseAnswers(db)) res.json({ status: "ok", database: db.mode });
    else res.status(503).json({ status: "unavailable" });
  });
  return router;
}

// Admin CSV downloads and the product import, as plain HTTP (files are not GraphQL's strength):
//   GET  /api/admin/exports/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD
//   GET  /api/admin/exports/products.csv?from=…&to=…
//   POST /api/admin/imports/products?dryRun=true|false   body: the CSV, Content-Type text/csv
// Each needs an admin session. The import insists on text/csv: a cross-site form can only send
// text/plain, form-urlencoded or multipart, so it cannot post here with the admin's cookie.
import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Viewer } from "../auth/viewer.ts";
import { sessionCookies } from "../auth/cookies.ts";
import { validateSessionToken } from "../auth/session.ts";
import { actorOf } from "../modules/audit/audit.service.ts";
import { DomainError } from "../modules/errors.ts";
import { exportRange, ordersCsv, productsCsv } from "../modules/reports/exports.service.ts";
import { importProducts, MAX_IMPORT_BYTES } from "../modules/reports/product-import.service.ts";
import { formatLagos } from "../modules/reports/lagos-days.ts";
import { logger } from "../logger.ts";

async function adminViewer(config: Config, prisma: Db, req: Request, res: Response): Promise<Viewer | null> {
  const token = sessionCookies(req, res, config.env === "production").read();
  const session = token ? await validateSessionToken(prisma, token) : null;
  if (!session) {
    res.status(401).json({ error: "Please log in to continue" });
    return null;
  }
  if (!session.viewer.isAdmin) {
    res.status(403).json({ error: "You are not allowed to do that" });
    return null;
  }
  return session.viewer;
}

function failed(res: Response, error: unknown) {
  if (error instanceof DomainError) {
    res.status(400).json({ error: error.message });
    return;
  }
  logger.error("Admin report request failed", error);
  res.status(500).json({ error: "Something went wrong. Please try again." });
}

function csvDownload(config: Config, prisma: Db, kind: "orders" | "products"): RequestHandler {
  return async (req, res) => {
    try {
      if (!(await adminViewer(config, prisma, req, res))) return;
      const range = exportRange(req.query.from, req.query.to);
      const csv = kind === "orders" ? await ordersCsv(prisma, range) : await productsCsv(prisma, range);
      res.setHeader("Cache-Control", "no-store");
      // The name from the parsed dates, never from the raw query text.
      const day = (at: Date) => formatLagos(at).slice(0, 10);
      res.setHeader("Content-Disposition", `attachment; filename="${kind}-${day(range.start)}-to-${day(new Date(range.end.getTime() - 1))}.csv"`);
      res.type("text/csv; charset=utf-8").send(csv);
    } catch (error) {
      failed(res, error);
    }
  };
}

export function adminReportRoutes(config: Config, prisma: Db): Router {
  const router = express.Router();
  router.get("/api/admin/exports/orders.csv", csvDownload(config, prisma, "orders"));
  router.get("/api/admin/exports/products.csv", csvDownload(config, prisma, "products"));
  router.post("/api/admin/imports/products", async (req, res, next) => {
    if (!req.is("text/csv")) {
      res.status(415).json({ error: "Send the file as text/csv" });
      return;
    }
    try {
      const viewer = await adminViewer(config, prisma, req, res);
      if (!viewer) return;
      res.locals.viewer = viewer;
      next();
    } catch (error) {
      failed(res, error);
    }
  }, express.text({ type: "text/csv", limit: MAX_IMPORT_BYTES }), async (req, res) => {
    try {
      const viewer = res.locals.viewer as Viewer;
      const report = await importProducts(prisma, actorOf(viewer), typeof req.body === "string" ? req.body : "", { dryRun: req.query.dryRun !== "false" });
      res.setHeader("Cache-Control", "no-store");
      res.json(report);
    } catch (error) {
      failed(res, error);
    }
  });
  // express.text's own refusal of a file over the limit, in our words.
  router.use("/api/admin/imports", ((error, _req, res, next) => {
    if ((error as { type?: string }).type === "entity.too.large") {
      res.status(413).json({ error: `The file must be at most ${MAX_IMPORT_BYTES / 1024} KB` });
      return;
    }
    next(error);
  }) as express.ErrorRequestHandler);
  return router;
}

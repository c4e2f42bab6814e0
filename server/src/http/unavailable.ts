// HTTP answers while the database is unreachable: 503 with Retry-After and a message a shopper
// understands, instead of a 500.
import type { ErrorRequestHandler, Request, Response } from "express";
import { isDatabaseUnavailable, reportUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "../db/unavailable.ts";

export function sendUnavailable(req: Request, res: Response): void {
  res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).set("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) res.json({ error: UNAVAILABLE_MESSAGE });
  else res.type("text").send(UNAVAILABLE_MESSAGE);
}

/** Last error handler for plain HTTP routes (pages, uploads): database outages become 503. */
export const databaseUnavailableHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (!isDatabaseUnavailable(error) || res.headersSent) {
    next(error);
    return;
  }
  reportUnavailable(`${req.method} ${req.path}`, error);
  sendUnavailable(req, res);
};

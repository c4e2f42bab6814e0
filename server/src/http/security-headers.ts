// Security headers on every response (helmet). The store's pages run under a strict
// Content-Security-Policy: scripts, styles, fonts and data only from the store itself (the one
// inline script is the signed-in mark, common/signed-in.ts, and the one inline style the shell's
// stylesheet, each allowed by its hash; the store settings travel as a JSON data block, see
// page-html.ts), images also from
// Cloudinary. The API explorer page (GraphiQL at GET /graphql, http/explorer.ts) replaces the
// Content-Security-Policy with its own (its editor needs inline styles and workers); every other
// header stays.
import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { SIGNED_IN_MARK_SCRIPT } from "../../../common/signed-in.ts";
import type { Config } from "../config.ts";
import { inlineStylesheetOf } from "./inline-stylesheet.ts";

export const CLOUDINARY_IMAGES = "https://res.cloudinary.com";

/** Powerful browser features the store never uses, switched off for every page and frame. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** The CSP source that allows the signed-in mark's inline script, and only it. */
export const SIGNED_IN_MARK_CSP = `'sha256-${createHash("sha256").update(SIGNED_IN_MARK_SCRIPT).digest("base64")}'`;

function storeDirectives(config: Config) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'none'"],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'", SIGNED_IN_MARK_CSP],
    scriptSrcAttr: ["'none'"],
    // The shell's stylesheet, written into server-rendered pages, by its hash (inline-stylesheet.ts).
    styleSrc: ["'self'", () => inlineStylesheetOf(config.clientDir)?.cspSource ?? ""],
    // Cloudinary even when not configured now: product rows keep their Cloudinary URLs when an
    // operator moves storage, and the client renders them (common/images.ts).
    imgSrc: ["'self'", CLOUDINARY_IMAGES],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    // The service worker (/sw.js) and the web app manifest come from the store itself.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.env === "production" ? [] : null,
  };
}

/**
 * The service worker's own policy (a worker follows the CSP its script came with): it fetches from
 * the store and, for cached product pictures, from Cloudinary; it runs no other script.
 */
export const SERVICE_WORKER_CSP = `default-src 'none'; connect-src 'self' ${CLOUDINARY_IMAGES}; script-src 'self'`;

export function securityHeaders(config: Config): RequestHandler {
  const helmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: storeDirectives(config) },
    // HSTS only where the store is served over HTTPS; development and tests run on plain HTTP.
    strictTransportSecurity: config.env === "production" ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

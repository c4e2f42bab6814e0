// Security headers on every response (helmet). The store's pages run under a strict
// Content-Security-Policy: scripts, styles, fonts and data only from the store itself (no inline
// script: the store settings travel as a JSON data block, see page-html.ts), images also from
// Cloudinary. The development GraphQL explorer (Apollo Sandbox, loaded from
// Apollo's CDN with nonce'd inline scripts) gets its own looser policy on GET /graphql only; in
// production it is disabled and /graphql is as strict as the rest.
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "../config.ts";

export const CLOUDINARY_IMAGES = "https://res.cloudinary.com";

/** Powerful browser features the store never uses, switched off for every page and frame. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/** What Apollo Sandbox loads; its page adds a nonce-based policy of its own in a meta tag. */
const APOLLO_SANDBOX = {
  scripts: ["https://embeddable-sandbox.cdn.apollographql.com", "https://apollo-server-landing-page.cdn.apollographql.com"],
  styles: ["https://embeddable-sandbox.cdn.apollographql.com", "https://apollo-server-landing-page.cdn.apollographql.com", "https://fonts.googleapis.com"],
  fonts: ["https://fonts.gstatic.com"],
  images: ["https://apollo-server-landing-page.cdn.apollographql.com"],
  frames: ["https://sandbox.embed.apollographql.com"],
};

function storeDirectives(config: Config) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'none'"],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    // Cloudinary even when not configured now: product rows keep their Cloudinary URLs when an
    // operator moves storage, and the client renders them (common/images.ts).
    imgSrc: ["'self'", CLOUDINARY_IMAGES],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.env === "production" ? [] : null,
  };
}

function explorerDirectives(config: Config) {
  const store = storeDirectives(config);
  return {
    ...store,
    // 'unsafe-inline' here only lets the explorer's own policy (nonces) decide about its inline code.
    scriptSrc: ["'self'", "'unsafe-inline'", ...APOLLO_SANDBOX.scripts],
    styleSrc: ["'self'", "'unsafe-inline'", ...APOLLO_SANDBOX.styles],
    fontSrc: ["'self'", ...APOLLO_SANDBOX.fonts],
    imgSrc: [...store.imgSrc, ...APOLLO_SANDBOX.images],
    manifestSrc: APOLLO_SANDBOX.images,
    frameSrc: APOLLO_SANDBOX.frames,
  };
}

function headers(config: Config, directives: Record<string, string[] | null>): RequestHandler {
  const production = config.env === "production";
  const helmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // HSTS only where the store is served over HTTPS; development and tests run on plain HTTP.
    strictTransportSecurity: production ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

export function securityHeaders(config: Config): RequestHandler {
  const store = headers(config, storeDirectives(config));
  if (config.env === "production") return store;
  const explorer = headers(config, explorerDirectives(config));
  return (req, res, next) => (req.method === "GET" && req.path === "/graphql" ? explorer : store)(req, res, next);
}

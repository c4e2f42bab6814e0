import type { Request, Response } from "express";

export interface SessionCookies {
  read(): string | null;
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export function sessionCookieName(production: boolean): string {
  // __Host- pins the cookie to this exact host over HTTPS with Path=/.
  return production ? "__Host-session" : "session";
}

/**
 * The session cookie's companion, readable by the page's scripts (the session cookie is HttpOnly):
 * "1" while a session cookie is set, no secret in it. A browser without it is a guest's, so the
 * client never asks the shop who is signed in (one request and its work on every guest's first
 * page, on a slow phone). Its presence only means "ask": the session itself is checked as ever.
 */
export function signedInCookieName(production: boolean): string {
  return production ? "__Host-signed-in" : "signed-in";
}

function readCookie(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

export function sessionCookies(req: Request, res: Response, production: boolean): SessionCookies {
  const name = sessionCookieName(production);
  const hint = signedInCookieName(production);
  const attributes = `SameSite=Lax; Path=/${production ? "; Secure" : ""}`;
  return {
    read() {
      return readCookie(req, name);
    },
    set(token, expiresAt) {
      res.append("Set-Cookie", `${name}=${token}; HttpOnly; ${attributes}; Expires=${expiresAt.toUTCString()}`);
      res.append("Set-Cookie", `${hint}=1; ${attributes}; Expires=${expiresAt.toUTCString()}`);
    },
    clear() {
      res.append("Set-Cookie", `${name}=; HttpOnly; ${attributes}; Max-Age=0`);
      res.append("Set-Cookie", `${hint}=; ${attributes}; Max-Age=0`);
    },
  };
}

/** How long a companion set for a session that predates it lasts: the session's own expiry is not
 *  looked up for it; a dead session clears both cookies on the next GraphQL request. */
const BACKFILLED_HINT_SECONDS = 30 * 24 * 3600;

/**
 * Gives a browser that holds a session cookie but not its companion (a session from before the
 * companion existed) the companion with the page it asks for, before that page's scripts run.
 */
export function signedInCookieBackfill(production: boolean) {
  const name = sessionCookieName(production);
  const hint = signedInCookieName(production);
  const attributes = `SameSite=Lax; Path=/${production ? "; Secure" : ""}`;
  return (req: Request, res: Response, next: () => void) => {
    if (readCookie(req, name) && !readCookie(req, hint)) res.append("Set-Cookie", `${hint}=1; ${attributes}; Max-Age=${BACKFILLED_HINT_SECONDS}`);
    next();
  };
}

/**
 * "This browser has just changed stock" (an order, a receipt, an admin's decision), for two
 * seconds: the server-rendered pages are then rendered fresh for it rather than served from a page
 * kept a moment longer while it is rendered again (cache/page-cache.ts, decision 026), so its own
 * next page shows its own write. Not a secret and not personal: only its presence is read.
 */
export const OWN_WRITE_SECONDS = 2;

export function ownWriteCookieName(production: boolean): string {
  return production ? "__Host-wrote" : "wrote";
}

export function markOwnWrite(res: Response, production: boolean): void {
  res.append("Set-Cookie", `${ownWriteCookieName(production)}=1; SameSite=Lax; Path=/${production ? "; Secure" : ""}; Max-Age=${OWN_WRITE_SECONDS}`);
}

export function wroteJustNow(req: Request, production: boolean): boolean {
  return readCookie(req, ownWriteCookieName(production)) !== null;
}

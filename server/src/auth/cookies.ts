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

export function sessionCookies(req: Request, res: Response, production: boolean): SessionCookies {
  const name = sessionCookieName(production);
  const attributes = `HttpOnly; SameSite=Lax; Path=/${production ? "; Secure" : ""}`;
  return {
    read() {
      const header = req.headers.cookie;
      if (!header) return null;
      for (const part of header.split(";")) {
        const [key, ...value] = part.trim().split("=");
        if (key === name) return decodeURIComponent(value.join("="));
      }
      return null;
    },
    set(token, expiresAt) {
      res.append("Set-Cookie", `${name}=${token}; ${attributes}; Expires=${expiresAt.toUTCString()}`);
    },
    clear() {
      res.append("Set-Cookie", `${name}=; ${attributes}; Max-Age=0`);
    },
  };
}

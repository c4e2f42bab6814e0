import type { Request, Response } from "express";
import type { Db } from "../db/database.ts";
import type { Config } from "../config.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { SessionCookies } from "../auth/cookies.ts";

export interface Context {
  prisma: Db;
  config: Config;
  viewer: Viewer | null;
  cookies: SessionCookies;
  /** Client address, for rate limits. */
  ip: string;
  req: Request;
  res: Response;
}

import type { Request, Response } from "express";
import type { Db } from "../db/database.ts";
import type { Config } from "../config.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { SessionCookies } from "../auth/cookies.ts";
import type { CatalogueMemo } from "../cache/catalogue-memo.ts";

export interface Context {
  prisma: Db;
  config: Config;
  viewer: Viewer | null;
  cookies: SessionCookies;
  /** Client address, for rate limits. */
  ip: string;
  /** Catalogue-derived results kept until the catalogue changes (listing facets). */
  catalogueMemo: CatalogueMemo;
  req: Request;
  res: Response;
}

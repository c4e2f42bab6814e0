import type { Request, Response } from "express";
import type { Db, InTransaction, SqlRunner } from "../db/database.ts";
import type { Config } from "../config.ts";
import type { Viewer } from "../auth/viewer.ts";
import type { SessionCookies } from "../auth/cookies.ts";
import type { CatalogueMemo } from "../cache/catalogue-memo.ts";

export interface Context {
  prisma: Db;
  /** Statements on the driver itself, for the hot storefront reads (database.ts). */
  sql: SqlRunner;
  /** A transaction of such statements (the checkout). */
  transaction: InTransaction;
  config: Config;
  viewer: Viewer | null;
  cookies: SessionCookies;
  /** Client address, for rate limits. */
  ip: string;
  /** Orders this request has proven it owns without an account (modules/orders/ownership.ts). */
  orderGrants: Set<string>;
  /** Catalogue-derived results kept until the catalogue changes (listing facets). */
  catalogueMemo: CatalogueMemo;
  req: Request;
  res: Response;
}

/** The context of a field behind the customer or admin scope: someone is signed in. */
export type SignedInContext = Context & { viewer: Viewer };

// What search engines and selling channels read (decision 029):
//   GET /robots.txt
//   GET /sitemap.xml, /sitemaps/pages.xml, /sitemaps/products-<n>.xml
// Public, built from the catalogue shoppers see at this moment, cached per catalogue version.
import express, { type Router } from "express";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { CatalogueMemo } from "../cache/catalogue-memo.ts";
import { shopPieces } from "../modules/channels/shop-pieces.ts";
import { robotsTxt, sitemaps, SITEMAP_PATH } from "../modules/channels/sitemap.service.ts";
import { documentClock, sendDocument, type CatalogueDocument } from "./catalogue-documents.ts";

export function channelRoutes(config: Config, prisma: Db, memo: CatalogueMemo): Router {
  const router = express.Router();
  const clock = documentClock();
  const origin = config.publicUrl;

  const robots = clock.document("/robots.txt", robotsTxt(origin));
  router.get("/robots.txt", (req, res) => sendDocument(req, res, robots, "text/plain; charset=utf-8"));

  const sitemapDocuments = () =>
    memo.get("channels:sitemaps", async () => {
      const maps = sitemaps(origin, await shopPieces(prisma, new Date()));
      const docs = new Map<string, CatalogueDocument>([[SITEMAP_PATH, clock.document(SITEMAP_PATH, maps.index)]]);
      for (const [path, body] of maps.children) docs.set(path, clock.document(path, body));
      return docs;
    });
  router.get([SITEMAP_PATH, "/sitemaps/:file"], async (req, res, next) => {
    try {
      const doc = (await sitemapDocuments()).get(req.path);
      if (!doc) return next();
      sendDocument(req, res, doc, "application/xml; charset=utf-8");
    } catch (error) {
      next(error);
    }
  });
  return router;
}

// What search engines and selling channels read (decision 029, docs/selling-channels.md):
//   GET /robots.txt
//   GET /sitemap.xml, /sitemaps/pages.xml, /sitemaps/products-<n>.xml
//   GET /feeds/meta.csv     (Meta Commerce Manager: Facebook, Instagram, WhatsApp catalogue)
//   GET /feeds/google.xml   (Google Merchant Center)
// Public, built from the catalogue shoppers see at this moment, once per catalogue version.
import express, { type RequestHandler, type Router } from "express";
import type { Config } from "../config.ts";
import type { SqlRunner } from "../db/database.ts";
import type { CatalogueMemo } from "../cache/catalogue-memo.ts";
import type { CatalogueVersion } from "../cache/catalogue-version.ts";
import { shopPieces, type ShopPiece } from "../modules/channels/shop-pieces.ts";
import { robotsTxt, sitemaps, SITEMAP_PATH } from "../modules/channels/sitemap.service.ts";
import { feedItem, googleRss, metaCsv } from "../modules/channels/feeds.service.ts";
import { DEFAULT_DESCRIPTION } from "../../../common/page-head.ts";
import { documentClock, sendDocument, type CatalogueDocument } from "./catalogue-documents.ts";

export const META_FEED_PATH = "/feeds/meta.csv";
export const GOOGLE_FEED_PATH = "/feeds/google.xml";

export function channelRoutes(config: Config, sql: SqlRunner, memo: CatalogueMemo, catalogue: CatalogueVersion): Router {
  const router = express.Router();
  const clock = documentClock();
  const origin = config.publicUrl;
  const shop = { origin, name: config.store.name, description: DEFAULT_DESCRIPTION };
  // One read of the catalogue per version, shared by the sitemaps and both feeds.
  const pieces = () => memo.get("channels:pieces", () => shopPieces(sql, new Date()));

  const robots = clock.document("/robots.txt", robotsTxt(origin));
  router.get("/robots.txt", (req, res, next) => sendDocument(req, res, robots, "text/plain; charset=utf-8").catch(next));

  const sitemapDocuments = () =>
    memo.get("channels:sitemaps", async () => {
      const maps = sitemaps(origin, await pieces());
      const docs = new Map<string, CatalogueDocument>([[SITEMAP_PATH, clock.document(SITEMAP_PATH, maps.index)]]);
      for (const [path, body] of maps.children) docs.set(path, clock.document(path, body));
      return docs;
    });
  router.get([SITEMAP_PATH, "/sitemaps/:file"], async (req, res, next) => {
    try {
      const doc = (await sitemapDocuments()).get(req.path);
      if (!doc) return next();
      await sendDocument(req, res, doc, "application/xml; charset=utf-8");
    } catch (error) {
      next(error);
    }
  });

  // A sale changes no catalogue version (decision 026): its new stock lands on the stock board. The
  // feeds join it into the pieces read for the version, and are rebuilt when either moves; one kept
  // document per feed, so a night of sales cannot pile up megabytes of old feeds.
  const board = catalogue.stock;
  const withStock = (list: ShopPiece[]) =>
    list.map((piece) => {
      const now = board.get(piece.id);
      return now && now.stock !== piece.stock ? { ...piece, stock: now.stock } : piece;
    });
  const feed = (path: string, type: string, write: (items: ReturnType<typeof feedItem>[]) => string): RequestHandler => {
    let kept: { key: string; doc: Promise<CatalogueDocument> } | null = null;
    return async (req, res, next) => {
      try {
        const version = catalogue.current();
        const key = `${version}:${board.generation()}`;
        const build = async () => clock.document(path, write(withStock(await pieces()).map((piece) => feedItem(piece, shop))));
        if (version === null) return await sendDocument(req, res, await build(), type);
        if (kept?.key !== key) {
          const doc = build();
          kept = { key, doc };
          doc.catch(() => kept?.doc === doc && (kept = null));
        }
        await sendDocument(req, res, await kept.doc, type);
      } catch (error) {
        next(error);
      }
    };
  };
  router.get(META_FEED_PATH, feed(META_FEED_PATH, "text/csv; charset=utf-8", metaCsv));
  router.get(GOOGLE_FEED_PATH, feed(GOOGLE_FEED_PATH, "application/rss+xml; charset=utf-8", (items) => googleRss(items, shop)));
  return router;
}

// GET /previews/store.jpg, /previews/products/<id>/<version>.jpg and …/<version>-photo.jpg: the
// pictures of decision 029 (common/preview-image.ts names them). A product's picture is drawn once
// per version (the version changes with whatever is drawn: photo, name, price, grade) and kept in
// memory, bounded in bytes; its address never changes meaning, so browsers, CDNs and the apps'
// preview caches may keep it for a year. An outdated version is sent on to the current one.
import express, { type Response, type Router } from "express";
import { LRUCache } from "lru-cache";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { visibleNow } from "../modules/catalog/visibility.ts";
import { readProductPhoto } from "../modules/channels/photo-source.ts";
import { drawProductPhoto, drawProductPreview, drawStorePreview } from "../modules/channels/preview-image.ts";
import { photoVersion, previewVersion, productPhotoPath, productPreviewPath, STORE_PREVIEW_PATH } from "../../../common/preview-image.ts";
import { CONDITION_LABEL } from "../../../common/condition.ts";
import { isUuid } from "../../../common/uuid.ts";
import { DEFAULT_DESCRIPTION } from "../../../common/page-head.ts";

const YEAR_SECONDS = 365 * 24 * 3600;
const FILE = /^([0-9a-z]+)(-photo)?\.jpg$/;
/** Drawn pictures kept (about 60–120 KB each). */
const CACHE_BYTES = 24 * 1024 * 1024;

function sendJpeg(res: Response, body: Buffer, maxAgeSeconds: number, cache: "hit" | "miss") {
  res.set("Cache-Control", `public, max-age=${maxAgeSeconds}${maxAgeSeconds === YEAR_SECONDS ? ", immutable" : ""}`);
  res.set("X-Preview-Cache", cache);
  res.type("image/jpeg").send(body);
}

export function previewRoutes(config: Config, prisma: Db, demoDir: string): Router {
  const router = express.Router();
  const dirs = { demoDir, uploadDir: config.uploadDir };
  const drawn = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (buffer) => buffer.length });
  const drawing = new Map<string, Promise<Buffer>>();

  /** Draws each key once, even when many ask at the same moment (a link shared in a busy group). */
  async function once(key: string, draw: () => Promise<Buffer>): Promise<{ body: Buffer; cache: "hit" | "miss" }> {
    const kept = drawn.get(key);
    if (kept) return { body: kept, cache: "hit" };
    let pending = drawing.get(key);
    if (!pending) {
      pending = draw().finally(() => drawing.delete(key));
      drawing.set(key, pending);
      drawn.set(key, await pending);
    }
    return { body: await pending, cache: "miss" };
  }

  router.get(STORE_PREVIEW_PATH, async (_req, res, next) => {
    try {
      const { body, cache } = await once("store", () =>
        drawStorePreview({ name: config.store.name, tagline: "Look great, feel great, pay less.", line: DEFAULT_DESCRIPTION.split(". ")[0]! }),
      );
      // Depends only on the configuration: a day, then revalidated (Express's ETag).
      sendJpeg(res, body, 24 * 3600, cache);
    } catch (error) {
      next(error);
    }
  });

  router.get("/previews/products/:id/:file", async (req, res, next) => {
    try {
      const file = FILE.exec(req.params.file);
      if (!file || !isUuid(req.params.id)) return void res.status(404).type("text").send("Not found");
      const product = await prisma.product.findFirst({
        where: { id: req.params.id, ...visibleNow() },
        select: { id: true, name: true, price: true, originalPrice: true, condition: true, imageUrl: true },
      });
      if (!product) return void res.status(404).type("text").send("Not found");
      const facts = { ...product, price: product.price.toFixed(2), originalPrice: product.originalPrice?.toFixed(2) ?? null };
      const photoOnly = Boolean(file[2]);
      const version = photoOnly ? photoVersion(facts) : previewVersion(facts);
      if (file[1] !== version) {
        // Changed since the address was written: the current picture (which may change again).
        res.set("Cache-Control", "no-cache");
        return void res.redirect(302, photoOnly ? productPhotoPath(facts) : productPreviewPath(facts));
      }
      const { body, cache } = await once(`${photoOnly ? "photo" : "preview"}:${product.id}:${version}`, async () => {
        const photo = await readProductPhoto(product.imageUrl, dirs);
        if (photoOnly) return drawProductPhoto(photo);
        return drawProductPreview(photo, {
          name: product.name,
          price: facts.price,
          originalPrice: facts.originalPrice,
          grade: product.condition ? CONDITION_LABEL[product.condition] : null,
          storeName: config.store.name,
        });
      });
      sendJpeg(res, body, YEAR_SECONDS, cache);
    } catch (error) {
      next(error);
    }
  });
  return router;
}

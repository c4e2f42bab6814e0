// GET /uploads/*: files stored by POST /api/uploads on local disk. Images were re-encoded on upload;
// a PDF is never shown inside the store's origin: it is downloaded (attachment) and, should a
// browser render it anyway, sandboxed (no scripts, no same-origin access). nosniff (set for every
// response by security-headers.ts) stops browsers from guessing any other type from the content.
//
// Save-Data: a browser whose user asked to save data sends `Save-Data: on`; a product picture stored
// in several widths is then answered with a smaller one (about half) under the same address, so
// every page (whatever its srcset picked) costs less. `Vary: Save-Data` keeps caches apart.
//
// Receipts kept at Cloudinary open at the same signed links (/uploads/receipts/cloudinary/…): the
// file is fetched from Cloudinary's signed download API and passed on with the same headers as a
// receipt on disk, so no Cloudinary URL or credential reaches the browser (decision 031).
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import express, { type RequestHandler, type Response } from "express";
import { localRenditionPath, saveDataWidth } from "../../../common/images.ts";
import { TYPE_BY_EXTENSION } from "../../../common/upload-types.ts";
import { receiptLinkValid } from "../modules/payments/receipt-links.ts";
import { cloudinaryReceiptAt } from "../storage/receipt-files.ts";
import type { FileStorage } from "../storage/storage.ts";
import { logger } from "../logger.ts";

const RENDITION = /^(\/product-images\/[A-Za-z0-9_-]+)\.(\d+)w\.webp$/;

/**
 * Receipts (modules/payments/receipt-links.ts) only with a valid signed link, never kept by a cache;
 * every other upload (product pictures, avatars) public and cached for maxAgeMs.
 */
export function serveUploads(uploadDir: string, maxAgeMs: number, receiptKey: () => Promise<Buffer>, storage?: FileStorage): RequestHandler {
  const receiptsDir = path.join(uploadDir, "receipts") + path.sep;
  const files = express.static(uploadDir, {
    maxAge: maxAgeMs,
    fallthrough: false,
    setHeaders(res, filePath) {
      if (filePath.startsWith(receiptsDir)) res.setHeader("Cache-Control", "private, no-store");
      if (filePath.toLowerCase().endsWith(".pdf")) {
        res.setHeader("Content-Disposition", "attachment");
        res.setHeader("Content-Security-Policy", "sandbox");
      }
    },
  });
  return async (req, res, next) => {
    // Which file this is, as express.static will open it: decoded and normalised, so that
    // "/%72eceipts/…", "//receipts/…" or "/receipts%2F…" are receipts too.
    const served = servedPath(req.path);
    if (served === null) {
      res.status(400).type("text/plain").send("Bad path");
      return;
    }
    if (served.startsWith("/receipts/")) {
      const key = await receiptKey().catch(() => null);
      if (!key || !receiptLinkValid(key, `/uploads${served}`, req.query.expires, req.query.signature)) {
        res.setHeader("Cache-Control", "private, no-store");
        res.status(403).type("text/plain").send("This receipt link has expired or is not yours. Open the order again to see it.");
        return;
      }
      const atCloudinary = cloudinaryReceiptAt(`/uploads${served}`);
      if (atCloudinary) {
        await sendCloudinaryReceipt(res, atCloudinary.format, () => storage?.readReceipt?.(atCloudinary) ?? Promise.resolve(null));
        return;
      }
    }
    const rendition = RENDITION.exec(req.path);
    if (rendition) {
      res.vary("Save-Data");
      const smaller = req.get("save-data")?.toLowerCase() === "on" ? saveDataWidth(Number(rendition[2])) : null;
      const swapped = smaller === null ? null : localRenditionPath(rendition[1]!, smaller);
      if (swapped && fs.existsSync(path.join(uploadDir, swapped))) req.url = swapped;
    }
    files(req, res, next);
  };
}

/** A request's path as a static file server opens it (decoded, dot segments and repeated slashes
 *  resolved); null when it does not decode. */
function servedPath(raw: string): string | null {
  try {
    return path.posix.normalize(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/** A receipt fetched from Cloudinary, with the headers a receipt on disk gets. */
async function sendCloudinaryReceipt(res: Response, format: string, read: () => Promise<ReadableStream<Uint8Array> | null>): Promise<void> {
  res.setHeader("Cache-Control", "private, no-store");
  let body: ReadableStream<Uint8Array> | null;
  try {
    body = await read();
  } catch (error) {
    logger.error("Receipt download from Cloudinary failed", error);
    res.status(502).type("text/plain").send("The receipt could not be fetched just now. Please try again.");
    return;
  }
  const type = TYPE_BY_EXTENSION[format];
  if (!body || !type) {
    await body?.cancel();
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  res.status(200).type(type);
  if (type === "application/pdf") {
    res.setHeader("Content-Disposition", "attachment");
    res.setHeader("Content-Security-Policy", "sandbox");
  }
  await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>), res).catch((error: unknown) => {
    logger.warn("Receipt stream from Cloudinary ended early", error);
    res.destroy();
  });
}

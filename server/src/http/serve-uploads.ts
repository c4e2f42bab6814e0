// GET /uploads/*: files stored by POST /api/uploads on local disk. Images were re-encoded on upload;
// a PDF is never shown inside the store's origin: it is downloaded (attachment) and, should a
// browser render it anyway, sandboxed (no scripts, no same-origin access). nosniff (set for every
// response by security-headers.ts) stops browsers from guessing any other type from the content.
//
// Save-Data: a browser whose user asked to save data sends `Save-Data: on`; a product picture stored
// in several widths is then answered with a smaller one (about half) under the same address, so
// every page (whatever its srcset picked) costs less. `Vary: Save-Data` keeps caches apart.
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { localRenditionPath, saveDataWidth } from "../../../common/images.ts";
import { receiptLinkValid } from "../modules/payments/receipt-links.ts";

const RENDITION = /^(\/product-images\/[A-Za-z0-9_-]+)\.(\d+)w\.webp$/;

/**
 * Receipts (modules/payments/receipt-links.ts) only with a valid signed link, never kept by a cache;
 * every other upload (product pictures, avatars) public and cached for maxAgeMs.
 */
export function serveUploads(uploadDir: string, maxAgeMs: number, receiptKey: () => Promise<Buffer>): RequestHandler {
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
    if (req.path.startsWith("/receipts/")) {
      const key = await receiptKey().catch(() => null);
      if (!key || !receiptLinkValid(key, `/uploads${req.path}`, req.query.expires, req.query.signature)) {
        res.setHeader("Cache-Control", "private, no-store");
        res.status(403).type("text/plain").send("This receipt link has expired or is not yours. Open the order again to see it.");
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

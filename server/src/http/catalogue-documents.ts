// Documents made from the whole catalogue (sitemaps, the Meta and Google feeds, decision 029), sent
// with validators so crawlers and feed fetchers that ask again get a 304 instead of the whole file.
// Each document is built at most once per catalogue version (cache/catalogue-memo.ts: any committed
// write to what shoppers see, a sale included, and a drop going live turn the version over), so a
// piece that sells is "out of stock" in the next answer, on every instance.
//
// ETag: a hash of the bytes (weak, as compression may re-encode them). Last-Modified: when this
// instance first answered these exact bytes; a data-derived time would miss a deleted piece, and a
// client that sends only If-Modified-Since must not be told "unchanged" then.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, Response } from "express";
import { setPublicCaching } from "../cache/response-cache.ts";

export interface CatalogueDocument {
  body: Buffer;
  etag: string;
  lastModified: Date;
  /** The body gzipped, made by the first request that accepts it and kept with the document: a
   *  5,000-piece feed is megabytes, and compressing it again for every fetch cost more than building it. */
  gzipped?: Promise<Buffer>;
}

const gzip = promisify(zlib.gzip);
/** compression's default threshold: smaller answers go as they are. */
const GZIP_FROM_BYTES = 1024;

export interface DocumentClock {
  /** The document for these bytes, dated when its path first had them (kept per path). */
  document(path: string, text: string): CatalogueDocument;
}

export function documentClock(now: () => Date = () => new Date()): DocumentClock {
  const seen = new Map<string, { etag: string; since: Date }>();
  return {
    document(path, text) {
      const body = Buffer.from(text, "utf8");
      const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      let known = seen.get(path);
      if (known?.etag !== etag) {
        // HTTP dates have whole seconds: a later change in the same second must still read as newer.
        const since = new Date(Math.floor(now().getTime() / 1000) * 1000);
        known = { etag, since: known && since <= known.since ? new Date(known.since.getTime() + 1000) : since };
        seen.set(path, known);
      }
      return { body, etag, lastModified: known.since };
    },
  };
}

/** Sends the document, or 304 when the request's validators match it. Cached by browsers, CDNs and
 *  crawlers on the catalogue's public policy: revalidated every time (a cheap 304), kept briefly by
 *  CDNs only, so what they serve is never older than the catalogue's own freshness bound. */
export async function sendDocument(req: Request, res: Response, doc: CatalogueDocument, type: string): Promise<void> {
  setPublicCaching((name, value) => res.setHeader(name, value));
  res.setHeader("ETag", doc.etag);
  res.setHeader("Last-Modified", doc.lastModified.toUTCString());
  res.vary("Accept-Encoding");
  res.type(type);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (doc.body.length >= GZIP_FROM_BYTES && req.acceptsEncodings("gzip", "identity") === "gzip") {
    doc.gzipped ??= gzip(doc.body);
    // Content-Encoding set here: the compression middleware leaves the answer alone.
    res.setHeader("Content-Encoding", "gzip");
    res.send(await doc.gzipped);
    return;
  }
  res.send(doc.body);
}

// Finished answers kept as bytes and sent as they are: the identity body plus each compressed
// variant a client asked for, compressed once on first demand (decision 018), with the headers that
// describe them. Used by the HTTP cache of GraphQL answers and by the cache of rendered pages; both
// send before or past `compression`, which leaves an answer alone once Content-Encoding is set.
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Request, Response } from "express";
import Negotiator from "negotiator";
import { PUBLIC_CACHE_CONTROL, setPublicCaching } from "./response-cache.ts";

/** The same choice as the `compression` middleware makes for every other answer. */
const ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
/** compression's default threshold: smaller answers go uncompressed. */
const THRESHOLD_BYTES = 1024;
export type Encoding = "br" | "gzip" | "deflate" | "identity";

export interface StoredBytes {
  /** Sent with every answer (Content-Type, Cache-Control, ETag, Vary, …). */
  headers: [string, string][];
  variants: Partial<Record<Encoding, Buffer>>;
}

function compress(identity: Buffer, encoding: Encoding): Buffer {
  switch (encoding) {
    case "br":
      // compression's quality 4 costs as much per answer; stored once, a little more is worth it.
      return zlib.brotliCompressSync(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      });
    case "gzip":
      return zlib.gzipSync(identity);
    case "deflate":
      return zlib.deflateSync(identity);
    default:
      return identity;
  }
}

function encodingFor(req: Request, identity: Buffer): Encoding {
  if (identity.length < THRESHOLD_BYTES || !req.headers["accept-encoding"]) return "identity";
  const chosen = new Negotiator(req).encoding(ENCODINGS, { preferred: PREFERRED }) as Encoding | undefined;
  return chosen ?? "identity";
}

/** A weak ETag of the bytes, in the form Express gives its own answers (the `etag` package's). */
export function weakEtag(body: Buffer): string {
  return `W/"${body.length.toString(16)}-${createHash("sha1").update(body).digest("base64").slice(0, 27)}"`;
}

/** New bytes for a kept answer (its stock joined in): the ETag follows them, and the compressed
 *  variants go, to be made again on demand. */
export function replaceBody(stored: StoredBytes, text: string): void {
  const identity = Buffer.from(text, "utf8");
  const etag = weakEtag(identity);
  stored.variants = { identity };
  stored.headers = stored.headers.map(([name, value]) => [name, name === "etag" ? etag : value]);
}

/** Adds Accept-Encoding to a kept Vary header (the bytes differ by it). */
export function varyOnEncoding(headers: [string, string][]): void {
  const vary = headers.find(([name]) => name === "vary");
  if (!vary) headers.push(["vary", "Accept-Encoding"]);
  else if (!/\baccept-encoding\b/i.test(vary[1])) vary[1] = `${vary[1]}, Accept-Encoding`;
}

/**
 * Sends the stored answer: 304 when the request's If-None-Match matches (Express's own req.fresh),
 * otherwise the variant the request accepts. grew() is called when a new variant was compressed
 * (a size-bounded cache counts it).
 */
export function sendStored(req: Request, res: Response, stored: StoredBytes, status: number, end: (body?: Buffer) => void, grew?: () => void): void {
  for (const [name, value] of stored.headers) res.setHeader(name, value);
  if (res.getHeader("cache-control") === PUBLIC_CACHE_CONTROL) setPublicCaching((name, value) => res.setHeader(name, value));
  // req.fresh reads the status already set: a kept 404 is never answered 304.
  res.statusCode = status;
  if (status < 300 && req.fresh) {
    res.statusCode = 304;
    end();
    return;
  }
  const identity = stored.variants.identity!;
  const encoding = encodingFor(req, identity);
  let body = stored.variants[encoding];
  if (!body) {
    body = compress(identity, encoding);
    stored.variants[encoding] = body;
    grew?.();
  }
  res.statusCode = status;
  if (encoding !== "identity") res.setHeader("content-encoding", encoding);
  res.setHeader("content-length", body.length);
  end(body);
}

export const storedSize = (stored: StoredBytes) =>
  Object.values(stored.variants).reduce((sum, buffer) => sum + (buffer?.length ?? 0), 0) +
  stored.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);

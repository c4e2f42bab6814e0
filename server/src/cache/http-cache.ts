// The HTTP-level cache of public catalogue answers to `GET /graphql?…&extensions={persistedQuery}`
// (docs/decisions/018-http-answer-cache.md): the finished response bytes (identity and each
// compressed variant asked for), with the headers that describe them, keyed by the normalised URL
// and the catalogue version. A hit answers before Apollo, GraphQL and compression run.
//
// Only answers Apollo itself marked public are stored: the capture step keeps a 200 whose
// Cache-Control is the public policy (response-cache.ts decides it from every selected field) and
// that sets no cookie. A request carrying a session cookie never reads or fills this cache: it goes
// through Apollo exactly as before (its session is validated and refreshed there).
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import type { CatalogueVersion } from "./catalogue-version.ts";
import { PUBLIC_CACHE_CONTROL } from "./response-cache.ts";

/** The same choice as the `compression` middleware makes for every other answer. */
const ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];
/** compression's default threshold: smaller answers go uncompressed. */
const THRESHOLD_BYTES = 1024;
type Encoding = "br" | "gzip" | "deflate" | "identity";

/** Headers kept with the bytes (everything else a response carries is per request: request id,
 *  security headers, Connection). */
const KEPT_HEADERS = ["content-type", "cache-control", "cdn-cache-control", "etag", "vary"] as const;
/** The URL parameters of a query by id; any other makes the request bypass this cache. */
const PARAMETERS = new Set(["operationName", "variables", "extensions"]);

interface Entry {
  operationName: string | null;
  headers: [string, string][];
  etag: string;
  variants: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

export interface HttpCacheOptions {
  version: CatalogueVersion;
  maxBytes: number;
  /** The session cookie's name: a request carrying it bypasses this cache. */
  sessionCookie: string;
  /** Told for every lookup (metrics); hits also get their operation name and time taken. */
  onLookup?(hit: boolean): void;
  onHit?(operationName: string | null, seconds: number): void;
}

export interface HttpCache {
  /** Mounted at /graphql before `compression`: answers hits. */
  serve: RequestHandler;
  /** Mounted at /graphql after `compression`, before Apollo: stores a public answer on its way out. */
  capture: RequestHandler;
  /** Whether this request's answer, if public, is stored here (a GET by id without a session). */
  stores(req: Request): boolean;
  stats(): { entries: number; bytes: number; maxBytes: number };
}

interface Lookup {
  key: string;
  version: number;
  operationName: string | null;
}

/** JSON with object keys sorted at every level: `{"b":1,"a":2}` and `{"a":2,"b":1}` are one key. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

function parseJson(text: string | null): { ok: true; value: unknown } | { ok: false } {
  if (text === null) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function hasCookie(req: Request, name: string): boolean {
  const header = req.headers.cookie;
  if (!header) return false;
  return header.split(";").some((part) => part.trim().split("=")[0] === name);
}

/** Apollo's CSRF prevention lets a GET through only with one of these headers (or a non-simple
 *  content type): without one, Apollo answers (and refuses) as before. */
function hasPreflightHeader(req: Request): boolean {
  return Boolean(req.headers["apollo-require-preflight"] || req.headers["x-apollo-operation-name"]);
}

/** The cache key of a GET query by persisted-document id, or null when this cache must not be used. */
function lookupKey(req: Request, options: HttpCacheOptions): Omit<Lookup, "version"> | null {
  if (req.method !== "GET" || !hasPreflightHeader(req) || hasCookie(req, options.sessionCookie)) return null;
  const query = req.originalUrl.indexOf("?");
  if (query === -1) return null;
  const params = new URLSearchParams(req.originalUrl.slice(query + 1));
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!PARAMETERS.has(name) || seen.has(name)) return null;
    seen.add(name);
  }
  const extensions = parseJson(params.get("extensions"));
  const variables = parseJson(params.get("variables"));
  if (!extensions.ok || !variables.ok) return null;
  const persisted = (extensions.value as { persistedQuery?: { sha256Hash?: unknown } } | null)?.persistedQuery;
  if (typeof persisted?.sha256Hash !== "string") return null;
  const operationName = params.get("operationName");
  return {
    // Accept decides the answer's Content-Type (application/json or application/graphql-response+json).
    key: canonicalJson([req.headers.accept ?? "", operationName, extensions.value, variables.value]),
    operationName,
  };
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

function encodingFor(req: Request, entry: Entry): Encoding {
  const identity = entry.variants.identity!;
  if (identity.length < THRESHOLD_BYTES || !req.headers["accept-encoding"]) return "identity";
  const chosen = new Negotiator(req).encoding(ENCODINGS, { preferred: PREFERRED }) as Encoding | undefined;
  return chosen ?? "identity";
}

const sizeOf = (entry: Entry) =>
  entry.bytes + Object.values(entry.variants).reduce((sum, buffer) => sum + (buffer?.length ?? 0), 0);

export function httpAnswerCache(options: HttpCacheOptions): HttpCache {
  const cache = new LRUCache<string, Entry>({ maxSize: options.maxBytes, sizeCalculation: (entry) => Math.max(1, sizeOf(entry)) });
  // A change makes every older answer unreachable (the version is in the key); clearing frees them now.
  options.version.onChange(() => cache.clear());
  const lookups = new WeakMap<Request, Lookup>();

  /** The variant this request accepts, compressed now if no one asked for it before. */
  function variant(key: string, entry: Entry, encoding: Encoding): Buffer {
    let bytes = entry.variants[encoding];
    if (!bytes) {
      bytes = compress(entry.variants.identity!, encoding);
      entry.variants[encoding] = bytes;
      // Set again so the LRU counts the new variant's size (and evicts others if it must).
      if (cache.peek(key) === entry) cache.set(key, entry);
    }
    return bytes;
  }

  function send(req: Request, res: Response, key: string, entry: Entry, end: (body?: Buffer) => void): void {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    // req.fresh is Express's own If-None-Match check (the one res.send makes for a miss).
    if (req.fresh) {
      res.statusCode = 304;
      end();
      return;
    }
    const encoding = encodingFor(req, entry);
    const body = variant(key, entry, encoding);
    res.statusCode = 200;
    if (encoding !== "identity") res.setHeader("content-encoding", encoding);
    res.setHeader("content-length", body.length);
    end(body);
  }

  const serve: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    const found = lookupKey(req, options);
    const version = options.version.current();
    // Not hearing changes: nothing may be served from or stored in the cache.
    if (!found || version === null) return next();
    const key = `${version}\u0000${found.key}`;
    const entry = cache.get(key);
    options.onLookup?.(entry !== undefined);
    if (!entry) {
      lookups.set(req, { ...found, key, version });
      return next();
    }
    send(req, res, key, entry, (body) => res.end(body));
    options.onHit?.(entry.operationName, Number(process.hrtime.bigint() - started) / 1e9);
  };

  const capture: RequestHandler = (req, res, next) => {
    const lookup = lookups.get(req);
    if (!lookup) return next();
    const end = res.end;
    const write = res.write;
    let streamed = false;
    // A streamed answer (incremental delivery) is not kept.
    res.write = function (this: Response, ...args: Parameters<Response["write"]>) {
      streamed = true;
      return write.apply(this, args);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      res.end = end;
      res.write = write;
      const body =
        typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.isBuffer(chunk) ? chunk : null;
      const etag = res.getHeader("etag");
      const storable =
        !streamed &&
        body !== null &&
        typeof etag === "string" &&
        res.statusCode === 200 &&
        // Apollo's verdict (response-cache.ts): every selected field public, no errors, no cookie set.
        res.getHeader("cache-control") === PUBLIC_CACHE_CONTROL &&
        !res.getHeader("set-cookie") &&
        !res.getHeader("content-encoding") &&
        // Computed from data older than a change heard meanwhile: not kept.
        options.version.current() === lookup.version;
      if (!storable) return (end as (...args: unknown[]) => Response).call(this, chunk, encoding, callback);
      const headers: [string, string][] = [];
      for (const name of KEPT_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
      }
      const vary = headers.find(([name]) => name === "vary");
      if (!vary) headers.push(["vary", "Accept-Encoding"]);
      else if (!/\baccept-encoding\b/i.test(vary[1])) vary[1] = `${vary[1]}, Accept-Encoding`;
      const entry: Entry = {
        operationName: lookup.operationName,
        headers,
        etag,
        variants: { identity: body },
        bytes: lookup.key.length * 2 + headers.reduce((sum, [n, v]) => sum + n.length + v.length, 0) + 64,
      };
      cache.set(lookup.key, entry);
      // The miss answers with the very bytes a hit will send; compression sees them encoded already.
      send(req, res, lookup.key, entry, (bytes) => (end as (body?: Buffer) => Response).call(res, bytes));
      return res;
    } as Response["end"];
    next();
  };

  return {
    serve,
    capture,
    stores: (req) => lookups.has(req),
    stats: () => ({ entries: cache.size, bytes: cache.calculatedSize, maxBytes: options.maxBytes }),
  };
}

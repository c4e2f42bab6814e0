// The HTTP-level cache of public catalogue answers to `GET /graphql?…&extensions={persistedQuery}`
// (docs/decisions/018-http-answer-cache.md): the finished response bytes (identity and each
// compressed variant asked for), with the headers that describe them, keyed by the normalised URL
// and the catalogue version. A hit answers before Apollo, GraphQL and compression run.
// Sales do not empty it (decision 026): a kept answer gets the newest stock and "on hold" of its
// products joined in from the stock board (volatile-json.ts), and concurrent misses of one answer
// wait for the first one's result instead of all computing it (single flight).
//
// Only answers Apollo itself marked public are stored: the capture step keeps a 200 whose
// Cache-Control is the public policy (response-cache.ts decides it from every selected field) and
// that sets no cookie. A request carrying a session cookie never reads or fills this cache: it goes
// through Apollo exactly as before (its session is validated and refreshed there).
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import type { CatalogueVersion } from "./catalogue-version.ts";
import { PUBLIC_CACHE_CONTROL } from "./response-cache.ts";
import { replaceBody, sendStored, storedSize, varyOnEncoding, type StoredBytes } from "./stored-bytes.ts";
import { cutVolatile, joinVolatile, type JoinedJson } from "./volatile-json.ts";

/** Headers kept with the bytes (everything else a response carries is per request: request id,
 *  security headers, Connection). */
const KEPT_HEADERS = ["content-type", "cache-control", "cdn-cache-control", "etag", "vary"] as const;
/** The URL parameters of a query by id; any other makes the request bypass this cache. */
const PARAMETERS = new Set(["operationName", "variables", "extensions"]);

interface Entry extends StoredBytes {
  operationName: string | null;
  /** Key and bookkeeping, beside the bytes. */
  bytes: number;
  /** The answer cut at its products' stock and "on hold"; null: it cannot be joined, so it is kept
   *  only until the next stock change (stockGeneration). */
  joined: JoinedJson | null;
  /** The stock board's generation the answer was computed at, when any stock change drops it. */
  stockGeneration: number | null;
}

export interface HttpCacheOptions {
  version: CatalogueVersion;
  maxBytes: number;
  /** The session cookie's name: a request carrying it bypasses this cache. */
  sessionCookie: string;
  /** Whether the request's answer depends on every product's stock (cache-policy.ts). */
  stockOrdered(req: Request): boolean;
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
  stockGeneration: number;
  operationName: string | null;
  /** Hands the outcome to the requests waiting for this one (single flight). */
  settle(entry: Entry | null): void;
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

export function hasCookie(req: Request, name: string): boolean {
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
function lookupKey(req: Request, options: HttpCacheOptions): Pick<Lookup, "key" | "operationName"> | null {
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

export function httpAnswerCache(options: HttpCacheOptions): HttpCache {
  const board = options.version.stock;
  const cache = new LRUCache<string, Entry>({ maxSize: options.maxBytes, sizeCalculation: (entry) => Math.max(1, entry.bytes + storedSize(entry)) });
  // A change makes every older answer unreachable (the version is in the key); clearing frees them now.
  options.version.onChange(() => cache.clear());
  const lookups = new WeakMap<Request, Lookup>();
  /** Misses being computed, by key: a request for the same answer waits for it. */
  const inflight = new Map<string, Promise<Entry | null>>();

  /** The entry as it may be served now: null when a stock change has dropped it; the board's newest
   *  stock and "on hold" joined in otherwise. */
  function current(key: string, entry: Entry): Entry | null {
    if (entry.stockGeneration !== null) {
      if (entry.stockGeneration === board.generation()) return entry;
      cache.delete(key);
      return null;
    }
    if (entry.joined && joinVolatile(entry.joined, board)) {
      replaceBody(entry, entry.joined.text);
      if (cache.peek(key) === entry) cache.set(key, entry);
    }
    return entry;
  }

  function send(req: Request, res: Response, key: string, entry: Entry, end: (body?: Buffer) => void): void {
    sendStored(req, res, entry, 200, end, () => {
      // Set again so the LRU counts the new variant's size (and evicts others if it must).
      if (cache.peek(key) === entry) cache.set(key, entry);
    });
  }

  const serve: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    const found = lookupKey(req, options);
    const version = options.version.current();
    // Not hearing changes: nothing may be served from or stored in the cache.
    if (!found || version === null) return next();
    const key = `${version}\u0000${found.key}`;
    const kept = cache.get(key);
    const entry = kept && current(key, kept);
    const hit = (answer: Entry) => {
      send(req, res, key, answer, (body) => res.end(body));
      options.onHit?.(answer.operationName, Number(process.hrtime.bigint() - started) / 1e9);
    };
    if (entry) {
      options.onLookup?.(true);
      return hit(entry);
    }
    const waiting = inflight.get(key);
    if (waiting) {
      // The same answer is being computed: its result serves this request too (or, if it cannot be
      // kept, this request computes its own).
      void waiting.then((answer) => {
        options.onLookup?.(answer !== null);
        if (answer) hit(answer);
        else next();
      });
      return;
    }
    options.onLookup?.(false);
    let settle!: (entry: Entry | null) => void;
    const outcome = new Promise<Entry | null>((resolve) => (settle = resolve));
    inflight.set(key, outcome);
    const done = (answer: Entry | null) => {
      if (inflight.get(key) === outcome) inflight.delete(key);
      settle(answer);
    };
    // Answered without reaching capture (an error, a closed connection): the waiters compute their own.
    res.once("close", () => done(null));
    lookups.set(req, { ...found, key, version, stockGeneration: board.generation(), settle: done });
    next();
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
      if (!storable) {
        lookup.settle(null);
        return (end as (...args: unknown[]) => Response).call(this, chunk, encoding, callback);
      }
      const headers: [string, string][] = [];
      for (const name of KEPT_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
      }
      varyOnEncoding(headers);
      const stockOrdered = options.stockOrdered(req);
      const joined = stockOrdered ? null : cutVolatile(body.toString("utf8"));
      const entry: Entry = {
        operationName: lookup.operationName,
        headers,
        variants: { identity: body },
        bytes: lookup.key.length * 2 + 64 + (joined ? joined.parts.reduce((sum, part) => sum + part.length * 2, 0) : 0),
        joined,
        stockGeneration: joined ? null : lookup.stockGeneration,
      };
      cache.set(lookup.key, entry);
      // Values that landed while this answer was computed are joined in before anyone gets it.
      const served = current(lookup.key, entry) ?? entry;
      lookup.settle(served === entry ? entry : null);
      // The miss answers with the very bytes a hit will send; compression sees them encoded already.
      send(req, res, lookup.key, served, (bytes) => (end as (body?: Buffer) => Response).call(res, bytes));
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

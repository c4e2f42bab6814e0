// The shared response cache for anonymous catalogue reads (docs/decisions/016-response-cache.md):
// an operation is PUBLIC only when every field its document selects is listed in
// graphql/cache-policy.ts (decided once per document), Apollo's response-cache plugin stores
// PUBLIC answers in a size-bounded LRU keyed by the normalised document, the variables and the
// catalogue version, and the HTTP headers tell browsers and CDNs the same thing.
import type { ApolloServerPlugin, BaseContext, GraphQLRequestContext } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled } from "@apollo/server/plugin/disabled";
import responseCachePlugin from "@apollo/server-plugin-response-cache";
import type { KeyValueCache, KeyValueCacheSetOptions } from "@apollo/utils.keyvaluecache";
import { LRUCache } from "lru-cache";
import { print, type DocumentNode } from "graphql";
import { createHash } from "node:crypto";
import { isMarkedNotCacheable, isStockOrdered, markStockOrdered, onStockWrite, selectsOnlyPublicFields, stockDependence, stockOrderedChoice } from "../graphql/cache-policy.ts";
import type { CatalogueVersion } from "./catalogue-version.ts";
import type { Context } from "../graphql/context.ts";
import { markOwnWrite } from "../auth/cookies.ts";
import type { StockBoard, StockMark, StockRow } from "./stock-board.ts";
import { cutVolatile, joinVolatile, type JoinedJson } from "./volatile-json.ts";
import type { StockChoice } from "./catalogue-memo.ts";

/** How long the server keeps an answer if nothing changes (changes evict it at once). */
const SERVER_TTL_SECONDS = 300;
/** Shared caches (the deploy kit's nginx, a CDN) cannot hear our invalidations: they keep an answer
 *  for 1 s, then revalidate by ETag. With this server's own bound of 1 s (the NOTIFY), a piece that
 *  sold stops being offered everywhere within 2 s (decision 028); the cache still answers every
 *  request but about one a second per answer, which is what absorbs a listing's read load. */
export const SHARED_MAX_AGE_SECONDS = 1;

/** Browsers revalidate every time (a cheap 304 by ETag): a shopper who reloads after a sale or a
 *  price change sees it at once. No stale-while-revalidate anywhere: it would let a cache offer a
 *  sold piece for its whole window. The CDN header (RFC 9213) says the same to CDNs that prefer it. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, must-revalidate`;
export const CDN_CACHE_CONTROL = `public, max-age=${SHARED_MAX_AGE_SECONDS}, must-revalidate`;

/**
 * The public policy on an answer about to be sent. nginx counts a cache entry's life in whole
 * seconds: told s-maxage=1, it keeps an answer stored early in a second until the end of the next
 * one, almost 2 s, and a sold piece could stay offered through it for 2 s plus the instance's own
 * delay (seen: 2,056 ms). X-Accel-Expires, which nginx reads first and does not pass on, says the
 * end of the current second instead: kept at most 1 s, revalidated by ETag after. Set when sent,
 * not kept with a stored answer.
 */
export function setPublicCaching(set: (name: string, value: string) => void): void {
  set("cache-control", PUBLIC_CACHE_CONTROL);
  set("x-accel-expires", `@${Math.floor(Date.now() / 1000)}`);
}
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Mutations that never touch what the catalogue shows; every other mutation drops this instance's
 *  cached answers at once (the database's NOTIFY does it everywhere, a moment later). */
const CATALOGUE_NEUTRAL_MUTATIONS = new Set([
  "addToCart",
  "updateCartItem",
  "removeCartItem",
  "logIn",
  "logOut",
  "signUp",
  "updateProfile",
  "updateAvatar",
  "retryEmail",
  "setUserRole",
  "openClaim",
  "requestDropReminder",
  // A shopper's saved list is theirs alone.
  "saveItem",
  "unsaveItem",
  "mergeSavedItems",
]);

/** Mutations that change only orders and stock, which the database reports product by product
 *  ("stock:<id>", decision 026): instead of dropping this instance's cached answers, the answer
 *  waits until this instance has heard its own notifications and read the new values, so the
 *  shopper's next read sees them. */
const STOCK_MUTATIONS = new Set(["placeOrder", "submitPaymentReceipt", "markOrderPaid", "rejectPayment", "updateOrderStatus", "deleteOrder"]);

function rootFields(ctx: GraphQLRequestContext<BaseContext>): string[] | null {
  const fields = ctx.operation?.selectionSet.selections ?? [];
  return fields.every((field) => field.kind === "Field") ? fields.map((field) => (field.kind === "Field" ? field.name.value : "")) : null;
}

/** What a mutation does to this instance's cached answers. */
function catalogueEffect(ctx: GraphQLRequestContext<BaseContext>): "none" | "stock" | "structural" {
  const fields = rootFields(ctx);
  if (!fields) return "structural";
  const touching = fields.filter((name) => !CATALOGUE_NEUTRAL_MUTATIONS.has(name));
  if (!touching.length) return "none";
  return touching.every((name) => STOCK_MUTATIONS.has(name)) ? "stock" : "structural";
}

/** The request a stock-ordered mark goes on: the HTTP request when there is one (the HTTP and page
 *  caches read it there), else the GraphQL context. */
const markTarget = (context: BaseContext): object => (context as { req?: object }).req ?? context;

/** Whether this request's answer depends on stock beyond its products' values (cache-policy.ts). */
export const answerIsStockOrdered = (req: object): boolean => isStockOrdered(req);
/** The stock-ordered choice this request's answers were made from, if they can be kept while it
 *  stays the same (null: dropped on every stock change, or not stock-ordered). */
export const answerChoice = (req: object): StockChoice | null => stockOrderedChoice(req);

export interface ResponseCacheOptions {
  version: CatalogueVersion;
  maxBytes: number;
  /** Told for every query whether it was answered from the cache (metrics). */
  onLookup?(hit: boolean, operationName: string | null): void;
  /** Whether the request's answer is kept by the HTTP cache in front (http-cache.ts): it is then
   *  neither looked up nor stored here (that cache has just missed it, and keeps it). This cache
   *  holds what that one cannot: answers to POSTed documents and to requests with a session. */
  storedInFront?(context: BaseContext): boolean;
  /** The stock-ordered choice (the home page's blocks) the request's answer is made from, the same
   *  for every call with one context (graphql/home.ts homeChoiceOf). */
  stockChoice?(context: BaseContext): Promise<StockChoice>;
}

/** The operation's policy: PUBLIC for SERVER_TTL_SECONDS when the document selects public fields
 *  only and no resolver marked the request not cacheable; otherwise uncacheable. Apollo's own
 *  cache-control plugin (hints from a hook on every field) is disabled in its favour. */
function documentPolicy(): ApolloServerPlugin<BaseContext> {
  return {
    async requestDidStart() {
      return {
        async executionDidStart(ctx) {
          if (ctx.document && selectsOnlyPublicFields(ctx.schema, ctx.document)) {
            ctx.overallCachePolicy.replace({ maxAge: SERVER_TTL_SECONDS, scope: "PUBLIC" });
          }
          return {
            async executionDidEnd() {
              if (isMarkedNotCacheable(ctx.contextValue)) ctx.overallCachePolicy.restrict({ maxAge: 0 });
            },
          };
        },
      };
    },
  };
}

/** Cache-Control for every GraphQL answer: public (CDN-cacheable, ETag-revalidated) or private, no-store. */
function httpCacheHeaders(): ApolloServerPlugin<BaseContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, overallCachePolicy, contextValue }) {
          const policy = overallCachePolicy.policyIfCacheable();
          const setsCookie = (contextValue as { res?: { getHeader(name: string): unknown } }).res?.getHeader("set-cookie");
          const cacheable =
            policy?.scope === "PUBLIC" && response.body.kind === "single" && !response.body.singleResult.errors && !setsCookie;
          const headers = response.http.headers;
          if (cacheable) {
            setPublicCaching((name, value) => headers.set(name, value));
            headers.set("cdn-cache-control", CDN_CACHE_CONTROL);
          } else headers.set("cache-control", PRIVATE_CACHE_CONTROL);
        },
      };
    },
  };
}

// The same operation written with other spacing, line breaks or comments shares one entry: the key
// uses the printed document, computed once per parsed document (Apollo keeps parsed documents in its
// own cache, so the same text gives the same object).
const printed = new WeakMap<DocumentNode, string>();
function normalisedDocument(document: DocumentNode | undefined, source: string | undefined): string {
  if (!document) return source ?? "";
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

/**
 * Apollo's kept answers (JSON text) with the stock board's newest stock and "on hold" joined in
 * when read (volatile-json.ts). An answer that cannot be joined is keyed by the board's generation
 * (extraCacheKeyData below), so it is never stored here unjoined: should one arrive, it is not kept.
 */
/** Marks the cache key of an answer keyed by the stock board's generation. */
const STOCK_KEYED = "stock-keyed:";

class JoinedAnswers implements KeyValueCache<string> {
  private readonly entries: LRUCache<string, JoinedJson>;
  constructor(
    maxBytes: number,
    private readonly board: StockBoard,
  ) {
    // The text, and the same again in pieces when it has values to join.
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (cut) => Math.max(1, cut.text.length * (cut.slots.length ? 4 : 2)) });
  }
  async get(key: string): Promise<string | undefined> {
    const cut = this.entries.get(key);
    if (!cut) return undefined;
    joinVolatile(cut, this.board);
    return cut.text;
  }
  async set(key: string, value: string, options?: KeyValueCacheSetOptions): Promise<void> {
    // A stock-keyed answer is kept as it is (any stock change makes its key unreachable); any other
    // must be joinable, or it would show its stock as it was forever.
    const cut = cutVolatile(value) ?? (key.includes(STOCK_KEYED) ? { text: value, ids: new Set<string>(), checked: 0, parts: [value], slots: [], values: [] } : null);
    if (cut) this.entries.set(key, cut, options?.ttl ? { ttl: options.ttl * 1000 } : {});
  }
  async delete(key: string): Promise<boolean> {
    return this.entries.delete(key);
  }
  clear(): void {
    this.entries.clear();
  }
}

/** What a stock mutation's request wrote: the products it named, and whether the stock board holds
 *  their values since its commit, so its sender's next read shows them. */
interface OwnWrite {
  products: readonly string[];
  seen: Promise<boolean>;
}

/** The products' values after the commit that changed them on the stock board: those the write
 *  knew as of its commit land at once (StockBoard.wrote, unless the board forgot everything since
 *  `mark`, taken before the write was sent), the rest are read again now (started by the resolver,
 *  so the read runs beside the rest of the answer); naming none, nothing changed. */
function ownWriteSeen(version: CatalogueVersion, products: readonly string[], known: readonly StockRow[] | undefined, mark: StockMark): Promise<boolean> {
  if (!products.length) return Promise.resolve(true);
  if (version.current() === null) return Promise.resolve(false);
  const landed = new Set(known ? known.map((row) => row.id) : []);
  const unread = [...(known ? version.stock.wrote(known, mark) : []), ...products.filter((id) => !landed.has(id))];
  if (!unread.length) return Promise.resolve(true);
  for (const id of unread) version.stock.changed(id);
  return version.stock.settled(2000);
}

export function responseCachePlugins(options: ResponseCacheOptions): ApolloServerPlugin<BaseContext>[] {
  const board = options.version.stock;
  const cache = new JoinedAnswers(options.maxBytes, board);
  // A changed catalogue makes older entries unreachable; clearing also frees their memory now.
  options.version.onChange(() => cache.clear());
  const versionAtStart = new WeakMap<object, number | null>();
  /** Operations whose answer is keyed by the stock board's generation (kept unjoined, if at all). */
  const keyedByGeneration = new WeakSet<object>();
  const versionOf = (ctx: GraphQLRequestContext<BaseContext>) => versionAtStart.get(ctx.request) ?? null;
  const usesThisCache = (ctx: GraphQLRequestContext<BaseContext>) => versionOf(ctx) !== null && !options.storedInFront?.(ctx.contextValue);

  const lookups: ApolloServerPlugin<BaseContext> = {
    async requestDidStart() {
      // Unset unless a resolver recorded its stock write (graphql/cache-policy.ts).
      let written: OwnWrite | undefined;
      return {
        async executionDidStart(ctx) {
          if (ctx.operation?.operation !== "mutation" || catalogueEffect(ctx) !== "stock") return;
          // Before any resolver sends its write (StockBoard.mark).
          const mark = board.mark();
          onStockWrite(ctx.contextValue, (products, known) => {
            const seen = ownWriteSeen(options.version, products, known, mark);
            // Several stock mutations in one operation: the answer waits for all of them.
            written = written
              ? { products: [...written.products, ...products], seen: Promise.all([written.seen, seen]).then((all) => all.every(Boolean)) }
              : { products, seen };
          });
        },
        async willSendResponse(ctx) {
          if (ctx.operation?.operation === "mutation") {
            const effect = catalogueEffect(ctx);
            if (effect === "structural") options.version.changedHere();
            // Not heard in time (the database is busy or gone): dropping everything here is as fresh.
            else if (effect === "stock") {
              // A mutation that said nothing waits for its own marker through the notifications.
              const heard = await (written ? written.seen : options.version.sync().catch(() => false));
              if (!heard) options.version.changedHere();
              // Its sender's next page is rendered fresh, not sent from a page kept while stale.
              const { res, config } = ctx.contextValue as Partial<Pick<Context, "res" | "config">>;
              if (res && config && written?.products.length !== 0) markOwnWrite(res, config.env === "production");
            }
          }
          if (ctx.operation?.operation !== "query" || !usesThisCache(ctx)) return;
          options.onLookup?.(ctx.metrics.responseCacheHit === true, ctx.operationName ?? null);
        },
      };
    },
  };

  return [
    ApolloServerPluginCacheControlDisabled(),
    documentPolicy(),
    responseCachePlugin({
      cache,
      // Never per-session entries: only PUBLIC answers are stored, shared by everyone.
      sessionId: async () => null,
      // Read before execution starts, so an answer computed from data older than a change is
      // stored under the old version, where nobody looks any more.
      // An answer made from the home page's stock-ordered choice is also keyed by that choice: kept
      // while a sale leaves the choice the same (new values joined in), unreachable once one
      // changes it. One that cannot be joined is keyed by the stock board's generation read before
      // execution: every stock change makes it unreachable, as a structural change does the others.
      // The request is marked here, not in an execution hook, because a hit runs none and the HTTP
      // and page caches read the mark either way.
      extraCacheKeyData: async (ctx) => {
        const version = options.version.current();
        versionAtStart.set(ctx.request, version);
        const dependence = ctx.document ? stockDependence(ctx.document) : "joined";
        if (dependence === "joined") return version;
        // A choice that cannot be made (the database is busy or gone) fails the resolvers too,
        // which answer the error as usual; here the answer is just keyed by the generation.
        const choice = dependence === "choice" && options.stockChoice ? await options.stockChoice(ctx.contextValue).catch(() => null) : null;
        markStockOrdered(markTarget(ctx.contextValue), choice);
        if (choice?.key != null) return `${version}:choice:${choice.key}`;
        keyedByGeneration.add(ctx.request);
        return `${version}:${board.generation()}`;
      },
      shouldReadFromCache: async (ctx) => usesThisCache(ctx),
      shouldWriteToCache: async (ctx) => usesThisCache(ctx) && options.version.current() !== null,
      generateCacheKey: (ctx, key) =>
        (keyedByGeneration.has(ctx.request) ? STOCK_KEYED : "") +
        createHash("sha256")
          .update(JSON.stringify({ ...(key as object), source: normalisedDocument(ctx.document, ctx.source) }))
          .digest("hex"),
    }),
    lookups,
    httpCacheHeaders(),
  ];
}

// The shared response cache for anonymous catalogue reads (docs/decisions/016-response-cache.md):
// an operation is PUBLIC only when every field its document selects is listed in
// graphql/cache-policy.ts (decided once per document), Apollo's response-cache plugin stores
// PUBLIC answers in a size-bounded LRU keyed by the normalised document, the variables and the
// catalogue version, and the HTTP headers tell browsers and CDNs the same thing.
import type { ApolloServerPlugin, BaseContext, GraphQLRequestContext } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled } from "@apollo/server/plugin/disabled";
import responseCachePlugin from "@apollo/server-plugin-response-cache";
import { InMemoryLRUCache } from "@apollo/utils.keyvaluecache";
import { print, type DocumentNode } from "graphql";
import { createHash } from "node:crypto";
import { isMarkedNotCacheable, selectsOnlyPublicFields } from "../graphql/cache-policy.ts";
import type { CatalogueVersion } from "./catalogue-version.ts";

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
  "setUserAdmin",
  "requestDropReminder",
]);

function touchesCatalogue(ctx: GraphQLRequestContext<BaseContext>): boolean {
  const fields = ctx.operation?.selectionSet.selections ?? [];
  return fields.some((field) => field.kind !== "Field" || !CATALOGUE_NEUTRAL_MUTATIONS.has(field.name.value));
}

export interface ResponseCacheOptions {
  version: CatalogueVersion;
  maxBytes: number;
  /** Told for every query whether it was answered from the cache (metrics). */
  onLookup?(hit: boolean, operationName: string | null): void;
  /** Whether the request's answer is kept by the HTTP cache in front (http-cache.ts): it is then
   *  neither looked up nor stored here (that cache has just missed it, and keeps it). This cache
   *  holds what that one cannot: answers to POSTed documents and to requests with a session. */
  storedInFront?(context: BaseContext): boolean;
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
          response.http.headers.set("cache-control", cacheable ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
          if (cacheable) response.http.headers.set("cdn-cache-control", CDN_CACHE_CONTROL);
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

export function responseCachePlugins(options: ResponseCacheOptions): ApolloServerPlugin<BaseContext>[] {
  const cache = new InMemoryLRUCache<string>({ maxSize: options.maxBytes });
  // A changed catalogue makes older entries unreachable; clearing also frees their memory now.
  options.version.onChange(() => cache.clear());
  const versionAtStart = new WeakMap<object, number | null>();
  const versionOf = (ctx: GraphQLRequestContext<BaseContext>) => versionAtStart.get(ctx.request) ?? null;
  const usesThisCache = (ctx: GraphQLRequestContext<BaseContext>) => versionOf(ctx) !== null && !options.storedInFront?.(ctx.contextValue);

  const lookups: ApolloServerPlugin<BaseContext> = {
    async requestDidStart() {
      return {
        async willSendResponse(ctx) {
          if (ctx.operation?.operation === "mutation" && touchesCatalogue(ctx)) options.version.changedHere();
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
      extraCacheKeyData: async (ctx) => {
        const version = options.version.current();
        versionAtStart.set(ctx.request, version);
        return version;
      },
      shouldReadFromCache: async (ctx) => usesThisCache(ctx),
      shouldWriteToCache: async (ctx) => usesThisCache(ctx) && options.version.current() !== null,
      generateCacheKey: (ctx, key) =>
        createHash("sha256")
          .update(JSON.stringify({ ...(key as object), source: normalisedDocument(ctx.document, ctx.source) }))
          .digest("hex"),
    }),
    lookups,
    httpCacheHeaders(),
  ];
}

// The store's service worker (built by client/sw/vite.config.ts with Workbox; registered by
// client/src/pwa/register-service-worker.ts). Shoppers on congested mobile data get:
// - the app shell precached: index.html and the JavaScript/CSS of every shopper page (never the
//   admin's), so a repeat visit starts with no network at all;
// - pages and catalogue answers (GET /graphql by persisted id: public by construction, see
//   common/public-queries.ts) from the network when it answers within a few seconds, else from
//   what was cached, so offline the shopper still sees what they browsed;
// - product pictures cache-first, bounded by count and age.
// Never cached: anything but GET (so no POST /graphql, no upload, no order), answers marked
// `private` or `no-store` (personal), /admin, /api/, the API explorer, metrics and health.
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import type { WorkboxPlugin } from "workbox-core/types.js";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** The fallback page for an address never opened online: the client renders any route from it. */
const SHELL = "/index.html";

/** Where the service worker never answers: the browser goes to the network as if it were absent. */
const NEVER = /^\/(admin|api|graphql\/?$|metrics|health|uploads\/(receipts|profiles))(\/|$)/;

/** Stores only public, successful answers: a personal answer (Cache-Control private/no-store) never lands in a cache. */
const publicOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    return /\b(private|no-store)\b/i.test(cacheControl) ? null : response;
  },
};

// A first visit's page is controlled as soon as the worker is active, so what it fetches next is
// cached. A new version waits until every tab of the old one is closed (no skipWaiting): an open
// page keeps the chunks it started with.
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: network first (fresh prices, a new deploy), the cached copy after 3 s or offline.
const pages = new NetworkFirst({ cacheName: "pages", networkTimeoutSeconds: 3, plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 24 * 3600 })] });
const keptPage = (url: URL) => sameOrigin(url) && !NEVER.test(url.pathname);
registerRoute(({ request, url }) => request.mode === "navigate" && keptPage(url), pages);

// The page the worker was installed from was served before it was in control, so it was never
// kept: a repeat visit offline to that very listing said "Could not reach the shop" (issue 26).
// Once active, the open pages are fetched again through the same strategy (same rules: public
// answers only, same expiry), so they open offline too.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) =>
      Promise.all(
        windows
          .map((window) => new URL(window.url))
          .filter(keptPage)
          .map((url) => pages.handle({ event, request: new Request(url.href, { credentials: "same-origin" }) }).catch(() => undefined)),
      ),
    ),
  );
});

// Catalogue answers by persisted id (GET /graphql?…extensions=…): the same for every visitor.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === "/graphql" && url.searchParams.has("extensions"),
  new NetworkFirst({ cacheName: "catalogue", networkTimeoutSeconds: 3, plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })] }),
);

// Product pictures: an address names one file forever (new uploads get new names).
registerRoute(
  ({ request, url }) =>
    request.destination === "image" &&
    ((sameOrigin(url) && /^\/(uploads\/product-images|images\/demo)\//.test(url.pathname)) || url.origin === "https://res.cloudinary.com"),
  new CacheFirst({
    cacheName: "product-images",
    plugins: [
      // Cloudinary's answers are opaque (no CORS for <img>): status 0 is all the worker can see.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Offline on a page never opened online: the app shell, which renders the route (and says what
// needs a connection).
setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") return (await matchPrecache(SHELL)) ?? Response.error();
  return Response.error();
});

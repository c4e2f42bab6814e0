/// <reference types="vite/client" />
// Registers the service worker (client/sw/sw.ts) once the page has loaded, so installing it (and
// precaching the shop's files) never competes with the first page for a slow connection. This
// module runs before the load event (module scripts run before it). Built clients only: the
// development server has no /sw.js. Kept tiny: every shopper page pays for it (DESIGN §7 budget).
if (import.meta.env.PROD) {
  addEventListener("load", () => {
    navigator.serviceWorker?.register("/sw.js").catch(() => undefined);
  });
}

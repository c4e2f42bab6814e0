/// <reference types="vite/client" />
// Registers the service worker (client/sw/sw.ts) once the page has loaded, so installing it (and
// precaching the shop's files) never competes with the first page for a slow connection. A
// client-rendered page runs this before its load event; a server-rendered one starts its scripts
// after it (decision 022), so then it registers at once. Built clients only: the development
// server has no /sw.js. Kept tiny: every shopper page pays for it (DESIGN §7 budget).
if (import.meta.env.PROD) {
  const register = () => void navigator.serviceWorker?.register("/sw.js").catch(() => undefined);
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}

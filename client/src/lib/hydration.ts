// Server rendering and the browser's first render must produce the same markup (hydration), so
// anything only the browser knows (the signed-in viewer, the guest cart, the address bar, network
// status) is shown from the render after hydration instead.
import { useSyncExternalStore } from "react";
import { storeSettings } from "./store-settings.ts";

const noSubscription = () => () => undefined;

/** False on the server and during hydration; true after it, and from the start of a page the
 *  browser renders by itself. */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The shop's origin for absolute links: the shop's public address until hydration, then the
 *  address the shopper actually opened (the same in production). */
export function useSiteOrigin(): string {
  return useMounted() ? window.location.origin : storeSettings.publicUrl;
}

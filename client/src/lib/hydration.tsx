// Server rendering and the browser's first render must produce the same markup (hydration), so
// anything only the browser knows (the signed-in viewer, the guest cart, the address bar, network
// status) is shown from the render after hydration instead.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";
import { storeSettings } from "./store-settings.ts";

const MountedContext = createContext(false);

/**
 * Says to everything below it whether the page runs in the browser yet. `hydrating`: the page
 * came rendered from the server, so the first render must match that (false) and the switch to
 * true follows hydration, as a transition: React renders it in short slices instead of one long
 * task on a slow phone (useSyncExternalStore, used before, forced it into a synchronous re-render).
 */
export function MountedProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(!hydrating);
  useEffect(() => {
    if (!mounted) startTransition(() => setMounted(true));
  }, [mounted]);
  return <MountedContext.Provider value={mounted}>{children}</MountedContext.Provider>;
}

/** False on the server and during hydration; true after it, and from the start of a page the
 *  browser renders by itself. */
export function useMounted(): boolean {
  return useContext(MountedContext);
}

/** The shop's origin for absolute links: the shop's public address until hydration, then the
 *  address the shopper actually opened (the same in production). */
export function useSiteOrigin(): string {
  return useMounted() ? window.location.origin : storeSettings.publicUrl;
}

// The product ids this browser shows as saved (hearts, the header count): the account's list when
// signed in, else the guest list in browser storage. One copy outside React for every card on a
// page; the code that fills and changes it (GraphQL, storage) is its own chunk (saved-sync.ts),
// loaded after the first render, so home and listings pay only for this file and the heart.
import { useEffect, useSyncExternalStore } from "react";
import type { ApolloClient } from "@apollo/client";

/** null until known (the page counts 0 saved and shows every heart unpressed meanwhile). */
let ids: ReadonlySet<string> | null = null;
const listeners = new Set<() => void>();

export const loadSavedSync = () => import("./saved-sync.ts");

export function setSavedIds(next: Iterable<string>): void {
  ids = new Set(next);
  listeners.forEach((listener) => listener());
}

export const savedIds = () => ids;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Read with useSyncExternalStore and a server snapshot of "nothing known": server-rendered HTML and
 * the hydrating render agree (unpressed, no count); the real state follows right after.
 */
export function useSaved<T>(select: (ids: ReadonlySet<string> | null) => T, serverValue: T): T {
  return useSyncExternalStore(subscribe, () => select(ids), () => serverValue);
}

/**
 * The header: loads the list of whoever is browsing (a user id, null for a guest; undefined while
 * that is not known yet), again whenever that changes, and counts it.
 */
export function useSavedCount(apollo: ApolloClient, userId: string | null | undefined): number {
  useEffect(() => {
    // Not fetched (offline): the hearts stay unpressed until the next page view.
    if (userId !== undefined) loadSavedSync().then((sync) => sync.syncSaved(apollo, userId), () => undefined);
  }, [apollo, userId]);
  return useSaved((ids) => ids?.size ?? 0, 0);
}

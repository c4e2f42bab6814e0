// The product ids this browser shows as saved (hearts, the header count): the account's list when
// signed in, else the guest list in browser storage. One copy outside React for every card on a
// page; saved-sync.ts fills and changes it, saved-store.ts loads that code when it is needed.
import { useSyncExternalStore } from "react";

/** null until known (the page counts 0 saved and shows every heart unpressed meanwhile). */
let ids: ReadonlySet<string> | null = null;
const listeners = new Set<() => void>();

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

// Results computed from the catalogue (a listing's size counts and total), kept until the catalogue
// changes: the uncached path of a listing then costs its page query only, not a scan of every match.
import type { CatalogueVersion } from "./catalogue-version.ts";

export interface CatalogueMemo {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export function catalogueMemo(version: CatalogueVersion, maxEntries = 2000): CatalogueMemo {
  const entries = new Map<string, Promise<unknown>>();
  version.onChange(() => entries.clear());
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const current = version.current();
      // Not hearing changes: nothing may be kept.
      if (current === null) return compute();
      // Keyed by the version read before computing, as the response cache: a result computed from
      // data older than a change is filed under a version nobody asks for any more.
      const versioned = `${current}\u0000${key}`;
      let found = entries.get(versioned) as Promise<T> | undefined;
      if (!found) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        found = compute();
        entries.set(versioned, found);
        found.catch(() => entries.delete(versioned));
      }
      return found;
    },
  };
}

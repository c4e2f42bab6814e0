// Server-rendered pages kept for the next visitor (decision 019). Rendered HTML is the same for
// every visitor (anonymous render, public data only), so it is cached like the catalogue answers
// it is made of (decision 016): keyed by the address and the catalogue version read before the
// render, dropped on every catalogue change, bounded in bytes, and kept at most five minutes (the
// footer's year and the holds that lapse with time change without a catalogue write).
import { InMemoryLRUCache } from "@apollo/utils.keyvaluecache";
import type { CatalogueVersion } from "./catalogue-version.ts";

export interface CachedPage {
  status: number;
  html: string;
}

export interface PageCache {
  /** The catalogue version to render under (null: changes cannot be heard, so do not cache). */
  version(): number | null;
  get(version: number, url: string): Promise<CachedPage | undefined>;
  set(version: number, url: string, page: CachedPage): Promise<void>;
}

const TTL_SECONDS = 300;

export function pageCache(catalogue: CatalogueVersion, maxBytes: number): PageCache {
  const cache = new InMemoryLRUCache<CachedPage>({ maxSize: maxBytes, sizeCalculation: (page) => page.html.length * 2 + 64 });
  catalogue.onChange(() => cache.clear());
  const key = (version: number, url: string) => `${version}\n${url}`;
  return {
    version: () => catalogue.current(),
    get: (version, url) => cache.get(key(version, url)),
    async set(version, url, page) {
      // Rendered under a version that has since changed: nobody would look it up again.
      if (catalogue.current() !== version) return;
      await cache.set(key(version, url), page, { ttl: TTL_SECONDS });
    },
  };
}

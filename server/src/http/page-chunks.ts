// The JavaScript a server-rendered page needs, read from the client build's Vite manifest
// (dist/client/.vite/manifest.json). The page's loader (client/src/start.ts) fetches the first
// bundle's modules side by side; without the page's own chunk in that list, the browser learns of
// it only once the first bundle has arrived and run, one more round trip on a slow phone
// connection before the page answers taps.
import type { ClientManifest as Manifest } from "./client-manifest.ts";
import { logger } from "../logger.ts";

/** Files of a manifest entry and of every chunk it imports, each once, the entry first. */
function filesOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => filesOf(manifest, imported, seen))];
}

/** Addresses of the page module's chunks the first bundle (index.html's entry) does not already bring. */
export type PageChunks = (pageModule: string | null) => string[];

export function pageChunksOf(manifest: Manifest | null): PageChunks {
  if (!manifest) return () => [];
  const firstBundle = new Set(filesOf(manifest, "index.html"));
  const known = new Map<string, string[]>();
  return (pageModule) => {
    if (!pageModule) return [];
    let files = known.get(pageModule);
    if (!files) {
      if (!manifest[pageModule]) logger.warn(`The client build has no page module ${pageModule}: its chunk is not preloaded`);
      files = filesOf(manifest, pageModule)
        .filter((file) => !firstBundle.has(file))
        .map((file) => `/${file}`);
      known.set(pageModule, files);
    }
    return files;
  };
}

// The client build's Vite manifest (dist/client/.vite/manifest.json): which files the build made
// of each source module, and what each chunk imports.
import fs from "node:fs";
import path from "node:path";

export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ClientManifest = Record<string, ManifestChunk>;

/** The manifest, or null while there is no client build. */
export function readClientManifest(clientDir: string): ClientManifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as ClientManifest;
  } catch {
    return null;
  }
}

// Builds the service worker (client/sw/sw.ts) into dist/client/sw.js, after the client build, then
// lets Workbox write the precache list into it (injectManifest): index.html, the icons and manifest,
// and every JavaScript/CSS file of the shopper pages, read from the client build's Vite manifest.
// Files only the admin pages load are left out: shoppers never download admin code, not even in
// the background.
import fs from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { injectManifest } from "workbox-build";

const root = path.dirname(new URL(import.meta.url).pathname);
const clientDir = path.resolve(root, "../../dist/client");

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The built files (JS and CSS) that only admin pages use. */
export function adminOnlyFiles(manifest: Record<string, ManifestChunk>): string[] {
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  };
  const files = (keys: Set<string>) => new Set([...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]));
  const admin = new Set<string>();
  const shopper = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry && !chunk.isDynamicEntry) continue;
    closure(key, /\/features\/admin\//.test(key) ? admin : shopper);
  }
  const shopperFiles = files(shopper);
  return [...files(admin)].filter((file) => !shopperFiles.has(file));
}

function precacheShopperFiles(): Plugin {
  return {
    name: "thrift:workbox-inject-manifest",
    apply: "build",
    async closeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
      const adminOnly = adminOnlyFiles(manifest);
      if (!adminOnly.length) throw new Error("No admin-only chunk found in the client build: the precache filter needs updating");
      const swFile = path.join(clientDir, "sw.js");
      const { count, size, warnings } = await injectManifest({
        swSrc: swFile,
        swDest: swFile,
        globDirectory: clientDir,
        globPatterns: ["index.html", "favicon.svg", "manifest.webmanifest", "icons/*.png", "assets/*.{js,css}"],
        globIgnores: adminOnly,
        // Hashed file names change with their content: no revision query needed.
        dontCacheBustURLsMatching: /^assets\//,
      });
      for (const warning of warnings) this.warn(warning);
      console.log(`Service worker: ${count} files precached (${(size / 1024).toFixed(0)} KB), ${adminOnly.length} admin-only files left out`);
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  logLevel: "warn",
  // Workbox's modules log in development builds only.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  plugins: [precacheShopperFiles()],
  build: {
    outDir: clientDir,
    emptyOutDir: false,
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: path.join(root, "sw.ts"),
      output: { format: "iife", entryFileNames: "sw.js" },
    },
  },
});

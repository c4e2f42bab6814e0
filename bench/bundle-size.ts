// `npm run bench:bundle`: the JavaScript each shopper route loads before it can render, gzipped as
// the server sends it. Reads the Vite manifest of a built client: CLIENT_DIR, else dist/client;
// when neither has a manifest it builds into a temporary folder (never into dist/client, which a
// running server may be using). Budget (DESIGN.md §7): ≤ 150 KB gzip per shopper route, and no
// admin code on shopper routes.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PROJECT_ROOT } from "../server/src/config.ts";
import { isServerRenderedPath } from "../server/src/http/page-html.ts";

const BUDGET_BYTES = 150 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Shopper routes and the page module each one lazily loads (none: the page is in the entry). */
const ROUTES: [route: string, page: string | null][] = [
  ["/", "src/features/home/HomePage.tsx"],
  ["/products", "src/features/catalog/ProductListPage.tsx"],
  ["/products/:slug", "src/features/catalog/ProductPage.tsx"],
  ["/cart", "src/features/cart/CartPage.tsx"],
  ["/checkout", "src/features/checkout/CheckoutPage.tsx"],
  ["/thank-you", "src/features/orders/ThankYouPage.tsx"],
  ["/track-order", "src/features/orders/TrackOrderPage.tsx"],
  ["/auth", "src/features/auth/AuthPage.tsx"],
  ["/account", "src/features/account/AccountPage.tsx"],
  ["/saved", "src/features/saved/SavedPage.tsx"],
  ["/about (static pages)", "src/features/pages/StaticPages.tsx"],
  ["/size-chart", "src/features/pages/SizeChartPage.tsx"],
  ["404", "src/features/pages/NotFoundPage.tsx"],
];
const START_KEY = "src/start.ts";
/** An address of the route, for asking whether the server renders it. */
const samplePath = (route: string) => (route === "404" ? "/no-such-page" : route.split(" ")[0]!.replace(":slug", "a-product"));
const ADMIN_PAGES = ["src/features/admin/AdminDashboardPage.tsx", "src/features/admin/AdminSectionsPage.tsx"];

function clientDir(): string {
  for (const dir of [process.env.CLIENT_DIR, path.join(PROJECT_ROOT, "dist/client")]) {
    if (dir && fs.existsSync(path.join(dir, ".vite/manifest.json"))) return dir;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thrift-bundle-"));
  console.log(`No built client with a manifest found; building into ${dir} …`);
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, "node_modules/vite/bin/vite.js"), "build", "--config", "client/vite.config.ts", "--logLevel", "warn", "--outDir", dir, "--emptyOutDir"], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
  return dir;
}

const dir = clientDir();
const manifest = JSON.parse(fs.readFileSync(path.join(dir, ".vite/manifest.json"), "utf8")) as Manifest;
const entryKey = Object.keys(manifest).find((key) => key === "index.html");
if (!entryKey) throw new Error("The manifest has no entry chunk");

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(fs.readFileSync(path.join(dir, file))).length); // zlib default level, as compression() sends it
  return gzipCache.get(file)!;
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const adminFiles = new Set(ADMIN_PAGES.filter((key) => manifest[key]).flatMap((key) => [...closure(key)].map((k) => manifest[k]!.file)));
const entryFiles = [...closure(entryKey)].map((key) => manifest[key]!.file);
let failed = false;

console.log(`Client: ${dir}\n`);
console.log("| Route | JS files | JS gzip | CSS gzip | Budget |");
console.log("|---|---:|---:|---:|---|");
for (const [route, page] of ROUTES) {
  if (page && !manifest[page]) {
    console.log(`| ${route} | – | page module not in the build | – | – |`);
    continue;
  }
  // A server-rendered page also loads the small loader that starts the rest (decision 022).
  const loader = isServerRenderedPath(samplePath(route)) && manifest[START_KEY] ? closure(START_KEY) : [];
  const keys = new Set([...closure(entryKey), ...(page ? closure(page) : []), ...loader]);
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js"));
  const css = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
  const js = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const cssBytes = css.reduce((sum, file) => sum + gzipSize(file), 0);
  // Shared chunks (e.g. the shell) are not admin code even if admin pages also use them.
  const leaked = files.filter((file) => adminFiles.has(file) && !entryFiles.includes(file) && !(page && [...closure(page)].some((k) => manifest[k]!.file === file)));
  const admin = page ? [...closure(page)].filter((key) => ADMIN_PAGES.includes(key)) : [];
  const ok = js <= BUDGET_BYTES && !admin.length && !leaked.length;
  if (!ok) failed = true;
  console.log(`| ${route} | ${files.length} | ${kb(js)} | ${kb(cssBytes)} | ${ok ? "ok" : admin.length || leaked.length ? "ADMIN CODE LOADED" : "OVER 150 KB"} |`);
}

console.log("\nLargest files loaded by every route (the entry and its imports):");
for (const file of entryFiles.filter((f) => f.endsWith(".js")).sort((a, b) => gzipSize(b) - gzipSize(a))) {
  console.log(`  ${kb(gzipSize(file)).padStart(9)}  ${file}`);
}
console.log(`\nBudget: ≤ ${kb(BUDGET_BYTES)} of JavaScript (gzip) per shopper route → ${failed ? "OVER BUDGET" : "within budget"}`);
if (failed) process.exitCode = 1;

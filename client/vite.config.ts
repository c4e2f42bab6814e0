import { defaultClientConditions, defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import fs from "node:fs";
import path from "node:path";
import { PUBLIC_QUERY_FIELDS } from "../common/public-queries.ts";

const root = path.dirname(new URL(import.meta.url).pathname);
const GENERATED_DOCUMENTS = path.resolve(root, "src/gql/graphql.ts");

/**
 * Replaces each `graphql(`...`)` call with the document codegen generated for it, inlined into the
 * calling module. The codegen `graphql()` function looks documents up in a map of EVERY document in
 * the app, and the generated module is one unit for the bundler, so without this the admin,
 * checkout and account queries would all ship in the first bundle (the client preset's babel/swc
 * plugin solves the same problem; neither is installed here). Inlined, each document travels with
 * the page chunk that uses it. A call whose document is not found is left as it is (still correct).
 */
/** Only public catalogue queries keep their id (and go by GET, cacheable): anything personal stays
 *  out of URLs, and other ids would be dead weight in the bundle. */
function travelsById(json: string): boolean {
  const document = JSON.parse(json) as { definitions: { kind: string; operation?: string; selectionSet: { selections: { name?: { value: string } }[] } }[] };
  const operation = document.definitions.find((d) => d.kind === "OperationDefinition");
  return (
    operation?.operation === "query" &&
    operation.selectionSet.selections.every((s) => s.name !== undefined && PUBLIC_QUERY_FIELDS.includes(s.name.value))
  );
}

export function graphqlDocumentImports(): Plugin {
  let cache: { mtimeMs: number; documents: Map<string, string> } | null = null;
  function generatedDocuments(): Map<string, string> {
    const mtimeMs = fs.statSync(GENERATED_DOCUMENTS).mtimeMs;
    if (cache?.mtimeMs !== mtimeMs) {
      const text = fs.readFileSync(GENERATED_DOCUMENTS, "utf8");
      const documents = new Map<string, string>();
      for (const m of text.matchAll(/^export const (\w+) = (\{(?:"__meta__":\{"hash":"[^"]*"\},)?"kind":"Document".*\}) as unknown as /gm)) {
        documents.set(m[1]!, travelsById(m[2]!) ? m[2]! : m[2]!.replace(/^\{"__meta__":\{"hash":"[^"]*"\},/, "{"));
      }
      cache = { mtimeMs, documents };
    }
    return cache.documents;
  }
  return {
    name: "thrift:graphql-document-imports",
    enforce: "pre",
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes("/src/gql/") || !code.includes("graphql(")) return null;
      const documents = generatedDocuments();
      let changed = false;
      const out = code.replace(/\bgraphql\(\s*(?:\/\*[^*]*\*\/\s*)?`([^`]*)`\s*\)/g, (call, text: string) => {
        const match = /\b(query|mutation|subscription|fragment)\s+(\w+)/.exec(text);
        if (!match) return call;
        // A fragment's document is only ever handed to getFragmentData, which ignores it at run time
        // (masking is in the types; Apollo's data masking is off): its syntax tree would be dead
        // weight in every component that owns a fragment. The operations that spread it carry its
        // fields. Code that needs a fragment at run time (cache.readFragment, useFragment) would have
        // to stop this: the empty document makes Apollo throw instead of reading nothing.
        if (match[1] === "fragment") {
          changed = true;
          return `({kind:"Document",definitions:[]})`;
        }
        const name = match[1] === "fragment" ? `${match[2]}FragmentDoc` : `${match[2]}Document`;
        const document = documents.get(name);
        if (!document) return call;
        changed = true;
        return `(${document})`;
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

const SOURCE = path.resolve(root, "src") + path.sep;
const COMMON = path.resolve(root, "../common") + path.sep;

/**
 * The pages every shopper may open while browsing, besides the first bundle (home and the layout).
 * Named one by one on purpose: which chunk a module lands in must follow from what the module is
 * (who uses it), never from the folder it sits in, so moving a file cannot move code into every
 * page's download. A page missing here stops the build instead of silently changing the split.
 */
const BROWSING_PAGES = [
  "features/catalog/ProductListPage.tsx",
  "features/catalog/ProductPage.tsx",
  "features/auth/AuthPage.tsx",
  "features/pages/StaticPages.tsx",
  "features/pages/SizeChartPage.tsx",
  "features/pages/NotFoundPage.tsx",
].map((page) => {
  const file = path.join(SOURCE, page);
  if (!fs.existsSync(file)) throw new Error(`client/vite.config.ts: browsing page ${page} not found (moved? update BROWSING_PAGES)`);
  return file;
});

type ModuleGraph = { getModuleInfo(id: string): { isEntry: boolean; importers: string[]; dynamicImporters: string[] } | null };

/**
 * How many separate loads need this module: the first bundle, and each module imported lazily (a
 * page, a dialog) that reaches it through static imports. Two or more: it is shared. Counted here
 * rather than left to the chunk group's minShareCount so that which libraries sit in the shared
 * chunk follows from who uses them, not from which of our modules happened to pull them in.
 */
const loadCounts = new Map<string, number>();
function loadsNeeding(id: string, graph: ModuleGraph): number {
  if (!loadCounts.has(id)) {
    const loads = new Set<string>();
    const seen = new Set<string>();
    const pending = [id];
    while (pending.length) {
      const current = pending.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      const info = graph.getModuleInfo(current);
      if (!info) continue;
      if (info.isEntry || info.dynamicImporters.length) loads.add(current);
      if (!info.isEntry) pending.push(...info.importers);
    }
    loadCounts.set(id, loads.size);
  }
  return loadCounts.get(id)!;
}

/**
 * Does the first bundle or a browsing page use this module (through any chain of static imports)?
 * Those modules form the "shop" chunk below. What only the order pages (cart, checkout, thank-you,
 * tracker, account) use — payment pieces, delivery fees, states — or only admin pages use is left
 * to Rolldown's own splitting, which puts a module shared by several pages into a chunk loaded by
 * just those pages: home and browsing never pay for it, and admin code never reaches a shopper.
 */
const browsingUse = new Map<string, boolean>();
function usedWhileBrowsing(id: string, graph: ModuleGraph): boolean {
  if (!browsingUse.has(id)) {
    // Walk up the static importers until the entry or a browsing page; a page reached only by a
    // dynamic import (any other route) ends the walk. Each walk is complete, so its answer is kept.
    const seen = new Set<string>();
    const pending = [id];
    let used = false;
    while (pending.length && !used) {
      const current = pending.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      const info = graph.getModuleInfo(current);
      if (!info) continue;
      used = info.isEntry || BROWSING_PAGES.includes(current);
      pending.push(...info.importers);
    }
    browsingUse.set(id, used);
  }
  return browsingUse.get(id)!;
}

/** Condition grades, measurements and the size chart: for the listing, product and size chart pages
 *  (and the admin) only, in one chunk; cards get the grade's name from the server. */
function isFitModule(id: string): boolean {
  return /\/common\/(condition|condition-scale|measurements|size-chart)\.ts$/.test(id) || id.endsWith("/features/catalog/ProductFit.tsx");
}

/** Structured data (schema.org JSON-LD): for home, the listing, product and static pages only, in
 *  one chunk, so the order pages and the account never download it. */
function isStructuredDataModule(id: string): boolean {
  return id.endsWith("/common/structured-data.ts") || id.endsWith("/ui/StructuredData.tsx");
}

/** The shop's product card with its heart and Add to Cart (home, the listing, the product page, the
 *  cart, saved items): in a chunk of their own, so checkout, the tracker and the account never
 *  download them. What Add to Cart does after a sign-in stays in the shell
 *  (features/cart/add-after-sign-in.ts). */
function isProductCardModule(id: string): boolean {
  return /\/src\/(features\/cart\/(useAddToCart\.ts|AddToCartButton\.tsx)|features\/catalog\/ProductCard\.tsx|features\/saved\/SaveButton\.tsx|ui\/(ProductCard|OnHoldBadge)\.tsx)$/.test(id);
}

/** Libraries (their stylesheets excepted, as for our own modules). */
function isLibraryModule(id: string): boolean {
  return id.includes("/node_modules/") && !id.endsWith(".css");
}

/** Our own modules (the app and common/), pages excluded: each page keeps its own chunk. Stylesheets
 *  too: the personal pages' stylesheet (personal-pages.css) must load with those pages, never with
 *  the shell whose stylesheet every server-rendered page carries inline. */
function isOwnNonPageModule(id: string): boolean {
  return (id.startsWith(SOURCE) || id.startsWith(COMMON)) && !/Page\.tsx$/.test(id) && !isFitModule(id) && !isStructuredDataModule(id) && !isProductCardModule(id) && !id.endsWith(".css");
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  root,
  plugins: [graphqlDocumentImports(), react()],
  resolve: {
    // rxjs (used by Apollo Client) otherwise resolves to its ES5 build, which is larger and pulls in
    // tslib's class helpers; the es2015 build is the same code in the syntax our target supports.
    conditions: ["es2015", ...defaultClientConditions],
    // react-router's package exports only its development build (remix-run/react-router#12532,
    // #14102): its dev warnings then ship and run in production. Its production build sits beside it.
    alias: mode === "production" ? [
      { find: /^react-router$/, replacement: path.resolve(root, "../node_modules/react-router/dist/production/index.mjs") },
      { find: /^react-router\/dom$/, replacement: path.resolve(root, "../node_modules/react-router/dist/production/dom-export.mjs") },
    ] : [],
  },
  // The server renderer (`vite build --ssr src/entry-server.tsx`, decision 019) is one
  // self-contained file with its libraries inside: it runs wherever it is built to (a CLIENT_DIR
  // outside the project, the benchmark's temp folder) without a node_modules beside it.
  ssr: { noExternal: true },
  build: isSsrBuild ? { outDir: path.resolve(root, "../dist/server"), emptyOutDir: true, copyPublicDir: false, target: "node20", sourcemap: false, reportCompressedSize: false } : {
    outDir: path.resolve(root, "../dist/client"),
    emptyOutDir: true,
    // Phones on Android Chrome and iOS Safari of the last few years: no syntax down-levelling.
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
    // bench/bundle-size.ts reads which files each route loads from the manifest.
    manifest: true,
    // Every browser the target allows supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // start.ts: the loader a server-rendered page runs first (decision 022), its own tiny chunk.
      input: { index: path.resolve(root, "index.html"), start: path.resolve(root, "src/start.ts") },
      output: {
        // Storefront modules and libraries that several loads share go into one chunk beside the
        // shell instead of a dozen tiny ones: gzip compresses one file better, and a deep page
        // (checkout, order tracking) fetches a few files instead of up to 18. Only what browsing
        // uses goes there (usedWhileBrowsing); order-page and admin code stays in the chunks of
        // those pages, and the product card in its own (checkout was 0.4 KB over the budget with
        // it in the shared chunk, 27 Nov 2026).
        codeSplitting: {
          groups: [
            {
              debugName: "shop",
              name: (id: string, graph: ModuleGraph) => (usedWhileBrowsing(id, graph) && loadsNeeding(id, graph) >= 2 ? "shop" : null),
              test: (id: string) => isOwnNonPageModule(id) || isLibraryModule(id),
            },
            { name: "fit", test: (id: string) => isFitModule(id), minShareCount: 2 },
            { name: "structured-data", test: (id: string) => isStructuredDataModule(id), minShareCount: 2 },
            // The shopper's phone and the delivery method names: checkout, the thank-you page, the
            // tracker and its lookup all need both; one file instead of two for each of them.
            { name: "order-contact", test: (id: string) => /\/common\/(phone|delivery-methods)\.ts$/.test(id), minShareCount: 2, includeDependenciesRecursively: false },
            // Only the card's own modules: with their dependencies (the default) the group would take
            // the viewer and Apollo's hooks with it, and every page would load it.
            { name: "product-card", test: (id: string) => isProductCardModule(id), minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: { "/graphql": "http://localhost:4000", "/images": "http://localhost:4000", "/uploads": "http://localhost:4000", "/api": "http://localhost:4000" } },
}));

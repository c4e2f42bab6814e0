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
 * Our own non-page modules outside the admin area (pages keep their own chunks). What only the order
 * pages use (payments, delivery fees, states) stays out too: home and browsing never pay for it.
 */
function isSharedStorefrontModule(id: string): boolean {
  if (!id.startsWith(SOURCE) && !id.startsWith(COMMON)) return false;
  if (/\/common\/(delivery|delivery-validation|states|payment-state)\.ts$/.test(id)) return false;
  // The cart hook serves only the cart and checkout pages; in "shop" every page would download it.
  if (id.endsWith("/features/cart/useCart.ts")) return false;
  return !/\/features\/(admin|payments|delivery)\//.test(id) && !/Page\.tsx$/.test(id);
}

export default defineConfig({
  root,
  plugins: [graphqlDocumentImports(), react()],
  resolve: {
    // rxjs (used by Apollo Client) otherwise resolves to its ES5 build, which is larger and pulls in
    // tslib's class helpers; the es2015 build is the same code in the syntax our target supports.
    conditions: ["es2015", ...defaultClientConditions],
  },
  build: {
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
      output: {
        // Storefront modules that several pages share go into one chunk with the shell instead of
        // a dozen tiny ones: gzip compresses one file better, and a deep page (checkout, order
        // tracking) fetches a few files instead of up to 18. Admin code stays in admin chunks.
        codeSplitting: {
          groups: [{ name: "shop", test: (id: string) => isSharedStorefrontModule(id), minShareCount: 2 }],
        },
      },
    },
  },
  server: { proxy: { "/graphql": "http://localhost:4000", "/images": "http://localhost:4000", "/uploads": "http://localhost:4000", "/api": "http://localhost:4000" } },
});

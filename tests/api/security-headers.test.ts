// Security headers on every kind of response: pages (shop, admin, product), GraphQL, uploaded files
// and the client's assets. The strict Content-Security-Policy is the one the store runs under (the
// browser journeys fail on any violation); the API explorer page has its own policy.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { pngImage, upload } from "./uploads-admin-files.ts";
import { SIGNED_IN_MARK_SCRIPT } from "../../common/signed-in.ts";

let t: TestStore;
let production: TestStore;
let uploadedUrl: string;
let assetPath: string;
beforeAll(async () => {
  [t, production] = await Promise.all([
    startTestStore({ seed: false }),
    startTestStore({ seed: false, env: { NODE_ENV: "production" } }),
  ]);
  await t.prisma.product.create({ data: { name: "Header Test Tee", slug: "header-test-tee", price: 4500, stock: 3 } });
  const admin = await t.admin();
  const stored = await upload(t.url, admin.cookie, "product", [{ name: "a.png", type: "image/png", data: pngImage(8, 8) }]);
  uploadedUrl = stored.body.files![0]!.url;
  const asset = fs.readdirSync(path.join(t.config.clientDir, "assets")).find((name) => name.endsWith(".js"));
  assetPath = `/assets/${asset}`;
});
afterAll(async () => {
  await Promise.all([t?.close(), production?.close()]);
});

/** "a b; c d e" → { a: ["b"], c: ["d", "e"] } */
function directives(policy: string | null): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const part of (policy ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map[name] = values;
  }
  return map;
}

const graphqlPost = (url: string) =>
  fetch(`${url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ __typename }" }) });

function expectCommonHeaders(res: Response, where: string) {
  const h = res.headers;
  expect({ where, frame: h.get("x-frame-options") }).toEqual({ where, frame: "DENY" });
  expect({ where, nosniff: h.get("x-content-type-options") }).toEqual({ where, nosniff: "nosniff" });
  expect({ where, referrer: h.get("referrer-policy") }).toEqual({ where, referrer: "strict-origin-when-cross-origin" });
  expect({ where, permissions: h.get("permissions-policy") }).toEqual({ where, permissions: expect.stringContaining("camera=()") });
  for (const feature of ["microphone=()", "geolocation=()"]) expect(h.get("permissions-policy")).toContain(feature);
  expect(h.get("x-powered-by")).toBeNull();
}

/** The CSP source of the client build's shell stylesheet, computed here from the file itself. */
function shellStylesheetSource(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(t.config.clientDir, ".vite/manifest.json"), "utf8"));
  const css = fs.readFileSync(path.join(t.config.clientDir, manifest["index.html"].css[0]));
  return `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
}

/** The CSP source of the signed-in mark, the page's one inline script, computed here from its text. */
const signedInMarkSource = `'sha256-${createHash("sha256").update(SIGNED_IN_MARK_SCRIPT).digest("base64")}'`;

function expectStrictPolicy(res: Response, where: string) {
  const csp = directives(res.headers.get("content-security-policy"));
  expect({ where, csp }).toEqual({
    where,
    csp: expect.objectContaining({
      "default-src": ["'self'"],
      // The one inline script: the signed-in mark (common/signed-in.ts), by its hash.
      "script-src": ["'self'", signedInMarkSource],
      "script-src-attr": ["'none'"],
      // The one inline style: the shell's stylesheet in server-rendered pages, by its hash.
      "style-src": ["'self'", shellStylesheetSource()],
      "object-src": ["'none'"],
      "frame-ancestors": ["'none'"],
      "connect-src": ["'self'"],
    }),
  });
  // Nothing in the store's own policy lets inline code or eval run.
  expect(JSON.stringify(csp)).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
}

describe("the inline stylesheet of server-rendered pages", () => {
  it("is the built stylesheet, allowed by exactly its hash; client-rendered pages link the file", async () => {
    const page = await fetch(`${t.url}/products/header-test-tee`);
    const html = await page.text();
    const inline = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(inline).toBeDefined();
    // What the browser checks: the element's text hashes to a source the policy names.
    const source = `'sha256-${createHash("sha256").update(inline!).digest("base64")}'`;
    expect(directives(page.headers.get("content-security-policy"))["style-src"]).toEqual(["'self'", source]);
    expect(source).toBe(shellStylesheetSource());
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html.match(/<style>/g)).toHaveLength(1);
    const cart = await (await fetch(`${t.url}/cart`)).text();
    expect(cart).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">/);
    expect(cart).not.toContain("<style>");
  });
});

describe("security headers", () => {
  it("are on the shop's pages, the admin, product pages, GraphQL, uploaded files and assets", async () => {
    const responses: [string, Response][] = [
      ["/", await fetch(`${t.url}/`)],
      ["/admin", await fetch(`${t.url}/admin`)],
      ["/products/header-test-tee", await fetch(`${t.url}/products/header-test-tee`)],
      ["/products/no-such-product (404)", await fetch(`${t.url}/products/no-such-product`)],
      ["POST /graphql", await graphqlPost(t.url)],
      [uploadedUrl, await fetch(`${t.url}${uploadedUrl}`)],
      [assetPath, await fetch(`${t.url}${assetPath}`)],
      ["/healthz", await fetch(`${t.url}/healthz`)],
      ["POST /api/uploads (refused)", await fetch(`${t.url}/api/uploads`, { method: "POST" })],
    ];
    for (const [where, res] of responses) {
      expect({ where, ok: res.status < 500 }).toEqual({ where, ok: true });
      expectCommonHeaders(res, where);
      expectStrictPolicy(res, where);
      // HSTS only in production: development and tests run on plain HTTP.
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
    // Pictures from the store and from Cloudinary (product rows keep Cloudinary URLs whatever the storage now is).
    expect(directives(responses[0]![1].headers.get("content-security-policy"))["img-src"]).toEqual(["'self'", "https://res.cloudinary.com"]);
  });

  it("the page's one inline script is the signed-in mark; the store settings are a JSON data block the client parses", async () => {
    const html = await (await fetch(`${t.url}/products/header-test-tee`)).text();
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([SIGNED_IN_MARK_SCRIPT]);
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => tag !== "<script>");
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\bsrc="|type="application\/(json|ld\+json)"/);
    expect(html).not.toMatch(/\son[a-z]+="/i); // no inline event handlers
    expect(html).not.toMatch(/\sstyle="/i); // no inline style attributes
    const block = /<script type="application\/json" id="store-settings">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toEqual(expect.objectContaining({ name: t.config.store.name, bankAccountNumber: t.config.store.bankAccountNumber }));
  });

  it("the API explorer page keeps every header and a policy of its own, still never framed", async () => {
    const explorer = await fetch(`${t.url}/graphql`, { headers: { accept: "text/html" } });
    expect(explorer.status).toBe(200);
    expectCommonHeaders(explorer, "GET /graphql");
    const csp = directives(explorer.headers.get("content-security-policy"));
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["script-src"]).toEqual(["'self'"]);
    // The API itself stays strict.
    expectStrictPolicy(await graphqlPost(t.url), "POST /graphql");
  });

  it("in production: HSTS and insecure requests upgraded", async () => {
    for (const [where, res] of [
      ["/", await fetch(`${production.url}/`)],
      ["/admin", await fetch(`${production.url}/admin`)],
      ["POST /graphql", await graphqlPost(production.url)],
    ] as const) {
      expectCommonHeaders(res, where);
      expectStrictPolicy(res, where);
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
      const csp = directives(res.headers.get("content-security-policy"));
      expect(csp["upgrade-insecure-requests"]).toEqual([]);
      expect(csp["img-src"]).toEqual(["'self'", "https://res.cloudinary.com"]);
    }
  });
});

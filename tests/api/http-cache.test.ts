// HTTP caching: the app's catalogue queries go by GET with their persisted-document id, carry
// public Cache-Control and an ETag (304 when unchanged); viewer answers are private, no-store;
// ad-hoc documents keep working by POST; CSRF prevention still guards GET.
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { loadTrustedDocuments } from "../../server/src/cache/trusted-documents.ts";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../../server/src/cache/response-cache.ts";
import { signedUp } from "../helpers/shopper.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

const documents = loadTrustedDocuments();
function idOf(operationName: string): string {
  for (const [id, text] of documents) if (new RegExp(`\\bquery ${operationName}\\b`).test(text)) return id;
  throw new Error(`No persisted document for ${operationName}: run npm run codegen`);
}

// fetch() adds "Cache-Control: no-cache" to a request with If-None-Match unless one is given (the
// Fetch standard's cache modes); a browser or CDN revalidating sends max-age=0.
const revalidate = (etag: string) => ({ "if-none-match": etag, "cache-control": "max-age=0" });

function byId(operationName: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) {
  const params = new URLSearchParams({
    operationName,
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: idOf(operationName) } }),
    ...(variables ? { variables: JSON.stringify(variables) } : {}),
  });
  return fetch(`${t.url}/graphql?${params}`, { headers: { "apollo-require-preflight": "1", ...headers } });
}

describe("queries by persisted-document id (GET)", () => {
  it("answers a catalogue listing with public Cache-Control and an ETag, and 304 when it has not changed", async () => {
    const variables = { filter: { category: "ladies" }, limit: 12, offset: 0, sort: "NEWEST" };
    const first = await byId("StorefrontProductList", variables);
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body.errors).toBeUndefined();
    expect(body.data.products.items.length).toBeGreaterThan(0);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    // Browsers revalidate each time (no stale answer after a sale); shared caches and CDNs keep an
    // answer 1 s and never serve it stale, so a sold piece is gone within 2 s (decision 028).
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=1, must-revalidate");
    expect(first.headers.get("cdn-cache-control")).toBe("public, max-age=1, must-revalidate");
    // nginx keeps it to the end of the second it was sent in, not to the end of the next one.
    const expiresAt = (res: Response) => Number(/^@(\d+)$/.exec(res.headers.get("x-accel-expires") ?? "")?.[1]);
    const sentAt = Math.floor(Date.now() / 1000);
    expect(expiresAt(first)).toBeGreaterThanOrEqual(sentAt - 1);
    expect(expiresAt(first)).toBeLessThanOrEqual(sentAt);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();

    // The kept answer again, a second later: its expiry is the second it is sent in, not the first's.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const again = await byId("StorefrontProductList", variables, revalidate(etag!));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(expiresAt(again)).toBeGreaterThan(expiresAt(first));

    // A change to the catalogue gives a new answer, so the old ETag no longer matches.
    const product = body.data.products.items[0];
    await t.prisma.product.update({ where: { id: product.id }, data: { name: `${product.name} (renamed)` } });
    await t.store.catalogue.sync();
    const changed = await byId("StorefrontProductList", variables, revalidate(etag!));
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("serves the home page and a product page by id, public", async () => {
    const home = await byId("StorefrontHome");
    expect(home.status).toBe(200);
    const { data } = await home.json();
    expect(data.featuredProducts.length).toBeGreaterThan(0);
    // Apollo Client's cache matches fragments by __typename: an answer by id must carry it, as the
    // client's own printed document would have asked for it.
    expect(data.featuredProducts[0].__typename).toBe("Product");
    expect(home.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    const product = await byId("StorefrontProductDetail", { slug: data.featuredProducts[0].slug ?? "no-such-slug" });
    expect(product.status).toBe(200);
    expect(product.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  });

  it("refuses a GET without the CSRF preflight header (a cross-site page cannot make one)", async () => {
    const params = new URLSearchParams({
      extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: idOf("StorefrontHome") } }),
    });
    const res = await fetch(`${t.url}/graphql?${params}`);
    expect(res.status).toBe(400);
  });

  it("answers an unknown id with PERSISTED_QUERY_NOT_FOUND and registers nothing sent with it", async () => {
    const params = new URLSearchParams({ extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: "0".repeat(20) } }) });
    const res = await fetch(`${t.url}/graphql?${params}`, { headers: { "apollo-require-preflight": "1" } });
    expect((await res.json()).errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
  });

  it("marks a viewer's answer by GET private, no-store", async () => {
    const shopper = await signedUp(t);
    const res = await byId("Viewer", undefined, { cookie: shopper.cookie! });
    expect((await res.json()).data.viewer.email).toMatch(/@example\.ng$/);
    expect(res.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
    expect(res.headers.get("x-accel-expires")).toBeNull();
  });

  it("refuses a mutation by GET", async () => {
    const params = new URLSearchParams({ query: "mutation { logOut }" });
    const res = await fetch(`${t.url}/graphql?${params}`, { headers: { "apollo-require-preflight": "1" } });
    expect(res.status).toBe(405);
  });
});

describe("ad-hoc documents by POST", () => {
  it("still work, public for catalogue reads and private for anything personal", async () => {
    const post = (query: string) =>
      fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) });
    const catalogue = await post(`{ categories { slug } storeSettings { name } }`);
    expect((await catalogue.json()).data.categories.length).toBeGreaterThan(0);
    expect(catalogue.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    const personal = await post(`{ viewer { email } }`);
    expect((await personal.json()).data.viewer).toBeNull();
    expect(personal.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
  });
});

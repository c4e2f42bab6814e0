// robots.txt and the sitemaps (issue 29, decision 029): what crawlers may read, every page a shopper
// can open with absolute addresses and data-derived lastmod, drops absent until they go live, and
// the validators that let a crawler ask again cheaply.
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { parseXml } from "../helpers/xml.ts";
import { PAGE_ROUTES } from "../../common/routes.ts";

const PUBLIC_URL = "https://shop.example.ng";
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ env: { PUBLIC_URL } });
});
afterAll(() => t?.close());

async function get(path: string, headers: Record<string, string> = {}) {
  await t.store.catalogue.sync();
  // A conditional fetch() also sends "Cache-Control: no-cache" unless told otherwise; crawlers revalidate.
  const res = await fetch(`${t.url}${path}`, { headers: { "cache-control": "max-age=0", ...headers } });
  return { res, text: res.status === 304 ? "" : await res.text() };
}

async function productLocs(): Promise<Map<string, string | undefined>> {
  const index = parseXml((await get("/sitemap.xml")).text, ["sitemap"]);
  const locs = new Map<string, string | undefined>();
  for (const child of index.sitemapindex.sitemap) {
    const path = new URL(child.loc).pathname;
    if (!path.startsWith("/sitemaps/products-")) continue;
    const urls = parseXml((await get(path)).text, ["url"]).urlset.url ?? [];
    for (const url of urls) locs.set(url.loc, url.lastmod);
  }
  return locs;
}

describe("robots.txt", () => {
  it("keeps crawlers out of personal pages, the API and private uploads, and names the sitemap", async () => {
    const { res, text } = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const disallowed = text.split("\n").filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice(10));
    for (const path of ["/admin", "/checkout", "/account", "/cart", "/auth", "/user-auth", "/saved", "/thank-you", "/track-order", "/graphql", "/api/", "/uploads/receipts/", "/uploads/profiles/"]) {
      expect(disallowed).toContain(path);
    }
    // The shop's browsing pages stay open.
    for (const path of ["/", "/products", "/about", "/contact"]) expect(disallowed).not.toContain(path);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toContain(`\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });
});

describe("the sitemap", () => {
  it("is an index of children holding the shop's pages and every product page, absolute on PUBLIC_URL", async () => {
    const { res, text } = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const index = parseXml(text, ["sitemap"]);
    expect(index.sitemapindex["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const children = index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(children).toEqual([`${PUBLIC_URL}/sitemaps/pages.xml`, `${PUBLIC_URL}/sitemaps/products-1.xml`]);

    const pages = parseXml((await get("/sitemaps/pages.xml")).text, ["url"]).urlset.url.map((u: { loc: string }) => u.loc);
    for (const path of ["/", "/products", "/products?category=ladies", "/products?category=ladies-tops", "/products?category=bales", ...["about", "contact", "privacy", "terms", "returns", "sizeChart"].map((p) => PAGE_ROUTES[p as "about"][0])]) {
      expect(pages).toContain(`${PUBLIC_URL}${path}`);
    }
    expect(pages.some((loc: string) => /\/(cart|checkout|account|admin)/.test(loc))).toBe(false);

    const locs = await productLocs();
    const products = await t.prisma.product.findMany({ select: { slug: true, updatedAt: true } });
    expect(products.length).toBeGreaterThan(5);
    for (const p of products) expect(locs.get(`${PUBLIC_URL}/products/${p.slug}`)).toBe(p.updatedAt.toISOString());
    expect(locs.size).toBe(products.length);
    // Each address really is a page a shopper can open.
    const [first] = products;
    expect((await fetch(`${t.url}/products/${first!.slug}`)).status).toBe(200);
    // No such child.
    expect((await get("/sitemaps/products-2.xml")).res.status).toBe(404);
  });

  it("leaves out a drop until it goes live, then lists it with its drop time as lastmod", async () => {
    const goesLiveAt = new Date(Date.now() + 2000);
    const drop = await makeProduct(t.prisma, { name: "Sitemap drop gown", goesLiveAt });
    const loc = `${PUBLIC_URL}/products/${drop.slug}`;
    expect((await productLocs()).has(loc)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, goesLiveAt.getTime() - Date.now() + 300));
    expect((await productLocs()).get(loc)).toBe(goesLiveAt.toISOString());
  });

  it("answers 304 to a crawler whose copy is current, and the new file once the catalogue changes", async () => {
    const first = await get("/sitemaps/products-1.xml");
    const etag = first.res.headers.get("etag")!;
    const lastModified = first.res.headers.get("last-modified")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(new Date(lastModified).getTime()).toBeLessThanOrEqual(Date.now());
    expect(first.res.headers.get("cache-control")).toMatch(/public/);
    expect((await get("/sitemaps/products-1.xml", { "if-none-match": etag })).res.status).toBe(304);
    expect((await get("/sitemaps/products-1.xml", { "if-modified-since": lastModified })).res.status).toBe(304);

    const added = await makeProduct(t.prisma, { name: "Sitemap newcomer shirt" });
    const again = await get("/sitemaps/products-1.xml", { "if-none-match": etag });
    expect(again.res.status).toBe(200);
    expect(again.text).toContain(`/products/${added.slug}<`);
    expect(again.res.headers.get("etag")).not.toBe(etag);
    expect(new Date(again.res.headers.get("last-modified")!).getTime()).toBeGreaterThan(new Date(lastModified).getTime());
    // A client that only remembers the date is told the file changed too.
    expect((await get("/sitemaps/products-1.xml", { "if-modified-since": lastModified })).res.status).toBe(200);
  });

});

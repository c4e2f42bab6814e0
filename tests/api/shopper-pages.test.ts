// What a shopper is served as HTML, before (or without) any JavaScript: issue 26's fixes to the
// server-rendered pages (one store for the file, pages fetched over real HTTP).
import { startTestStore, type TestStore } from "../helpers/store.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

async function page(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${t.url}${path}`);
  return { status: res.status, html: await res.text() };
}

/** The page's text without tags (what a reader of the served page sees). */
const textOf = (html: string) =>
  html
    .slice(html.indexOf("<body"))
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("an empty search", () => {
  it("without a category says no product matches the words, not that the category is empty, and offers a way on", async () => {
    const { html } = await page("/products?q=xqzvw");
    expect(textOf(html)).toContain("No products match “xqzvw”.");
    expect(textOf(html)).not.toContain("No products found in this category");
    expect(html).toContain('href="/products"');
    expect(html).toContain('href="/contact"');
  });

  it("within a category names it and offers the same words across the shop", async () => {
    const { html } = await page("/products?category=bales&q=xqzvw");
    expect(textOf(html)).toContain("No products match “xqzvw” in Bales.");
    expect(html).toContain('href="/products?q=xqzvw"');
  });
});

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

describe("the size hint on a product page", () => {
  it("comes from the chart of the item's department, or is left out", async () => {
    const hintOf = async (name: string) => {
      const product = await t.prisma.product.findFirstOrThrow({ where: { name } });
      const text = textOf((await page(`/products/${product.slug}`)).html);
      const after = text.indexOf("Measured with the garment laid flat.");
      return text.slice(after, after + 160);
    };
    expect(await hintOf("Ralph Lauren Classic Polo Shirt")).toContain("about men's L (EU 52) on our men's size chart");
    expect(await hintOf("Levi's 501 Straight Jeans")).toContain("on our men's size chart");
    expect(await hintOf("Girls Ankara Gown (8-9 yrs)")).toContain("about 8–9 yrs on our kids' size chart");
    expect(await hintOf("Vintage Ankara Print Blouse")).toContain("on our ladies' size chart");
    expect(await hintOf("Ralph Lauren Classic Polo Shirt")).not.toContain("UK 16");
  });
});

// Issue 26 item 13: these were one unstyled sentence without JavaScript (emails link to the tracker).
describe("personal pages without JavaScript", () => {
  it("cart, checkout, sign-in, saved items and account come in the store's shell: styled, with header, footer and contact links", async () => {
    for (const [path, heading] of [
      ["/cart", "Shopping Cart"],
      ["/checkout", "Checkout"],
      ["/auth", "Login"],
      ["/saved", "Saved items"],
      ["/account", "My Account"],
    ]) {
      const { status, html } = await page(path);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(html).toContain('<div id="root" data-shell="">');
      expect(html).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\//); // styled without JavaScript
      expect(html).toContain('class="site-header');
      expect(html).toContain('class="site-footer');
      expect(html).toMatch(/href="tel:/);
      expect(html).toContain('href="/contact"');
      expect(textOf(html)).toContain(heading);
      expect(textOf(html)).toContain("needs JavaScript, which is turned off in this browser");
      expect(html).toContain('<meta name="robots" content="noindex" />');
      // Nothing personal, and no cache to hydrate from: the browser renders the page itself.
      expect(html).not.toContain('id="apollo-state"');
    }
  });

  it("the tracker shows the order's status history", async () => {
    const product = await t.prisma.product.findFirstOrThrow({ where: { stock: { gt: 0 } } });
    const order = await t.prisma.order.create({
      data: {
        shortOrderId: "NXJS2345",
        total: "5000.00",
        customerName: "Ada Obi",
        customerEmail: "nojs@example.ng",
        customerPhone: "+2348031234567",
        customerAddress: "3 Allen Avenue, Ikeja",
        deliveryMethod: "pickup",
        items: { create: [{ productId: product.id, productName: product.name, quantity: 1, price: "5000.00" }] },
      },
    });
    const { status, html } = await page(`/track-order/${order.shortOrderId}`);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain(`Order ${order.shortOrderId}`);
    expect(text).toContain("Status history");
    expect(text).toContain("Order placed");
    expect(text).not.toContain("nojs@example.ng");
    expect(text).not.toContain("Allen Avenue");
  });
});

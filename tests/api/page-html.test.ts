// The HTML the server sends for client routes: product pages carry their own title, description,
// Open Graph tags and canonical link (link previews run no JavaScript) and preload their picture.
import { startTestStore, type TestStore } from "../helpers/store.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(async () => {
  await t?.close();
});

async function page(path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${t.url}${path}`);
  return { status: res.status, html: await res.text() };
}

const metaContent = (html: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

async function addProduct(data: { name: string; slug: string; description: string | null; imageUrl: string | null }) {
  const category = await t.prisma.category.findFirstOrThrow({ where: { slug: "men-tops" } });
  return t.prisma.product.create({ data: { ...data, price: 4500, stock: 3, size: "M", categoryId: category.id } });
}

describe("product page HTML", () => {
  it("names the product in the title, description, Open Graph tags and canonical link, and preloads its picture", async () => {
    const description = `${"Soft cotton tee, hardly worn. ".repeat(8)}End.`;
    await addProduct({ name: "Preview Test Tee", slug: "preview-test-tee", description, imageUrl: "/images/demo/tshirt.svg" });
    const { status, html } = await page("/products/preview-test-tee");
    expect(status).toBe(200);
    expect(html).toContain("<title>Preview Test Tee | Thrift Store</title>");
    expect(metaContent(html, "name", "description")).toBe(description.slice(0, 150));
    expect(metaContent(html, "property", "og:title")).toBe("Preview Test Tee | Thrift Store");
    expect(metaContent(html, "property", "og:description")).toBe(description.slice(0, 150));
    expect(metaContent(html, "property", "og:type")).toBe("product");
    // Absolute addresses use the shop's public address (PUBLIC_URL), whatever Host the request named.
    const publicUrl = t.config.publicUrl;
    expect(publicUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(metaContent(html, "property", "og:image")).toBe(`${publicUrl}/images/demo/tshirt.svg`);
    expect(metaContent(html, "property", "og:url")).toBe(`${publicUrl}/products/preview-test-tee`);
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/products/preview-test-tee" />`);
    expect(html).toContain(`<link rel="preload" as="image" href="/images/demo/tshirt.svg" fetchpriority="high" />`);
    // Still the client's page: store settings and the root element are there.
    expect(html).toContain('<script type="application/json" id="store-settings">');
    expect(html).toContain('<div id="root">');
    // One title and one description, not the defaults beside the product's.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it("escapes quotes and angle brackets from product text", async () => {
    await addProduct({ name: `Tee "Bold" <b>x</b> & co`, slug: "escape-test-tee", description: `Says "hi" <script>alert(1)</script>`, imageUrl: null });
    const { html } = await page("/products/escape-test-tee");
    expect(html).toContain("<title>Tee &quot;Bold&quot; &lt;b&gt;x&lt;/b&gt; &amp; co | Thrift Store</title>");
    expect(metaContent(html, "name", "description")).toBe("Says &quot;hi&quot; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain('property="og:image"'); // no picture, no image tag
    expect(html).not.toContain('rel="preload" as="image"');
  });

  it("a Cloudinary picture is preloaded as the same srcset the page's <img> uses", async () => {
    const imageUrl = "https://res.cloudinary.com/demo/image/upload/v1/thrift/shirt.jpg";
    await addProduct({ name: "Cloud Shirt", slug: "cloud-shirt", description: null, imageUrl });
    const { html } = await page("/products/cloud-shirt");
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? "";
    expect(preload).toContain('href="https://res.cloudinary.com/demo/image/upload/w_600,c_limit,f_auto,q_auto/v1/thrift/shirt.jpg"');
    expect(preload).toContain("w_400,c_limit,f_auto,q_auto/v1/thrift/shirt.jpg 400w");
    expect(preload).toContain('imagesizes="(min-width: 800px) 50vw, 100vw"');
    expect(metaContent(html, "name", "description")).toMatch(/^Quality pre-loved clothing/); // no description: the shop's
  });

  it("an unknown product address answers 404 with the page that says Product not found", async () => {
    const { status, html } = await page("/products/no-such-product");
    expect(status).toBe(404);
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('rel="canonical"');
  });

  it("other pages keep the shop's defaults (the browser sets their own)", async () => {
    for (const path of ["/", "/products", "/about"]) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain("<title>Thrift Store — look great, feel great, pay less</title>");
      expect(html).not.toContain('rel="preload" as="image"');
    }
  });
});

describe("status codes of page addresses", () => {
  it("every client route answers 200 with the page", async () => {
    const known = [
      "/", "/products", "/products?category=ladies", "/cart", "/checkout", "/thank-you", "/thank-you/abc123", "/thankyou",
      "/auth", "/user-auth", "/account", "/admin", "/admin?tab=orders", "/admin/sections",
      "/track-order", "/track-order/ABCD1234", "/trackout/ABCD1234", "/trackorder", "/track-out/ABCD1234",
      "/about", "/contact", "/privacy", "/terms", "/returns", "/size-chart", "/about/",
    ];
    for (const path of known) {
      const { status, html } = await page(path);
      expect({ path, status }).toEqual({ path, status: 200 });
      expect(html).toContain('<div id="root">');
    }
  });

  it("unknown addresses answer 404 and still carry the page (which says Page not found)", async () => {
    for (const path of ["/no-such-page", "/admin/nope", "/about/team", "/cart/extra", "/products/a/b", "/thank-you/a/b", "/account/settings"]) {
      const { status, html } = await page(path);
      expect({ path, status }).toEqual({ path, status: 404 });
      expect(html).toContain('<div id="root">');
      expect(html).toContain(`<script type="application/json" id="store-settings">`);
    }
  });
});

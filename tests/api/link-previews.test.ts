// Link previews and structured data on every shopper page (issue 29, decision 029): WhatsApp,
// Instagram and Facebook read og: tags from the HTML without running JavaScript, so every page
// names an absolute raster picture of 1200×630; search engines read the JSON-LD blocks, checked
// against the shapes Google documents (tests/helpers/structured-data.ts).
import sharp from "sharp";
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { breadcrumbProblems, itemListProblems, jsonLdBlocks, localBusinessProblems } from "../helpers/structured-data.ts";

const PUBLIC_URL = "https://shop.example.ng";
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ env: { PUBLIC_URL, STORE_ADDRESS: "14 Idiroko Road, Sango-Ota, Ogun State", STORE_PHONE: "+234 803 555 0142" } });
});
afterAll(() => t?.close());

async function html(path: string): Promise<string> {
  await t.store.catalogue.sync();
  const res = await fetch(`${t.url}${path}`);
  expect(res.status).toBe(200);
  return res.text();
}

const meta = (page: string, attr: "name" | "property", key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(page)?.[1];

/** The picture the page names, fetched as the apps would (the path on this test server). */
async function picture(url: string) {
  const res = await fetch(`${t.url}${new URL(url).pathname}`);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

describe("link previews", () => {
  it("every shopper page names its title, description, address and an absolute 1200×630 JPEG picture", async () => {
    const product = await makeProduct(t.prisma, { name: "Preview wrap skirt", price: "7300", condition: "good", imageUrl: "/images/demo/skirt.svg", category: "ladies-skirts" });
    const pages = ["/", "/products", "/products?category=ladies-tops", `/products/${product.slug}`, "/about", "/contact", "/size-chart", "/returns"];
    for (const path of pages) {
      const page = await html(path);
      expect([path, meta(page, "property", "og:title")]).toEqual([path, expect.stringMatching(/\S/)]);
      expect([path, meta(page, "property", "og:description")]).toEqual([path, expect.stringMatching(/\S/)]);
      expect([path, meta(page, "property", "og:url")]).toEqual([path, `${PUBLIC_URL}${path}`]);
      expect([path, meta(page, "name", "twitter:card")]).toEqual([path, "summary_large_image"]);
      const image = meta(page, "property", "og:image")!;
      expect([path, image]).toEqual([path, expect.stringMatching(new RegExp(`^${PUBLIC_URL}/previews/.+\\.jpg$`))]);
      expect([meta(page, "property", "og:image:width"), meta(page, "property", "og:image:height")]).toEqual(["1200", "630"]);
      const { format, width, height } = await picture(image);
      expect([path, format, width, height]).toEqual([path, "jpeg", 1200, 630]);
    }
  });

  it("a product's picture is its own preview, and a new price gives a new picture address", async () => {
    const product = await makeProduct(t.prisma, { name: "Preview denim", price: "9000", imageUrl: "/images/demo/jeans.svg" });
    const before = meta(await html(`/products/${product.slug}`), "property", "og:image")!;
    expect(before).toContain(`/previews/products/${product.id}/`);
    expect(meta(await html("/"), "property", "og:image")).toBe(`${PUBLIC_URL}/previews/store.jpg`);
    await t.prisma.product.update({ where: { id: product.id }, data: { price: "8000" } });
    const after = meta(await html(`/products/${product.slug}`), "property", "og:image")!;
    expect(after).not.toBe(before);
    expect((await picture(after)).width).toBe(1200);
  });

  it("a demo product (SVG photo) names no SVG for previews or search, and its description starts with the price, within 150 characters", async () => {
    const description = "Vintage ankara print blouse in bold orange and blue wax print, with puff sleeves and a keyhole neck. A tiny repaired stitch at the back hem. Fits true to size.";
    const product = await makeProduct(t.prisma, { name: "Preview ankara blouse", price: "12500.50", condition: "good", pitToPitCm: 48, imageUrl: "/images/demo/blouse.svg", description });
    const page = await html(`/products/${product.slug}`);
    const text = meta(page, "property", "og:description")!;
    expect(text.startsWith("₦12,500.50 · Condition: Good · Pit to pit 48 cm. Vintage ankara")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(150);
    expect(text).toMatch(/[a-z]…$/);
    expect(meta(page, "name", "description")).toBe(text);
    const pictures = [...page.matchAll(/<meta (?:property|name)="(?:og|twitter):image[^"]*" content="([^"]*)"/g)].map((m) => m[1]!);
    const productData = jsonLdBlocks(page).find((block) => block["@type"] === "Product");
    pictures.push(productData.image);
    expect(pictures.filter((url) => /\.svg(\?|$)/.test(url))).toEqual([]);
    expect((await picture(productData.image)).format).toBe("jpeg");
  });
});

describe("structured data", () => {
  it("home and contact describe the shop as a ClothingStore with address, phone and opening hours", async () => {
    for (const path of ["/", "/contact"]) {
      const store = jsonLdBlocks(await html(path)).find((block) => block["@type"] === "ClothingStore");
      expect(store).toBeDefined();
      expect(localBusinessProblems(store, PUBLIC_URL)).toEqual([]);
      expect(store.address).toMatchObject({ streetAddress: "14 Idiroko Road", addressLocality: "Sango-Ota", addressRegion: "Ogun State", addressCountry: "NG" });
      expect(store.telephone).toBe("+234 803 555 0142");
      expect(store.openingHoursSpecification).toEqual([
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "18:00" },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "10:00", closes: "16:00" },
      ]);
    }
  });

  it("a listing carries an ItemList of the product pages it shows, in order", async () => {
    const page = await html("/products?category=men-tops");
    const list = jsonLdBlocks(page).find((block) => block["@type"] === "ItemList");
    expect(itemListProblems(list, PUBLIC_URL)).toEqual([]);
    const shown = [...page.matchAll(/<a [^>]*href="\/products\/([^"?#]+)"/g)].map((m) => `${PUBLIC_URL}/products/${m[1]}`);
    const listed = list.itemListElement.map((item: { url: string }) => item.url);
    expect(listed.length).toBeGreaterThan(0);
    expect([...new Set(shown)]).toEqual(listed);
  });

  it("a product page carries a BreadcrumbList from the home page through its category to the piece", async () => {
    const product = await makeProduct(t.prisma, { name: "Crumb tee", category: "ladies-tops" });
    const blocks = jsonLdBlocks(await html(`/products/${product.slug}`));
    const crumbs = blocks.find((block) => block["@type"] === "BreadcrumbList");
    expect(breadcrumbProblems(crumbs, PUBLIC_URL)).toEqual([]);
    expect(crumbs.itemListElement.map((c: { name: string; item?: string }) => [c.name, c.item])).toEqual([
      ["Home", `${PUBLIC_URL}/`],
      ["Ladies", `${PUBLIC_URL}/products?category=ladies`],
      ["Tops", `${PUBLIC_URL}/products?category=ladies-tops`],
      ["Crumb tee", undefined],
    ]);
    // The Product block is still there beside it.
    expect(blocks.find((block) => block["@type"] === "Product")?.offers).toMatchObject({ priceCurrency: "NGN", price: "12500.00" });
  });

  it("the checks catch what Google would refuse", () => {
    const crumbs = { "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "" }, { "@type": "ListItem", position: 3, name: "x" }] };
    expect(breadcrumbProblems(crumbs, PUBLIC_URL)).toEqual(["item 1: positions must follow each other", "crumb 0: name required", "crumb 0: item must be an absolute URL"]);
    const store = { "@context": "https://schema.org", "@type": "ClothingStore", name: "x", address: { "@type": "PostalAddress", streetAddress: "1 Road" } };
    expect(localBusinessProblems(store, PUBLIC_URL)).toEqual(expect.arrayContaining(["address.addressLocality required", "telephone recommended", "openingHoursSpecification recommended"]));
    expect(itemListProblems({ "@context": "https://schema.org", "@type": "ItemList", itemListElement: [{ "@type": "ListItem", position: 1, url: "/products/x" }] }, PUBLIC_URL)).toEqual(["item 0: url must be an absolute URL on the site"]);
  });
});

// The Meta and Google catalogue feeds (issue 29, decision 029): each field as the channels document
// it, quoting and formula-injection safety, XML escaping, and agreement with the store at the
// moments that matter: a sale, a drop going live, a price as the product page shows it.
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { details, placeOrder } from "../helpers/shopper.ts";
import { parseXml } from "../helpers/xml.ts";

const PUBLIC_URL = "https://shop.example.ng";
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ env: { PUBLIC_URL, STORE_NAME: "Ota Thrift" } });
});
afterAll(() => t?.close());

async function get(path: string, headers: Record<string, string> = {}) {
  await t.store.catalogue.sync();
  const res = await fetch(`${t.url}${path}`, { headers: { "cache-control": "max-age=0", ...headers } });
  return { res, text: res.status === 304 ? "" : await res.text() };
}

type Row = Record<string, string>;
async function metaRows(): Promise<Map<string, Row>> {
  const { res, text } = await get("/feeds/meta.csv");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  const rows = parse(text, { columns: true }) as Row[];
  return new Map(rows.map((row) => [row.id!, row]));
}

async function googleItems(): Promise<Map<string, Row & { additional?: string[] }>> {
  const { res, text } = await get("/feeds/google.xml");
  expect(res.status).toBe(200);
  const doc = parseXml(text, ["item", "g:additional_image_link"]);
  expect(doc.rss["@_version"]).toBe("2.0");
  expect(doc.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  const items = (doc.rss.channel.item ?? []) as Row[];
  return new Map(items.map((item) => [item["g:id"]!, item]));
}

const PAGE = `query($slug: String!) { product(slug: $slug) { price originalPrice stock } }`;

describe("the Meta catalogue feed (/feeds/meta.csv)", () => {
  it("has Meta's fields: regular and sale price in NGN, availability, condition, the shop as brand, audience from the category", async () => {
    const gown = await makeProduct(t.prisma, {
      name: "Floral wrap gown",
      description: "Ankara print, fully lined.\nSmall mark at the hem.",
      price: "9000.00",
      originalPrice: "15000.00",
      stock: 2,
      size: "UK 12",
      condition: "like_new",
      category: "ladies-gowns",
      galleryUrls: ["/uploads/product-images/abc.960w.webp"],
    });
    const tagged = await makeProduct(t.prisma, { name: "Boys' polo, tags on", price: "7300", condition: "new_with_tags", category: "kids-boy", size: null });
    const rows = await metaRows();
    const row = rows.get(gown.id)!;
    expect(Object.keys(row)).toEqual(expect.arrayContaining(["id", "title", "description", "availability", "condition", "price", "link", "image_link", "brand"]));
    expect(row).toMatchObject({
      title: "Floral wrap gown",
      description: "Ankara print, fully lined. Small mark at the hem.",
      availability: "in stock",
      condition: "used",
      price: "15000.00 NGN",
      sale_price: "9000.00 NGN",
      link: `${PUBLIC_URL}/products/${gown.slug}`,
      additional_image_link: `${PUBLIC_URL}/uploads/product-images/abc.960w.webp`,
      brand: "Ota Thrift",
      size: "UK 12",
      gender: "female",
      age_group: "adult",
    });
    expect(row.image_link).toMatch(new RegExp(`^${PUBLIC_URL}/previews/products/${gown.id}/[0-9a-z]+-photo\\.jpg$`));
    expect(rows.get(tagged.id)).toMatchObject({ condition: "new", price: "7300.00 NGN", sale_price: "", gender: "male", age_group: "kids", size: "" });
    // The picture it names is a JPEG the channel can fetch (the demo pictures are SVG).
    const image = await fetch(`${t.url}${new URL(row.image_link!).pathname}`);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe("jpeg");
  });

  it("quotes commas, quotes and line breaks, and starts no cell with a formula character", async () => {
    const tricky = await makeProduct(t.prisma, { name: `=HYPERLINK("http://evil.example","Click"), "quoted"`, description: "+SUM(A1:A9)", size: "-1" });
    const at = await makeProduct(t.prisma, { name: "@attack, with comma", description: "plain" });
    const { text } = await get("/feeds/meta.csv");
    const rows = parse(text, { columns: true }) as Row[];
    const row = rows.find((r) => r.id === tricky.id)!;
    expect(row.title).toBe(`'=HYPERLINK("http://evil.example","Click"), "quoted"`);
    expect(row.description).toBe("'+SUM(A1:A9)");
    expect(row.size).toBe("'-1");
    expect(rows.find((r) => r.id === at.id)!.title).toBe("'@attack, with comma");
    // As written: quoted, inner quotes doubled (Meta's CSV rules).
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click""), ""quoted"""`);
    for (const r of rows) for (const cell of Object.values(r)) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});

describe("the Google Merchant Center feed (/feeds/google.xml)", () => {
  it("is RSS 2.0 with Google's g: fields, identifier_exists no and apparel's gender, age group and size", async () => {
    const shirt = await makeProduct(t.prisma, { name: "Men's linen shirt", price: "7300.00", stock: 1, size: "L", condition: "good", category: "men-tops" });
    const item = (await googleItems()).get(shirt.id)!;
    expect(item).toMatchObject({
      "g:title": "Men's linen shirt",
      "g:description": "Men's linen shirt",
      "g:link": `${PUBLIC_URL}/products/${shirt.slug}`,
      "g:availability": "in_stock",
      "g:price": "7300.00 NGN",
      "g:condition": "used",
      "g:brand": "Ota Thrift",
      "g:identifier_exists": "no",
      "g:gender": "male",
      "g:age_group": "adult",
      "g:size": "L",
    });
    expect(item["g:image_link"]).toMatch(/^https:\/\/shop\.example\.ng\/previews\/products\/.+-photo\.jpg$/);
    expect(item["g:sale_price"]).toBeUndefined();
  });

  it("escapes markup and drops characters XML forbids, so the feed stays well-formed", async () => {
    const odd = await makeProduct(t.prisma, { name: `Tom & Jerry <b>"tee"</b> it's \u0001bell`, description: "]]> <![CDATA[ & &amp;" });
    const item = (await googleItems()).get(odd.id)!;
    expect(item["g:title"]).toBe(`Tom & Jerry <b>"tee"</b> it's bell`);
    expect(item["g:description"]).toBe("]]> <![CDATA[ & &amp;");
  });
});

describe("both feeds agree with the store", () => {
  it("mark a piece out of stock as soon as it sells, with the product page's prices", async () => {
    const piece = await makeProduct(t.prisma, { name: "Last denim jacket", price: "18500.50", originalPrice: "25000", stock: 1 });
    const before = (await metaRows()).get(piece.id)!;
    expect(before.availability).toBe("in stock");
    const page = (await t.client().data(PAGE, { slug: piece.slug })).product;
    expect(before.price).toBe(`${page.originalPrice} NGN`);
    expect(before.sale_price).toBe(`${page.price} NGN`);
    expect((await googleItems()).get(piece.id)!["g:sale_price"]).toBe(`${page.price} NGN`);

    const placed = await placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] });
    expect(placed.__typename).toBe("MutationPlaceOrderSuccess");
    expect((await metaRows()).get(piece.id)!.availability).toBe("out of stock");
    expect((await googleItems()).get(piece.id)!["g:availability"]).toBe("out_of_stock");
  });

  it("leave out a drop until its time, then list it", async () => {
    const goesLiveAt = new Date(Date.now() + 2000);
    const drop = await makeProduct(t.prisma, { name: "Friday drop blouse", goesLiveAt });
    expect((await metaRows()).has(drop.id)).toBe(false);
    expect((await googleItems()).has(drop.id)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, goesLiveAt.getTime() - Date.now() + 300));
    expect((await metaRows()).get(drop.id)!.availability).toBe("in stock");
    expect((await googleItems()).has(drop.id)).toBe(true);
  });

  it("answer 304 while unchanged and the new feed after a price change", async () => {
    for (const path of ["/feeds/meta.csv", "/feeds/google.xml"]) {
      const first = await get(path);
      const etag = first.res.headers.get("etag")!;
      expect(first.res.headers.get("last-modified")).toBeTruthy();
      // Sent gzipped and read back whole.
      expect(first.res.headers.get("content-encoding")).toBe("gzip");
      expect(first.text).toMatch(path.endsWith(".csv") ? /^id,title,/ : /<\/rss>\n$/);
      expect((await get(path, { "if-none-match": etag })).res.status).toBe(304);
      expect((await get(path, { "if-modified-since": first.res.headers.get("last-modified")! })).res.status).toBe(304);
    }
    const piece = await makeProduct(t.prisma, { name: "Repriced skirt", price: "5000" });
    const etag = (await get("/feeds/meta.csv")).res.headers.get("etag")!;
    await t.prisma.product.update({ where: { id: piece.id }, data: { price: "4500" } });
    const after = await get("/feeds/meta.csv", { "if-none-match": etag });
    expect(after.res.status).toBe(200);
    expect((parse(after.text, { columns: true }) as Row[]).find((r) => r.id === piece.id)!.price).toBe("4500.00 NGN");
  });
});

describe("product pictures for link previews and feeds", () => {
  it("draws a 1200×630 JPEG once per version; a changed product moves to a new address; a drop has none", async () => {
    const piece = await makeProduct(t.prisma, { name: "Preview gown", price: "7300", originalPrice: "12000", condition: "like_new", imageUrl: "/images/demo/gown.svg" });
    const { productPreviewPath } = await import("../../common/preview-image.ts");
    const facts = { id: piece.id, name: piece.name, price: "7300.00", originalPrice: "12000.00", condition: "like_new", imageUrl: "/images/demo/gown.svg" };
    const path = productPreviewPath(facts);
    const first = await fetch(`${t.url}${path}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    expect(first.headers.get("cache-control")).toContain("immutable");
    expect(first.headers.get("x-preview-cache")).toBe("miss");
    const meta = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    expect((await fetch(`${t.url}${path}`)).headers.get("x-preview-cache")).toBe("hit");

    await t.prisma.product.update({ where: { id: piece.id }, data: { price: "6000" } });
    const moved = await fetch(`${t.url}${path}`, { redirect: "manual" });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(productPreviewPath({ ...facts, price: "6000.00" }));

    await t.prisma.product.update({ where: { id: piece.id }, data: { goesLiveAt: new Date(Date.now() + 3600_000) } });
    expect((await fetch(`${t.url}${productPreviewPath({ ...facts, price: "6000.00" })}`)).status).toBe(404);
  });

  it("the shop's own preview is a 1200×630 JPEG", async () => {
    const res = await fetch(`${t.url}/previews/store.jpg`);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([res.status, meta.format, meta.width, meta.height]).toEqual([200, "jpeg", 1200, 630]);
  });
});

import { startTestStore, type TestStore } from "../helpers/store.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t?.close());

const PRODUCTS = `query($filter: ProductFilter, $sort: ProductSort, $offset: Int, $limit: Int) {
  products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) {
    totalCount sizes
    items { id name slug price originalPrice percentOff stock size createdAt category { name slug main } }
  }
}`;

describe("catalogue", () => {
  it("lists the eleven categories of the route table by name", async () => {
    const { categories } = await t.client().data(`{ categories { name slug main } }`);
    expect(categories.map((c: { slug: string }) => c.slug).sort()).toEqual(
      ["bales", "kids-boy", "kids-girl", "ladies-gowns", "ladies-pants", "ladies-skirts", "ladies-tops", "men-pants", "men-shorts", "men-tops", "unisex"].sort(),
    );
    expect(categories.find((c: { slug: string }) => c.slug === "ladies-tops").name).toBe("Ladies - Tops");
    expect(categories.find((c: { slug: string }) => c.slug === "bales").name).toBe("Bales");
  });

  it("lists products newest first with exact naira amounts", async () => {
    const { products } = await t.client().data(PRODUCTS, { limit: 48 });
    expect(products.totalCount).toBeGreaterThanOrEqual(48);
    const dates = products.items.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const p of products.items) expect(p.price).toMatch(/^\d+\.\d{2}$/);
  });

  it("filters by subcategory and by main category", async () => {
    const client = t.client();
    const tops = await client.data(PRODUCTS, { filter: { category: "ladies-tops" } });
    expect(tops.products.items.length).toBeGreaterThan(0);
    expect(tops.products.items.every((p: any) => p.category.slug === "ladies-tops")).toBe(true);
    const ladies = await client.data(PRODUCTS, { filter: { category: "ladies" }, limit: 48 });
    expect(ladies.products.totalCount).toBeGreaterThan(tops.products.totalCount);
    expect(ladies.products.items.every((p: any) => p.category.main === "Ladies")).toBe(true);
    const unknown = await client.data(PRODUCTS, { filter: { category: "spaceships" } });
    expect(unknown.products.totalCount).toBe(0);
  });

  it("finds a product by slug and answers null for an unknown slug", async () => {
    const client = t.client();
    const { products } = await client.data(PRODUCTS, { limit: 1 });
    const slug = products.items[0].slug;
    const found = await client.data(`query($slug: String!) { product(slug: $slug) { name slug category { name } } }`, { slug });
    expect(found.product.slug).toBe(slug);
    const missing = await client.data(`{ product(slug: "no-such-thing") { id } }`);
    expect(missing.product).toBeNull();
  });

  it("rejects a page size above the limit with a clear error", async () => {
    const res = await t.client().request(PRODUCTS, { limit: 500 });
    expect(res.errors?.[0]?.message).toBe("limit must be between 1 and 48");
  });
});

describe("server", () => {
  it("answers health checks with the database mode", async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("ok");
  });

  it("serves the GraphQL sandbox to browsers at /graphql outside production", async () => {
    const res = await fetch(`${t.url}/graphql`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/sandbox/i);
  });

  it("refuses a cross-site simple POST (CSRF prevention)", async () => {
    const res = await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "text/plain" }, body: '{"query":"{ categories { id } }"}' });
    expect(res.status).toBe(400);
  });

  it("serves the demo product images", async () => {
    const { products } = await t.client().data(`{ products(limit: 1) { items { imageUrl } } }`);
    const res = await fetch(`${t.url}${products.items[0].imageUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/svg/);
  });
});

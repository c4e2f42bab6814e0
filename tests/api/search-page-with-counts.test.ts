// A search's page and its size counts are read by one statement when the counts are not kept yet
// (product-search.ts searchPageWithSizeCounts): the answer must be exactly what the page's own
// query and the counts' own query say (the listing's statements without a search, asked here
// straight), for every sort, size, page and word, sold out and on hold included.
import fc from "fast-check";
import { randomUUID } from "node:crypto";
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { createTestOrder } from "../helpers/orders.ts";
import { facetsFromSizeCounts, productPage, sizeCounts } from "../../server/src/modules/catalog/catalog.service.ts";

let t: TestStore;
const WORDS = ["ankara", "denim", "gown", "shirt", "ankra"];
const SIZES = ["S", "M", "L", null];

beforeAll(async () => {
  t = await startTestStore({ seed: false });
  const names = ["Ankara Gown", "Denim Shirt", "Ankara Shirt", "Denim Gown", "Plain Shirt", "Ankara Wrap"];
  for (let i = 0; i < 30; i++) {
    const name = `${names[i % names.length]} ${i}`;
    await t.prisma.product.create({
      data: {
        name,
        slug: `p-${i}`,
        // Equal prices and dates in places: the order's tie-breaks are part of what must agree.
        price: String(5000 + (i % 4) * 1000),
        size: SIZES[i % SIZES.length],
        stock: i % 5 === 0 ? 0 : 2,
        description: i % 3 === 0 ? "Wax print, ankara trim" : "Pre-loved, washed",
        createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2))),
      },
    });
  }
  // Two sold-out products held by unpaid orders: "On hold" must come with the shared read too.
  for (const slug of ["p-1", "p-2"]) {
    const product = await t.prisma.product.findUniqueOrThrow({ where: { slug } });
    await createTestOrder(t.prisma, { productId: product.id, quantity: 2 });
  }
});
afterAll(() => t?.close());

const fields = (which: string) => `query($filter: ProductFilter, $sort: ProductSort, $offset: Int, $limit: Int) {
  products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) { ${which} }
}`;
const BOTH = fields("totalCount sizes items { id stock onHold }");
const ITEMS = fields("items { id stock onHold }");

describe("a search's page with its size counts", () => {
  it("agrees with the page's own query and the counts' own query, whatever the words, sort, size and page", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(WORDS, { minLength: 1, maxLength: 2 }),
        fc.constantFrom("RELEVANCE", "NEWEST", "PRICE_ASC", "PRICE_DESC"),
        fc.constantFrom(null, "S", "m", "L"),
        fc.constantFrom(0, 3, 7, 40),
        fc.constantFrom(1, 4, 24),
        async (words, sort, size, offset, limit) => {
          // A fresh excludeIds: neither the response cache nor the kept counts answer.
          const filter = { search: words.join(" "), size, excludeIds: [randomUUID()] };
          const both = (await t.client().data(BOTH, { filter, sort, offset, limit })).products;
          // Asked straight, without the kept word checks or counts: two statements.
          const db = t.store.db;
          const page = await productPage(db, {}, filter, sort as never, { skip: offset, take: limit });
          const facets = facetsFromSizeCounts(await sizeCounts(db, filter), size);
          expect(both.items).toEqual(page.map((p) => ({ id: p.id, stock: p.stock, onHold: "onHold" in p ? p.onHold : undefined })));
          expect({ totalCount: both.totalCount, sizes: both.sizes }).toEqual(facets);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("shows the held products as on hold", async () => {
    const { products } = await t.client().data(BOTH, { filter: { search: "shirt", excludeIds: [randomUUID()] }, sort: "NEWEST", limit: 48 });
    const held = products.items.filter((p: { onHold: boolean }) => p.onHold).map((p: { id: string }) => p.id);
    const expected = await t.prisma.product.findMany({ where: { slug: { in: ["p-1", "p-2"] }, name: { contains: "Shirt" } }, select: { id: true } });
    expect(held.sort()).toEqual(expected.map((p) => p.id).sort());
    expect(held.length).toBeGreaterThan(0);
  });

  it("costs one statement when the counts are not kept, and the page alone once they are", async () => {
    const excludeIds = [randomUUID()];
    const ask = () => t.client().data(BOTH, { filter: { search: "ankara", excludeIds }, sort: "RELEVANCE", limit: 4 });
    await t.client().data(ITEMS, { filter: { search: "ankara", excludeIds: [randomUUID()] } }); // the word's own check, kept
    const reads = () => t.queries.filter((q) => /\bproducts\b/.test(q));
    t.queries.length = 0;
    const first = await ask();
    expect(reads()).toHaveLength(1);
    expect(first.products.items).toHaveLength(4);
    // Another page of the same search: its counts are kept now, so only the page is read.
    t.queries.length = 0;
    const second = await t.client().data(BOTH, { filter: { search: "ankara", excludeIds }, sort: "NEWEST", offset: 4, limit: 4 });
    expect(reads()).toHaveLength(1);
    expect(reads()[0]).not.toMatch(/GROUP BY/);
    expect(second.products.totalCount).toBe(first.products.totalCount);
  });
});

// Special Offers (home) and the Shop Deals listing filter, on the server.
import { startTestStore, type TestStore } from "../helpers/store.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  const base = Date.UTC(2026, 0, 1);
  const rows = [
    { name: "Sold Out Deal A", price: 3000, originalPrice: 6000, stock: 0 },
    { name: "Sold Out Deal B", price: 3000, originalPrice: 6000, stock: 0 },
    { name: "Sold Out Deal C", price: 3000, originalPrice: 6000, stock: 0 },
    { name: "Full Price Last One", price: 5000, originalPrice: null, stock: 1 },
    { name: "Deal Two Left", price: 4000, originalPrice: 5000, stock: 2 },
    { name: "Deal Three Left", price: 7000, originalPrice: 9000, stock: 3 },
    { name: "Deal Five Left", price: 2000, originalPrice: 2500, stock: 5 },
    { name: "Deal Nine Left", price: 8000, originalPrice: 12000, stock: 9 },
    { name: "Same As Original", price: 4000, originalPrice: 4000, stock: 4 },
  ];
  for (const [i, row] of rows.entries()) {
    await t.prisma.product.create({ data: { ...row, slug: `deal-${i}`, createdAt: new Date(base + i * 60_000) } });
  }
  // Twelve newer full-price pieces fill Featured Products, the block above Special Offers, which
  // never repeats a piece shown there (issue 40, finding 15; tests/api/home.test.ts).
  for (let i = 0; i < 12; i++) {
    await t.prisma.product.create({ data: { name: `Newest Full Price ${i}`, slug: `newest-${i}`, price: 3000, stock: 1, createdAt: new Date(base + (100 + i) * 60_000) } });
  }
});
afterAll(() => t?.close());

describe("Special Offers", () => {
  it("are three discounted products in stock, fewest left first: never sold out, never full price", async () => {
    const { specialOffers } = await t.client().data(`{ specialOffers { name stock percentOff } }`);
    expect(specialOffers.map((p: any) => p.name)).toEqual(["Deal Two Left", "Deal Three Left", "Deal Five Left"]);
    expect(specialOffers.every((p: any) => p.stock > 0 && p.percentOff > 0)).toBe(true);
  });
});

describe("Shop Deals: products(filter: { deals: true })", () => {
  const LIST = `query($filter: ProductFilter, $sort: ProductSort) { products(filter: $filter, sort: $sort, limit: 48) { totalCount sizes items { name } } }`;

  it("lists discounted products only (sold-out ones show as out of stock, as elsewhere), in any sort", async () => {
    const { products } = await t.client().data(LIST, { filter: { deals: true } });
    expect(products.totalCount).toBe(7);
    expect(products.items.map((p: any) => p.name).sort()).toEqual(
      ["Deal Five Left", "Deal Nine Left", "Deal Three Left", "Deal Two Left", "Sold Out Deal A", "Sold Out Deal B", "Sold Out Deal C"].sort(),
    );
    const cheapest = await t.client().data(LIST, { filter: { deals: true }, sort: "PRICE_ASC" });
    expect(cheapest.products.items[0].name).toBe("Deal Five Left");
    const all = await t.client().data(LIST, {});
    expect(all.products.totalCount).toBe(21);
  });
});

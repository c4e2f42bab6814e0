// The one-of-a-kind rule: runs on PostgreSQL and on the embedded database (two Jest projects).
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, details, placeOrder, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

describe("two shoppers racing for the last item", () => {
  it("20 concurrent guest orders for a product with stock 1 make exactly one order and leave stock 0", async () => {
    const product = await makeProduct(t.prisma, { name: "One-off Aso Oke Agbada", stock: 1, price: "15000.00" });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }] })),
    );
    const won = results.filter((r) => r.__typename === "MutationPlaceOrderSuccess");
    const lost = results.filter((r) => r.__typename !== "MutationPlaceOrderSuccess");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r).toMatchObject({ __typename: "InsufficientStockError", message: "One-off Aso Oke Agbada is out of stock", available: 0 });
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(0);
    expect(await t.prisma.orderItem.count({ where: { productId: product.id } })).toBe(1);
    expect(await t.prisma.order.count()).toBe(1);
  });

  it("signed-in shoppers racing with carts: stock never goes below zero", async () => {
    const product = await makeProduct(t.prisma, { stock: 3 });
    const shoppers = [];
    for (let i = 0; i < 6; i++) {
      const client = await signedUp(t);
      await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
      shoppers.push(client);
    }
    const results = await Promise.all(shoppers.map((client) => placeOrder(client, details())));
    expect(results.filter((r) => r.__typename === "MutationPlaceOrderSuccess")).toHaveLength(3);
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(0);
  });
});

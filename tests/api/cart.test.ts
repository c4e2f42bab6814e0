import { startTestStore, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, CART, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const UPDATE = `mutation($itemId: ID!, $quantity: Int!) { updateCartItem(itemId: $itemId, quantity: $quantity) { __typename ... on Error { message } ... on MutationUpdateCartItemSuccess { data { id quantity } } } }`;
const REMOVE = `mutation($itemId: ID!) { removeCartItem(itemId: $itemId) { __typename ... on Error { message } ... on MutationRemoveCartItemSuccess { data } } }`;
const GUEST_PRODUCTS = `query($ids: [ID!]!) { cartProducts(ids: $ids) { id name price stock } }`;

describe("the signed-in cart", () => {
  it("guests cannot use the server cart", async () => {
    const guest = t.client();
    const product = await makeProduct(t.prisma, { stock: 3 });
    for (const [query, variables] of [
      [CART, {}],
      [ADD_TO_CART, { productId: product.id, quantity: 1 }],
      [UPDATE, { itemId: product.id, quantity: 1 }],
      [REMOVE, { itemId: product.id }],
    ] as const) {
      const res = await guest.request(query, variables);
      expect(res.errors?.[0]?.message).toBe("Please log in to continue");
      expect(res.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
    expect(await t.prisma.cartItem.count()).toBe(0);
  });

  it("adding a product already in the cart increments it, never above the stock", async () => {
    const product = await makeProduct(t.prisma, { stock: 3 });
    const client = await signedUp(t);
    const first = await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    const again = await client.data(ADD_TO_CART, { productId: product.id, quantity: 2 });
    expect(again.addToCart.data.id).toBe(first.addToCart.data.id);
    expect(again.addToCart.data.quantity).toBe(3);
    const over = await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    expect(over.addToCart).toEqual({ __typename: "ValidationError", message: "Only 3 items available in stock" });
    expect((await client.data(CART)).cart[0].quantity).toBe(3);
  });

  it("an out-of-stock product cannot be added", async () => {
    const product = await makeProduct(t.prisma, { stock: 0 });
    const client = await signedUp(t);
    const res = await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    expect(res.addToCart).toEqual({ __typename: "ValidationError", message: "This item is out of stock" });
  });

  it("quantity updates stay between 1 and the stock; remove deletes the line", async () => {
    const product = await makeProduct(t.prisma, { stock: 2 });
    const client = await signedUp(t);
    const { addToCart } = await client.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    const itemId = addToCart.data.id;
    expect((await client.data(UPDATE, { itemId, quantity: 2 })).updateCartItem.data.quantity).toBe(2);
    expect((await client.data(UPDATE, { itemId, quantity: 3 })).updateCartItem.message).toBe("Only 2 items available in stock");
    expect((await client.data(UPDATE, { itemId, quantity: 0 })).updateCartItem.message).toBe("Quantity must be at least 1");
    expect((await client.data(UPDATE, { itemId, quantity: -5 })).updateCartItem.message).toBe("Quantity must be at least 1");
    expect((await client.data(CART)).cart[0].quantity).toBe(2);
    expect((await client.data(REMOVE, { itemId })).removeCartItem.data).toBe(itemId);
    expect((await client.data(CART)).cart).toEqual([]);
    expect((await client.data(REMOVE, { itemId })).removeCartItem).toEqual({ __typename: "NotFoundError", message: "Cart item not found" });
  });

  it("bad input gets a clear error and changes nothing", async () => {
    const product = await makeProduct(t.prisma, { stock: 5 });
    const client = await signedUp(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ productId: product.id, quantity: 0 }, "ValidationError", "Quantity must be at least 1"],
      [{ productId: product.id, quantity: -1 }, "ValidationError", "Quantity must be at least 1"],
      [{ productId: product.id, quantity: 2_000_000_000 }, "ValidationError", "Quantity must be at most 1000"],
      [{ productId: "00000000-0000-4000-8000-000000000000", quantity: 1 }, "NotFoundError", "Product not found"],
      [{ productId: "x".repeat(10_000), quantity: 1 }, "NotFoundError", "Product not found"],
      [{ productId: "<script>alert(1)</script>", quantity: 1 }, "NotFoundError", "Product not found"],
    ];
    for (const [variables, type, message] of cases) {
      const { addToCart } = await client.data(ADD_TO_CART, variables);
      expect(addToCart).toEqual({ __typename: type, message });
    }
    for (const variables of [{ productId: product.id, quantity: "2" }, { productId: product.id, quantity: 1.5 }, { productId: product.id }, { productId: product.id, quantity: 1e11 }]) {
      const res = await client.request(ADD_TO_CART, variables);
      expect(res.errors?.length).toBeGreaterThan(0);
    }
    const { updateCartItem } = await client.data(UPDATE, { itemId: "y".repeat(10_000), quantity: 1 });
    expect(updateCartItem.__typename).toBe("NotFoundError");
    expect((await client.data(CART)).cart).toEqual([]);
  });
});

describe("the guest cart's products", () => {
  it("are read in one query by id list, with the server's current price and stock", async () => {
    const a = await makeProduct(t.prisma, { stock: 4, price: "1500.00" });
    const b = await makeProduct(t.prisma, { stock: 0, price: "990.50" });
    t.queries.length = 0;
    const { cartProducts } = await t.client().data(GUEST_PRODUCTS, { ids: [a.id, b.id, "00000000-0000-4000-8000-000000000000", "junk"] });
    expect(cartProducts.map((p: any) => [p.id, p.price, p.stock]).sort()).toEqual([[a.id, "1500.00", 4], [b.id, "990.50", 0]].sort());
    expect(t.queries.filter((q) => /FROM "public"\."products"/.test(q))).toHaveLength(1);
    const tooMany = await t.client().request(GUEST_PRODUCTS, { ids: Array.from({ length: 51 }, () => a.id) });
    expect(tooMany.errors?.[0]?.message).toBe("A cart can hold at most 50 different items");
  });
});

// Admin price entry: the server reads amounts with the shared product rule (common/product-validation.ts),
// so "12,500" is twelve thousand five hundred naira, and an amount that could be read two ways is refused.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
let admin: GraphQLClient;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
  admin = await t.admin();
});
afterAll(() => t?.close());

const CREATE = `mutation($input: AdminProductInput!) {
  createProduct(input: $input) {
    __typename
    ... on ValidationError { message field }
    ... on MutationCreateProductSuccess { data { id price originalPrice } }
  }
}`;
const UPDATE = `mutation($id: ID!, $input: AdminProductInput!) {
  updateProduct(id: $id, input: $input) {
    __typename
    ... on ValidationError { message field }
    ... on MutationUpdateProductSuccess { data { price originalPrice } }
  }
}`;

describe("prices as a Nigerian admin types them", () => {
  it.each([
    ["12,500", "12500.00"],
    ["12500", "12500.00"],
    ["₦12,500", "12500.00"],
    ["N12,500", "12500.00"],
    ["12,500.50", "12500.50"],
  ])("%s is stored as %s", async (typed, stored) => {
    const res = await admin.data(CREATE, { input: { name: `Ankara Gown ${typed}`, price: typed, originalPrice: "₦20,000", stock: 1 } });
    expect(res.createProduct.__typename).toBe("MutationCreateProductSuccess");
    expect(res.createProduct.data).toMatchObject({ price: stored, originalPrice: "20000.00" });
    const row = await t.prisma.product.findUniqueOrThrow({ where: { id: res.createProduct.data.id } });
    expect(row.price.toFixed(2)).toBe(stored);
  });

  const unclear = (text: string, label = "Price") =>
    `${label} "${text}" is unclear: use a comma between thousands and a dot only before kobo (e.g. 12,500 or 12,500.50)`;

  it.each([
    [{ price: "12.500" }, "price", unclear("12.500")],
    [{ price: "12,50" }, "price", unclear("12,50")],
    [{ price: "1,2,3" }, "price", unclear("1,2,3")],
    [{ price: "12k" }, "price", "Price must be an amount of naira (e.g. 12,500 or 12,500.50)"],
    [{ price: "-12,500" }, "price", "Price cannot be negative"],
    [{ price: "12,500", originalPrice: "15.000" }, "originalPrice", unclear("15.000", "Original price")],
  ])("%j is refused with a clear message and nothing is created", async (patch, field, message) => {
    const before = await t.prisma.product.count();
    const res = await admin.data(CREATE, { input: { name: "Unclear Price Top", stock: 1, ...patch } });
    expect(res.createProduct).toEqual({ __typename: "ValidationError", field, message });
    expect(await t.prisma.product.count()).toBe(before);
  });

  it("an edit reads the price the same way and an unclear one changes nothing", async () => {
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const input = { name: product.name, slug: product.slug, stock: 5 };
    const ok = await admin.data(UPDATE, { id: product.id, input: { ...input, price: "₦7,500" } });
    expect(ok.updateProduct.data.price).toBe("7500.00");
    const bad = await admin.data(UPDATE, { id: product.id, input: { ...input, price: "7.500" } });
    expect(bad.updateProduct).toEqual({ __typename: "ValidationError", field: "price", message: unclear("7.500") });
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).price.toFixed(2)).toBe("7500.00");
  });
});

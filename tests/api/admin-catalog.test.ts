import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { makeOrder } from "./admin-fixtures.ts";
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
    ... on MutationCreateProductSuccess { data { id name slug price originalPrice stock size imageUrl galleryUrls category { name } } }
  }
}`;
const UPDATE = `mutation($id: ID!, $input: AdminProductInput!) {
  updateProduct(id: $id, input: $input) {
    __typename
    ... on Error { message }
    ... on MutationUpdateProductSuccess { data { id name slug price stock } }
  }
}`;
const DELETE = `mutation($id: ID!) { deleteProduct(id: $id) { __typename ... on Error { message } ... on MutationDeleteProductSuccess { data } } }`;

async function anyCategory() {
  return t.prisma.category.upsert({
    where: { slug: "ladies-tops" },
    create: { name: "Ladies - Tops", slug: "ladies-tops", main: "Ladies" },
    update: {},
  });
}

describe("adding and editing products", () => {
  it("adds a product: slug made from the name, empty optional fields become null, gallery kept", async () => {
    const category = await anyCategory();
    const res = await admin.data(CREATE, {
      input: {
        name: "  Vintage Denim Jacket (Blue)! ",
        slug: "",
        price: "12500.50",
        originalPrice: "",
        stock: 3,
        categoryId: category.id,
        imageUrl: "/uploads/product-images/a.jpg",
        galleryUrls: ["/uploads/product-images/b.jpg", "https://res.cloudinary.com/demo/image/upload/v1/product-images/c.jpg"],
        size: "",
      },
    });
    expect(res.createProduct.__typename).toBe("MutationCreateProductSuccess");
    expect(res.createProduct.data).toMatchObject({
      name: "Vintage Denim Jacket (Blue)!",
      slug: "vintage-denim-jacket-blue",
      price: "12500.50",
      originalPrice: null,
      size: null,
      stock: 3,
      imageUrl: "/uploads/product-images/a.jpg",
      category: { name: category.name },
    });
    expect(res.createProduct.data.galleryUrls).toHaveLength(2);
    // The same name again gets a free slug rather than failing.
    const again = await admin.data(CREATE, { input: { name: "Vintage Denim Jacket (Blue)!", price: "1000", stock: 1 } });
    expect(again.createProduct.data.slug).toBe("vintage-denim-jacket-blue-2");
    // It is on the storefront.
    const { product } = await t.client().data(`query($slug: String!) { product(slug: $slug) { name galleryUrls } }`, { slug: "vintage-denim-jacket-blue" });
    expect(product.galleryUrls).toHaveLength(2);
  });

  it.each([
    [{ name: "  ", price: "100", stock: 1 }, "Product name is required"],
    [{ name: "Top", price: "abc", stock: 1 }, "Price must be an amount of naira (e.g. 12,500 or 12,500.50)"],
    [{ name: "Top", price: "0", stock: 1 }, "Price must be a positive amount of naira"],
    [{ name: "Top", price: "100", stock: -1 }, "Stock must be a whole number of 0 or more"],
    [{ name: "Top", price: "100", originalPrice: "50", stock: 1 }, "Original price must be higher than the price"],
    [{ name: "Top", price: "100", stock: 1, categoryId: "00000000-0000-4000-8000-000000000000" }, "Choose a category from the list"],
    [{ name: "Top", price: "100", stock: 1, imageUrl: "javascript:alert(1)" }, "Image must be an uploaded image URL"],
  ])("rejects bad input %j with a clear message and creates nothing", async (input, message) => {
    const before = await t.prisma.product.count();
    const res = await admin.data(CREATE, { input });
    expect(res.createProduct).toMatchObject({ __typename: "ValidationError", message });
    expect(await t.prisma.product.count()).toBe(before);
  });

  it("an explicit slug already in use is refused", async () => {
    const existing = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const res = await admin.data(CREATE, { input: { name: "Other", slug: existing.slug, price: "100", stock: 1 } });
    expect(res.createProduct).toMatchObject({ __typename: "ValidationError", message: `Another product already uses the slug "${existing.slug}"` });
  });

  it("an edit changes only what it names: left-out fields keep their value, null clears, and the whole product is checked", async () => {
    const category = await anyCategory();
    const inAMonth = new Date(Math.floor((Date.now() + 30 * 24 * 3600_000) / 1000) * 1000 + 123);
    const product = await t.prisma.product.create({
      data: {
        name: "Partial edit gown", slug: `partial-${Date.now()}`, price: "9000", originalPrice: "12000", stock: 2, categoryId: category.id,
        size: "M", description: "Wine-red, lined", condition: "like_new", flawNotes: "Tiny pull at the hem", pitToPitCm: "48.5", lengthCm: "120",
        goesLiveAt: inAMonth, galleryUrls: ["/images/demo/gown.svg"],
      },
    });
    const edit = (input: Record<string, unknown>) => admin.data(UPDATE, { id: product.id, input: { name: product.name, price: "9000", stock: 2, ...input } });
    const stored = () => t.prisma.product.findUniqueOrThrow({ where: { id: product.id } });

    expect((await edit({ stock: 3 })).updateProduct.__typename).toBe("MutationUpdateProductSuccess");
    let now = await stored();
    expect(now).toMatchObject({ stock: 3, slug: product.slug, categoryId: category.id, size: "M", description: "Wine-red, lined", condition: "like_new", flawNotes: "Tiny pull at the hem", galleryUrls: ["/images/demo/gown.svg"] });
    expect([now.originalPrice?.toFixed(2), now.pitToPitCm?.toFixed(1), now.lengthCm?.toFixed(1)]).toEqual(["12000.00", "48.5", "120.0"]);
    expect(now.goesLiveAt).toEqual(inAMonth); // to the millisecond

    // One measurement named: the others stay. Null clears what it names.
    await edit({ measurements: { length: 118 }, description: null, flawNotes: "" });
    now = await stored();
    expect([now.pitToPitCm?.toFixed(1), now.lengthCm?.toFixed(1), now.description, now.flawNotes, now.size]).toEqual(["48.5", "118.0", null, null, "M"]);

    // Checked with the stored fields: a price at the stored original price is refused, nothing changes.
    const refused = await edit({ price: "12000" });
    expect(refused.updateProduct).toEqual({ __typename: "ValidationError", message: "Original price must be higher than the price" });
    expect((await stored()).price.toFixed(2)).toBe("9000.00");
  });

  it("edits a product and audits price and stock changes", async () => {
    const product = await makeProduct(t.prisma, { price: "5000", stock: 5 });
    const res = await admin.data(UPDATE, { id: product.id, input: { name: product.name, slug: product.slug, price: "4500", stock: 7 } });
    expect(res.updateProduct.data).toMatchObject({ price: "4500.00", stock: 7, slug: product.slug });
    const audit = await t.prisma.auditEntry.findFirstOrThrow({ where: { entityId: product.id, action: "product.update" } });
    expect(audit.before).toMatchObject({ price: "5000.00", stock: 5 });
    expect(audit.after).toMatchObject({ price: "4500.00", stock: 7 });
  });

  it("an edit started before a sale keeps the sale: a stock left as it was keeps the current count, one changed by both is refused", async () => {
    const product = await makeProduct(t.prisma, { price: "5000", stock: 1 });
    const EDIT = `mutation($id: ID!, $input: AdminProductInput!, $stockWas: Int) {
      updateProduct(id: $id, input: $input, stockWas: $stockWas) { __typename ... on Error { message } ... on MutationUpdateProductSuccess { data { name stock } } } }`;
    // The dialog opened at stock 1; the piece then sold (in a DM, at the stall or on the site).
    await t.prisma.product.update({ where: { id: product.id }, data: { stock: 0 } });
    const typo = await admin.data(EDIT, { id: product.id, stockWas: 1, input: { name: "Ankara wrap skirt", slug: product.slug, price: "5000", stock: 1 } });
    expect(typo.updateProduct).toEqual({ __typename: "MutationUpdateProductSuccess", data: { name: "Ankara wrap skirt", stock: 0 } });
    const restock = await admin.data(EDIT, { id: product.id, stockWas: 1, input: { name: "Ankara wrap skirt", slug: product.slug, price: "5000", stock: 3 } });
    expect(restock.updateProduct).toEqual({ __typename: "ValidationError", message: "The stock changed to 0 while you were editing (a sale, or someone else's edit). Check it and save again." });
    expect((await t.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stock).toBe(0);
    // From the count it now shows: written.
    const again = await admin.data(EDIT, { id: product.id, stockWas: 0, input: { name: "Ankara wrap skirt", slug: product.slug, price: "5000", stock: 3 } });
    expect(again.updateProduct.data.stock).toBe(3);
  });
});

describe("deleting products", () => {
  it("deletes a product; past orders keep the item's name and price", async () => {
    const product = await makeProduct(t.prisma, { name: "Pleated Midi Skirt", price: "8000", stock: 5 });
    const order = await makeOrder(t.prisma, [{ product, quantity: 1 }]);
    const res = await admin.data(DELETE, { id: product.id });
    expect(res.deleteProduct.data).toBe(product.id);
    expect(await t.prisma.product.findUnique({ where: { id: product.id } })).toBeNull();
    const item = await t.prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
    expect(item).toMatchObject({ productId: null, productName: "Pleated Midi Skirt" });
    expect(item.price.toFixed(2)).toBe("8000.00");
    expect(await t.prisma.auditEntry.count({ where: { entityId: product.id, action: "product.delete" } })).toBe(1);
  });

  it("answers Product not found for an unknown id", async () => {
    const res = await admin.data(DELETE, { id: "00000000-0000-4000-8000-000000000000" });
    expect(res.deleteProduct).toEqual({ __typename: "NotFoundError", message: "Product not found" });
  });

  it("lists every product newest first with its category name", async () => {
    const { adminProducts } = await admin.data(`{ adminProducts { name createdAt category { name } } }`);
    const dates = adminProducts.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(adminProducts.some((p: { category: { name: string } | null }) => p.category?.name === "Ladies - Tops")).toBe(true);
  });
});

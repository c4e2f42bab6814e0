// Product addresses survive renames: the old slug answers a permanent redirect (the page) and still
// finds the product (GraphQL), and no other product may take it. Slugs transliterate accents.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";

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
    ... on MutationCreateProductSuccess { data { id slug } }
  }
}`;
const UPDATE = `mutation($id: ID!, $input: AdminProductInput!) {
  updateProduct(id: $id, input: $input) {
    __typename
    ... on Error { message }
    ... on MutationUpdateProductSuccess { data { slug } }
  }
}`;
const PRODUCT = `query($slug: String!) { product(slug: $slug) { id name slug } }`;

async function create(name: string, slug: string | null = null) {
  const res = await admin.data(CREATE, { input: { name, slug, price: "5,000", stock: 2 } });
  return res.createProduct;
}

async function rename(id: string, name: string, slug: string | null = null) {
  return (await admin.data(UPDATE, { id, input: { name, slug, price: "5,000", stock: 2 } })).updateProduct;
}

const get = (path: string) => fetch(`${t.url}${path}`, { redirect: "manual" });

describe("slugs", () => {
  it("transliterate accented names: Gèlè becomes gele", async () => {
    const created = await create("Gèlè Head Tie");
    expect(created.data.slug).toBe("gele-head-tie");
    expect((await create("Aṣọ Ẹbí Lace")).data.slug).toBe("aso-ebi-lace");
  });

  it("a renamed product keeps its old address: 301 to the new one, and GraphQL finds it by the old slug", async () => {
    const { data: product } = await create("Ankara Wrap Dress");
    expect((await rename(product.id, "Ankara Wrap Dress (Size 12)", "ankara-wrap-dress-size-12")).data.slug).toBe("ankara-wrap-dress-size-12");
    expect((await rename(product.id, "Ankara Maxi Dress", "ankara-maxi-dress")).data.slug).toBe("ankara-maxi-dress");

    for (const old of ["ankara-wrap-dress", "ankara-wrap-dress-size-12"]) {
      const res = await get(`/products/${old}?utm_source=whatsapp`);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/products/ankara-maxi-dress?utm_source=whatsapp");
      const { product: found } = await t.client().data(PRODUCT, { slug: old });
      expect(found).toEqual({ id: product.id, name: "Ankara Maxi Dress", slug: "ankara-maxi-dress" });
    }
    const current = await get("/products/ankara-maxi-dress");
    expect(current.status).toBe(200);
    expect(await current.text()).toContain("<title>Ankara Maxi Dress | ");
    expect((await get("/products/never-existed")).status).toBe(404);
  });

  it("no other product may take a slug a product used before, by hand or from its name", async () => {
    const { data: first } = await create("Kente Shirt");
    await rename(first.id, "Kente Shirt Blue", "kente-shirt-blue");
    const explicit = await create("Another Shirt", "kente-shirt");
    expect(explicit).toEqual({ __typename: "ValidationError", field: "slug", message: 'Another product already uses the slug "kente-shirt"' });
    const derived = await create("Kente Shirt");
    expect(derived.data.slug).toBe("kente-shirt-2");
    // The old address still leads to the first product.
    expect((await get("/products/kente-shirt")).headers.get("location")).toBe("/products/kente-shirt-blue");
  });

  it("a product can go back to a slug it had before", async () => {
    const { data: product } = await create("Denim Jacket");
    await rename(product.id, "Denim Jacket Light", "denim-jacket-light");
    expect((await rename(product.id, "Denim Jacket", "denim-jacket")).data.slug).toBe("denim-jacket");
    expect((await get("/products/denim-jacket")).status).toBe(200);
    expect((await get("/products/denim-jacket-light")).headers.get("location")).toBe("/products/denim-jacket");
  });

  it("deleting a product frees its old slugs", async () => {
    const { data: product } = await create("Lace Blouse");
    await rename(product.id, "Lace Blouse Cream", "lace-blouse-cream");
    await admin.data(`mutation($id: ID!) { deleteProduct(id: $id) { __typename } }`, { id: product.id });
    expect((await get("/products/lace-blouse")).status).toBe(404);
    expect((await create("Lace Blouse")).data.slug).toBe("lace-blouse");
  });
});

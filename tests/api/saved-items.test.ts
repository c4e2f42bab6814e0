// Saved items (the heart): a signed-in shopper's list on the server, a guest's read by id, and the
// guest list merged at sign-in. Over real HTTP, on PostgreSQL and the embedded database.
import { randomUUID } from "node:crypto";
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { loadTrustedDocuments } from "../../server/src/cache/trusted-documents.ts";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../../server/src/cache/response-cache.ts";
import { signedInCustomer } from "../helpers/orders.ts";
import { details, placeOrder } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false });
});
afterAll(() => t?.close());

const SAVED = `{ savedItems { savedAt product { id name stock onHold } } }`;
const SAVE = `mutation($productId: ID!) { saveItem(productId: $productId) {
  __typename ... on Error { message } ... on MutationSaveItemSuccess { data { savedAt product { id } } } } }`;
const UNSAVE = `mutation($productId: ID!) { unsaveItem(productId: $productId) {
  __typename ... on Error { message } ... on MutationUnsaveItemSuccess { data } } }`;
const MERGE = `mutation($productIds: [ID!]!) { mergeSavedItems(productIds: $productIds) {
  __typename ... on Error { message } ... on MutationMergeSavedItemsSuccess { data { product { id } } } } }`;
const BY_IDS = `query($ids: [ID!]!) { productsByIds(ids: $ids) { id name stock onHold } }`;
const MARK_PAID = `mutation($orderId: ID!) { markOrderPaid(orderId: $orderId) { __typename ... on Error { message } } }`;

const MISSING = "00000000-0000-4000-8000-000000000000";

async function savedIds(client: GraphQLClient): Promise<string[]> {
  return (await client.data(SAVED)).savedItems.map((s: { product: { id: string } }) => s.product.id);
}

describe("saved items of a signed-in shopper", () => {
  it("guests cannot read or change a server list (please log in), and nothing is written", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const guest = t.client();
    for (const [query, variables] of [
      [SAVED, {}],
      [SAVE, { productId: product.id }],
      [UNSAVE, { productId: product.id }],
      [MERGE, { productIds: [product.id] }],
    ] as const) {
      const res = await guest.request(query, variables);
      expect(res.errors?.[0]?.message).toBe("Please log in to continue");
      expect(res.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
    expect(await t.prisma.savedItem.count({ where: { productId: product.id } })).toBe(0);
  });

  it("saving twice keeps one entry with its first time; the list is newest first; unsaving twice is fine", async () => {
    const [a, b] = [await makeProduct(t.prisma, { stock: 1 }), await makeProduct(t.prisma, { stock: 1 })];
    const { client } = await signedInCustomer(t);
    const first = (await client.data(SAVE, { productId: a.id })).saveItem;
    expect(first.__typename).toBe("MutationSaveItemSuccess");
    const again = (await client.data(SAVE, { productId: a.id.toUpperCase() })).saveItem;
    expect(again.data).toEqual(first.data);
    await client.data(SAVE, { productId: b.id });
    expect(await savedIds(client)).toEqual([b.id, a.id]);

    expect((await client.data(UNSAVE, { productId: a.id })).unsaveItem).toEqual({ __typename: "MutationUnsaveItemSuccess", data: a.id });
    expect((await client.data(UNSAVE, { productId: a.id })).unsaveItem).toEqual({ __typename: "MutationUnsaveItemSuccess", data: a.id });
    expect(await savedIds(client)).toEqual([b.id]);
  });

  it("merging a guest list adds what is missing, skips deleted products, and merging again changes nothing", async () => {
    const [kept, guestOnly, other] = [await makeProduct(t.prisma, { stock: 1 }), await makeProduct(t.prisma, { stock: 2 }), await makeProduct(t.prisma, { stock: 1 })];
    const { client, userId } = await signedInCustomer(t);
    await client.data(SAVE, { productId: kept.id });
    const keptAt = (await t.prisma.savedItem.findFirstOrThrow({ where: { userId, productId: kept.id } })).createdAt;

    const list = [guestOnly.id, kept.id, MISSING, other.id, guestOnly.id];
    const merged = (await client.data(MERGE, { productIds: list })).mergeSavedItems;
    expect(merged.__typename).toBe("MutationMergeSavedItemsSuccess");
    expect(merged.data.map((s: { product: { id: string } }) => s.product.id).sort()).toEqual([kept.id, guestOnly.id, other.id].sort());

    const again = (await client.data(MERGE, { productIds: list })).mergeSavedItems;
    expect(again.data).toEqual(merged.data);
    expect(await t.prisma.savedItem.count({ where: { userId } })).toBe(3);
    expect((await t.prisma.savedItem.findFirstOrThrow({ where: { userId, productId: kept.id } })).createdAt).toEqual(keptAt);
    expect((await client.data(MERGE, { productIds: [] })).mergeSavedItems.data).toHaveLength(3);
  });

  it("another shopper can neither see nor remove my saved items", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const owner = await signedInCustomer(t, "Ada Obi");
    const stranger = await signedInCustomer(t, "Bola Ade");
    await owner.client.data(SAVE, { productId: product.id });

    expect(await savedIds(stranger.client)).toEqual([]);
    // Their unsave is about their own list: mine keeps the item.
    await stranger.client.data(UNSAVE, { productId: product.id });
    await stranger.client.data(SAVE, { productId: product.id });
    await stranger.client.data(UNSAVE, { productId: product.id });
    expect(await savedIds(owner.client)).toEqual([product.id]);
    expect(await t.prisma.savedItem.count({ where: { productId: product.id } })).toBe(1);
  });

  it("bad product ids are refused with a message and change nothing", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const { client, userId } = await signedInCustomer(t);
    await client.data(SAVE, { productId: product.id });

    for (const bad of ["junk", "", "<script>alert(1)</script>", "x".repeat(5000), `${product.id}x`]) {
      expect((await client.data(SAVE, { productId: bad })).saveItem).toEqual({ __typename: "ValidationError", message: "Not a valid product id" });
      expect((await client.data(UNSAVE, { productId: bad })).unsaveItem).toEqual({ __typename: "ValidationError", message: "Not a valid product id" });
    }
    expect((await client.data(SAVE, { productId: MISSING })).saveItem).toEqual({ __typename: "NotFoundError", message: "Product not found" });

    const another = await makeProduct(t.prisma, { stock: 1 });
    expect((await client.data(MERGE, { productIds: [another.id, "not-a-uuid"] })).mergeSavedItems).toEqual({
      __typename: "ValidationError",
      message: "Product id number 2 is not a valid product id",
    });
    const tooMany = Array.from({ length: 101 }, () => randomUUID());
    expect((await client.data(MERGE, { productIds: tooMany })).mergeSavedItems).toEqual({ __typename: "ValidationError", message: "At most 100 product ids at a time" });
    // GraphQL reads a lone value as a list of one: still a bad id.
    expect((await client.data(MERGE, { productIds: "nope" })).mergeSavedItems.message).toBe("Product id number 1 is not a valid product id");
    for (const variables of [{ productIds: [1.5] }, { productIds: null }, {}]) {
      const res = await client.request(MERGE, variables);
      expect(res.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    }
    expect(await savedIds(client)).toEqual([product.id]);
    expect(await t.prisma.savedItem.count({ where: { userId } })).toBe(1);
  });

  it("a list holds at most 100 items; a merge past that leaves the rest out instead of failing", async () => {
    const { client, userId } = await signedInCustomer(t);
    const category = `bulk-${randomUUID().slice(0, 6)}`;
    await t.prisma.product.createMany({
      data: Array.from({ length: 102 }, (_, i) => ({ name: `Bulk ${i}`, slug: `${category}-${i}`, price: "1000.00", stock: 1 })),
    });
    const bulk = await t.prisma.product.findMany({ where: { slug: { startsWith: category } }, select: { id: true }, orderBy: { slug: "asc" } });
    await t.prisma.savedItem.createMany({ data: bulk.slice(0, 99).map((p) => ({ userId, productId: p.id })) });

    const merged = (await client.data(MERGE, { productIds: bulk.slice(99).map((p) => p.id) })).mergeSavedItems;
    expect(merged.data).toHaveLength(100);
    expect((await client.data(SAVE, { productId: bulk[101]!.id })).saveItem).toEqual({
      __typename: "ValidationError",
      message: "You can save at most 100 items. Remove some to save more.",
    });
    // Saving one already saved is still fine at the limit.
    expect((await client.data(SAVE, { productId: bulk[0]!.id })).saveItem.__typename).toBe("MutationSaveItemSuccess");
    expect(await t.prisma.savedItem.count({ where: { userId } })).toBe(100);
  });

  it("an item that sells stays saved: on hold while the order is unpaid, then sold (stock 0, not on hold)", async () => {
    const product = await makeProduct(t.prisma, { name: "Saved Ankara Gown", stock: 1, price: "9000.00" });
    const { client } = await signedInCustomer(t);
    await client.data(SAVE, { productId: product.id });
    expect((await client.data(SAVED)).savedItems[0].product).toEqual({ id: product.id, name: "Saved Ankara Gown", stock: 1, onHold: false });

    const placed = await placeOrder(t.client(), { ...details(), items: [{ productId: product.id, quantity: 1 }] });
    expect(placed.__typename).toBe("MutationPlaceOrderSuccess");
    expect((await client.data(SAVED)).savedItems[0].product).toMatchObject({ stock: 0, onHold: true });

    const admin = await t.admin();
    expect((await admin.data(MARK_PAID, { orderId: placed.data.order.id })).markOrderPaid.__typename).toBe("MutationMarkOrderPaidSuccess");
    expect((await client.data(SAVED)).savedItems[0].product).toMatchObject({ id: product.id, stock: 0, onHold: false });
  });

  it("a deleted product leaves every list", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const { client } = await signedInCustomer(t);
    await client.data(SAVE, { productId: product.id });
    await t.prisma.product.delete({ where: { id: product.id } });
    expect(await savedIds(client)).toEqual([]);
  });
});

describe("a guest's saved items, read by id", () => {
  it("answers current stock in the order asked, leaves unknown ids out, for anybody", async () => {
    const [a, b] = [await makeProduct(t.prisma, { stock: 2 }), await makeProduct(t.prisma, { stock: 0 })];
    const { productsByIds } = await t.client().data(BY_IDS, { ids: [b.id, MISSING, a.id.toUpperCase(), b.id] });
    expect(productsByIds).toEqual([
      { id: b.id, name: b.name, stock: 0, onHold: false },
      { id: a.id, name: a.name, stock: 2, onHold: false },
    ]);
    expect((await t.client().data(BY_IDS, { ids: [] })).productsByIds).toEqual([]);
  });

  it("refuses a bad id or too many ids with a message", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const bad = await t.client().request(BY_IDS, { ids: [product.id, "junk"] });
    expect(bad.errors?.[0]).toMatchObject({ message: "Product id number 2 is not a valid product id", extensions: { code: "BAD_USER_INPUT" } });
    const many = await t.client().request(BY_IDS, { ids: Array.from({ length: 101 }, () => randomUUID()) });
    expect(many.errors?.[0]).toMatchObject({ message: "At most 100 product ids at a time", extensions: { code: "BAD_USER_INPUT" } });
  });

  it("the page's guest query goes by GET with its document id and is public and cacheable; the account's list is private", async () => {
    const product = await makeProduct(t.prisma, { stock: 1 });
    const idOf = (name: string) => [...loadTrustedDocuments()].find(([, text]) => new RegExp(`\\bquery ${name}\\b`).test(text))![0];
    const get = (name: string, variables: Record<string, unknown> | undefined, cookie?: string) =>
      fetch(
        `${t.url}/graphql?${new URLSearchParams({
          operationName: name,
          extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: idOf(name) } }),
          ...(variables ? { variables: JSON.stringify(variables) } : {}),
        })}`,
        { headers: { "apollo-require-preflight": "1", ...(cookie ? { cookie } : {}) } },
      );
    const guest = await get("SavedGuestProducts", { ids: [product.id] });
    expect(guest.status).toBe(200);
    expect((await guest.json()).data.productsByIds[0]).toMatchObject({ id: product.id, stock: 1, onHold: false });
    expect(guest.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);

    const { client } = await signedInCustomer(t);
    const mine = await get("SavedItemsPage", undefined, client.cookie!);
    expect((await mine.json()).data.savedItems).toEqual([]);
    expect(mine.headers.get("cache-control")).toBe(PRIVATE_CACHE_CONTROL);
  });
});

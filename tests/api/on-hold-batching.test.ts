// "On hold" costs a listing no statement of its own (its page query says it), and anywhere else one
// statement per request for every sold-out product that asked, none when all are in stock; a failed
// statement answers every field that asked (none is left waiting).
import { randomUUID } from "node:crypto";
import { requestStatements, startTestStore, type TestStore } from "../helpers/store.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { createTestOrder } from "../helpers/orders.ts";

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(async () => {
  await t?.close();
});

const PAGE = `query OnHoldPage($limit: Int) { products(limit: $limit) { items { id stock onHold } } }`;

async function post(query: string, variables: Record<string, unknown>) {
  // A request left waiting fails here in seconds instead of hanging the test.
  const res = await fetch(`${t.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(10_000),
  });
  return res.json();
}

describe("On hold on a page of products", () => {
  it("a listing's page says it in the page's own statement, sold out or not", async () => {
    const products = await t.prisma.product.findMany({ take: 3, orderBy: { createdAt: "desc" }, select: { id: true } });
    await t.prisma.product.updateMany({ where: { id: { in: products.map((p) => p.id) } }, data: { stock: 0 } });
    await t.client().data(`{ categories { slug } }`); // lets the store hear the write above
    t.queries.length = 0;
    const { data } = await post(PAGE, { limit: 3 });
    expect(data.products.items.map((p: { stock: number; onHold: boolean }) => [p.stock, p.onHold])).toEqual([
      [0, false],
      [0, false],
      [0, false],
    ]);
    // One statement reads the page, "On hold" with it; nothing else reads products or orders.
    const reads = requestStatements(t.queries).filter((q) => /\b(products|order_items)\b/.test(q));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/"onHold"/);
  });

  it("elsewhere costs one statement however many products are sold out, and none when all are in stock", async () => {
    const products = await t.prisma.product.findMany({ take: 3, orderBy: { createdAt: "desc" }, select: { id: true } });
    const ids = products.map((p) => p.id);
    const BY_IDS = `query OnHoldByIds($ids: [ID!]!) { productsByIds(ids: $ids) { id onHold } }`;
    await t.prisma.product.updateMany({ where: { id: { in: ids } }, data: { stock: 1 } });
    await t.client().data(`{ categories { slug } }`);
    t.queries.length = 0;
    await post(BY_IDS, { ids });
    expect(requestStatements(t.queries).filter((q) => /order_items/.test(q))).toHaveLength(0);

    await t.prisma.product.updateMany({ where: { id: { in: ids } }, data: { stock: 0 } });
    await t.client().data(`{ categories { slug } }`);
    t.queries.length = 0;
    // Another document: a stock change joins new values into the kept answer rather than dropping it
    // (decision 026), and this measures the lookup itself.
    const { data } = await post(BY_IDS.replace("OnHoldByIds", "OnHoldByIdsSoldOut"), { ids });
    expect(data.productsByIds.map((p: { onHold: boolean }) => p.onHold)).toEqual([false, false, false]);
    expect(requestStatements(t.queries).filter((q) => /order_items/.test(q))).toHaveLength(1);
  });

  it("answers every field that asked with an error when the statement fails, leaving none waiting", async () => {
    const soldOut = await t.prisma.product.findMany({ where: { stock: 0 }, take: 2, select: { slug: true } });
    expect(soldOut).toHaveLength(2);
    await t.client().data(`{ categories { slug } }`);
    await t.prisma.$executeRawUnsafe(`ALTER TABLE order_items RENAME TO order_items_away`);
    try {
      // Two separate product fields: a failure in one must not leave the other's answer pending.
      const res = await post(`query OnHoldFailure($a: String!, $b: String!) { a: product(slug: $a) { onHold } b: product(slug: $b) { onHold } }`, {
        a: soldOut[0]!.slug,
        b: soldOut[1]!.slug,
      });
      expect(res.data).toEqual({ a: null, b: null });
      // Both fields get the error (the order of the errors list is not part of the contract).
      expect(res.errors.map((e: { path: string[] }) => e.path.join(".")).sort()).toEqual(["a.onHold", "b.onHold"]);
    } finally {
      await t.prisma.$executeRawUnsafe(`ALTER TABLE order_items_away RENAME TO order_items`);
    }
  });
});

// The fields read their product's stock and condition without asking for them: a query that
// selects only onHold or conditionLabel still gets the right answer, however the product was loaded.
describe("On hold and the condition's name asked alone", () => {
  it("are right for a product page, a list by ids and a listing", async () => {
    const product = await makeProduct(t.prisma, { stock: 1, name: `Held alone ${randomUUID().slice(0, 8)}` });
    await t.prisma.product.update({ where: { id: product.id }, data: { condition: "like_new" } });
    await createTestOrder(t.prisma, { productId: product.id, quantity: 1 });
    const client = t.client();
    const page = await client.data(`query($slug: String!) { product(slug: $slug) { onHold conditionLabel } }`, { slug: product.slug });
    expect(page.product).toEqual({ onHold: true, conditionLabel: "Like new" });
    const byIds = await client.data(`query($ids: [ID!]!) { productsByIds(ids: $ids) { onHold conditionLabel } }`, { ids: [product.id] });
    expect(byIds.productsByIds).toEqual([{ onHold: true, conditionLabel: "Like new" }]);
    const listing = await client.data(`query($search: String) { products(filter: { search: $search }) { items { onHold conditionLabel } } }`, { search: product.name });
    expect(listing.products.items).toEqual([{ onHold: true, conditionLabel: "Like new" }]);
  });
});

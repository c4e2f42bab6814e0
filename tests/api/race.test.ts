// The one-of-a-kind rule: runs on PostgreSQL and on the embedded database (two Jest projects).
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { ADD_TO_CART, details, placeOrder, postPlaceOrder, signedUp } from "../helpers/shopper.ts";
import { makeProduct } from "../helpers/fixtures.ts";
import { testDbMode } from "../helpers/databases.ts";
import pg from "pg";
import { CATALOGUE_CHANNEL } from "../../server/src/cache/catalogue-version.ts";

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

  if (testDbMode() === "postgres") {
    // Issue 25: on a drop, checkouts of one piece used to wait on its row lock inside the
    // database, each holding one of the pool's ten connections, so the rest of the shop waited for
    // a connection (and a checkout of anything else failed "briefly unavailable").
    it("checkouts of a piece being sold wait in the server, not on pooled connections: one waits on the row, other sales go through, all are answered", async () => {
      const piece = await makeProduct(t.prisma, { name: "Drop Night Adire Kaftan", stock: 1 });
      const other = await makeProduct(t.prisma, { stock: 5 });
      // Another instance's checkout holding the piece's row lock, as in the middle of its sale.
      const holder = new pg.Client({ connectionString: t.databaseUrl! });
      await holder.connect();
      // Watched from outside the holder's transaction, whose pg_stat_activity stays as it first read it.
      const watcher = new pg.Client({ connectionString: t.databaseUrl! });
      await watcher.connect();
      const waitingOnLock = async () =>
        (await watcher.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'thrift-store' AND wait_event_type = 'Lock'",
        )).rows[0]!.n;
      try {
        await holder.query("BEGIN");
        await holder.query("SELECT stock FROM products WHERE id = $1 FOR UPDATE", [piece.id]);
        const attempts = Array.from({ length: 15 }, () => placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] }));
        for (let i = 0; i < 100 && (await waitingOnLock()) < 1; i++) await new Promise((resolve) => setTimeout(resolve, 50));
        // Time for every other attempt to reach the database, had it gone there.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(await waitingOnLock()).toBe(1);
        const elsewhere = await placeOrder(t.client(), { ...details(), items: [{ productId: other.id, quantity: 1 }] });
        expect(elsewhere.__typename).toBe("MutationPlaceOrderSuccess");
        await holder.query("UPDATE products SET stock = 0 WHERE id = $1", [piece.id]);
        await holder.query("COMMIT");
        const results = await Promise.all(attempts);
        for (const r of results) expect(r).toMatchObject({ __typename: "InsufficientStockError", message: "Drop Night Adire Kaftan is out of stock" });
        expect(await t.prisma.orderItem.count({ where: { productId: piece.id } })).toBe(0);
      } finally {
        await holder.end();
        await watcher.end();
      }
    });

    it("a checkout's answer waits for its own pieces' values, not a marker through the notifications; a refused one waits for nothing", async () => {
      const piece = await makeProduct(t.prisma, { stock: 1 });
      const listener = new pg.Client({ connectionString: t.databaseUrl! });
      await listener.connect();
      const heard: string[] = [];
      listener.on("notification", (message) => heard.push(message.payload ?? ""));
      await listener.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      try {
        // Plain requests: the test client would wait for a sync marker of its own before each.
        const send = async (query: string, variables: Record<string, unknown>) => {
          const res = await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", "apollo-require-preflight": "1" }, body: JSON.stringify({ query, variables }) });
          return ((await res.json()) as { data: Record<string, { __typename?: string; stock?: number }> }).data;
        };
        const read = async () => (await send(`query($slug: String!) { product(slug: $slug) { id stock } }`, { slug: piece.slug })).product!.stock;
        const buy = async () => {
          const res = await postPlaceOrder(t.url, { ...details(), items: [{ productId: piece.id, quantity: 1 }] }, { "apollo-require-preflight": "1" });
          return ((await res.json()) as { data: { placeOrder: { __typename: string } } }).data.placeOrder.__typename;
        };
        expect(await read()).toBe(1);
        expect(await buy()).toBe("MutationPlaceOrderSuccess");
        // The buyer's next read of the kept answer already shows the piece sold.
        expect(await read()).toBe(0);
        expect(await buy()).toBe("InsufficientStockError");
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard.filter((payload) => payload.startsWith("sync:"))).toEqual([]);
        // The sale's notification names the product and its count of stock changes (the take's).
        expect(heard).toContain(`stock:${piece.id}:1`);
      } finally {
        await listener.end();
      }
    });

    it("when the sale holding a piece falls through, exactly one of the checkouts waiting for it gets it", async () => {
      const piece = await makeProduct(t.prisma, { name: "Second Chance Boubou", stock: 1 });
      const holder = new pg.Client({ connectionString: t.databaseUrl! });
      await holder.connect();
      try {
        await holder.query("BEGIN");
        await holder.query("UPDATE products SET stock = 0 WHERE id = $1", [piece.id]);
        const attempts = Array.from({ length: 8 }, () => placeOrder(t.client(), { ...details(), items: [{ productId: piece.id, quantity: 1 }] }));
        await new Promise((resolve) => setTimeout(resolve, 500));
        await holder.query("ROLLBACK");
        const results = await Promise.all(attempts);
        expect(results.filter((r) => r.__typename === "MutationPlaceOrderSuccess")).toHaveLength(1);
        expect(results.filter((r) => r.__typename === "InsufficientStockError")).toHaveLength(7);
        expect((await t.prisma.product.findUniqueOrThrow({ where: { id: piece.id } })).stock).toBe(0);
      } finally {
        await holder.end();
      }
    });
  }
});

// The store behind Debian's PgBouncer in transaction mode, configured from deploy/pgbouncer.ini
// (ignore_startup_parameters = extra_float_digits,options, as managed poolers are commonly set):
// it starts, takes checkouts, keeps its timeouts and search settings per transaction, and leaves
// nothing behind on the pooled server connections. LISTEN and migrations use DATABASE_DIRECT_URL.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { startPgBouncer, type Service } from "../../deploy/local-cluster.ts";
import { startChildStore, type ChildStore } from "../faults/child-store.ts";
import { ADMIN_DATABASE_URL, createPostgresDatabase } from "../helpers/databases.ts";
import { openDatabase } from "../../server/src/db/database.ts";
import { migrate } from "../../server/src/db/migrate.ts";
import { Prisma } from "../../server/src/generated/prisma/client.ts";

const PLACE_ORDER = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  __typename ... on Error { message } ... on MutationPlaceOrderSuccess { data { order { id } } }
} }`;
const SEARCH = `query($filter: ProductFilter, $limit: Int) { products(filter: $filter, limit: $limit) { items { name } } }`;

const admin = new URL(ADMIN_DATABASE_URL);
let bouncer: Service;

function throughPooler(url: string): string {
  const u = new URL(url);
  u.hostname = "127.0.0.1";
  u.port = String(bouncer.port);
  return u.toString();
}

beforeAll(async () => {
  bouncer = await startPgBouncer({ postgresHost: admin.hostname, postgresPort: Number(admin.port || 5432), user: decodeURIComponent(admin.username) });
}, 30_000);

afterAll(async () => {
  await bouncer?.stop();
});

async function graphql(url: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(20_000),
  });
  return (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
}

describe("the database layer through the pooler", () => {
  it("a slow statement is cut off by the server after the statement timeout, alone or in a transaction; settings never leak to the next client", async () => {
    const created = await createPostgresDatabase();
    const db = await openDatabase({ databaseUrl: throughPooler(created.url), directUrl: created.url, dataDir: null, pool: { statementTimeoutMs: 500, size: 2 } });
    try {
      // Migrations take a session advisory lock: on the direct connection.
      expect((await migrate(db)).length).toBeGreaterThan(0);
      expect(await db.query<{ statement_timeout: string }>("SHOW statement_timeout")).toEqual([{ statement_timeout: "500ms" }]);
      expect(await db.sql(Prisma.sql`SELECT current_setting('pg_trgm.word_similarity_threshold') AS threshold`)).toEqual([{ threshold: "0.5" }]);

      for (const [what, run] of [
        ["a single statement", () => db.sql(Prisma.sql`SELECT pg_sleep(20)`)],
        ["a Prisma statement", () => db.prisma.$queryRaw`SELECT pg_sleep(20)`],
        ["an interactive transaction", () => db.prisma.$transaction(async (tx) => tx.$queryRaw`SELECT pg_sleep(20)`)],
      ] as const) {
        const started = Date.now();
        const error = await run().then(() => null, (e: unknown) => e as Error);
        // The server's own cancellation (SQLSTATE 57014: "canceling statement due to statement
        // timeout"; the client-side backstop would say "Query read timeout"), long before the 20 s
        // sleep could end: the bound leaves a loaded machine ample room and still fails a sleep that
        // ran its course.
        expect({ what, message: String(error?.message) }).toEqual({ what, message: expect.stringMatching(/statement timeout/) });
        expect(Date.now() - started).toBeLessThan(10_000);
      }

      // A plain client of the same pooler gets the server's defaults: nothing was set on the session.
      const plain = new pg.Client({ connectionString: throughPooler(created.url) });
      await plain.connect();
      try {
        for (let i = 0; i < 4; i++) {
          const { rows } = await plain.query("SELECT current_setting('statement_timeout') AS st, current_setting('idle_in_transaction_session_timeout') AS idle");
          expect(rows).toEqual([{ st: "0", idle: "0" }]);
        }
      } finally {
        await plain.end();
      }
    } finally {
      await db.close();
      await created.drop();
    }
  }, 90_000);
});

describe("the store through the pooler", () => {
  let store: ChildStore;
  const products: string[] = [];

  beforeAll(async () => {
    store = await startChildStore({
      databasePort: bouncer.port,
      pooler: true,
      env: { DATABASE_STATEMENT_TIMEOUT_MS: "1000", DATABASE_POOL_SIZE: "4" },
      async prepare(db) {
        for (const name of ["Ankara Wrap Gown", "Denim Jacket", "Linen Shirt"]) {
          const p = await db.prisma.product.create({ data: { name, slug: `${name.toLowerCase().replace(/ /g, "-")}-${randomUUID().slice(0, 6)}`, price: "5000.00", stock: 1000, size: "M" } });
          products.push(p.id);
        }
      },
    });
  }, 90_000);

  afterAll(async () => {
    await store?.stop();
  });

  it("starts, takes parallel checkouts whole, and searches with its typo tolerance", async () => {
    const ids = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const input = { fullName: "Chioma Eze", email: "chioma@example.ng", phone: "0803 123 4567", deliveryMethod: "pickup", idempotencyKey: randomUUID(), items: [{ productId: products[i % 3], quantity: 2 }] };
        const answer = await graphql(store.url, PLACE_ORDER, { input });
        expect(answer.data?.placeOrder.__typename).toBe("MutationPlaceOrderSuccess");
        return answer.data!.placeOrder.data.order.id as string;
      }),
    );
    const db = await store.openDatabase();
    try {
      expect((await db.prisma.order.findMany({ select: { id: true } })).map((o) => o.id).sort()).toEqual([...ids].sort());
      expect((await db.prisma.product.findMany({ select: { stock: true } })).map((p) => p.stock)).toEqual([984, 984, 984]);
    } finally {
      await db.close();
    }
    // pg_trgm.word_similarity_threshold = 0.5 is a per-transaction setting here too.
    const found = await graphql(store.url, SEARCH, { filter: { search: "ankra" }, limit: 5 });
    expect(found.data?.products.items).toEqual([{ name: "Ankara Wrap Gown" }]);
    expect(store.output()).not.toMatch(/unsupported startup parameter/);
  }, 60_000);

  it("a statement stuck behind a lock is cut off by PostgreSQL after DATABASE_STATEMENT_TIMEOUT_MS, and nothing is left waiting", async () => {
    const locker = new pg.Client({ connectionString: store.databaseUrl });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE products IN ACCESS EXCLUSIVE MODE");
      const logged = store.output().length;
      const started = Date.now();
      // A new search word each time, so no cache answers it.
      const answer = await graphql(store.url, SEARCH, { filter: { search: `jacket${randomUUID().slice(0, 4)}` }, limit: 5 });
      const took = Date.now() - started;
      expect(answer.errors?.[0]?.extensions?.code).toBe("UNAVAILABLE");
      // It waited for the timeout (a lower bound: a loaded machine only makes it later) …
      expect(took).toBeGreaterThanOrEqual(900);
      // … and PostgreSQL cancelled it (SQLSTATE 57014), not the client-side backstop a second later
      // ("Query read timeout"). Read from what the store logged for this request, waited for
      // rather than read at once.
      const deadline = Date.now() + 15_000;
      while (!/57014/.test(store.output().slice(logged)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(store.output().slice(logged)).toMatch(/57014/);
      expect(store.output().slice(logged)).not.toMatch(/Query read timeout/);
      const { rows } = await locker.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await locker.query("ROLLBACK").catch(() => undefined);
      await locker.end();
    }
  }, 60_000);
});

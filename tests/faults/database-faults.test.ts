// The store survives its database: connections terminated under mixed load (as a managed
// PostgreSQL failover does), and a real outage. The real server runs in a child process so the test
// sees whether the process itself survives.
import { randomUUID } from "node:crypto";
import { startChildStore, type ChildStore } from "./child-store.ts";
import { createSession } from "../../server/src/auth/session.ts";
import { sessionCookieName } from "../../server/src/auth/cookies.ts";

const PRODUCTS = 6;
const INITIAL_STOCK = 10_000;
const SHOPPERS = 8;
const TERMINATIONS = 20;

const BROWSE = `query($limit: Int) { products(limit: $limit) { items { id name price stock } } }`;
const PRODUCT = `query($slug: String!) { product(slug: $slug) { id name stock } }`;
const ADD_TO_CART = `mutation($productId: ID!, $quantity: Int!) { addToCart(productId: $productId, quantity: $quantity) { __typename ... on Error { message } } }`;
const PLACE_ORDER = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  __typename ... on Error { message }
  ... on MutationPlaceOrderSuccess { data { order { id items { quantity product { id } } } } }
} }`;

interface Product {
  id: string;
  slug: string;
}
interface Ack {
  orderId: string;
  items: { productId: string; quantity: number }[];
}
type Answer = { ok: true; data: any } | { ok: false; code: string; message: string };

let store: ChildStore;
let products: Product[] = [];
const cookies: string[] = [];
/** Error codes (or network failures) seen by the load, with how often. */
const seen = new Map<string, number>();
const note = (code: string) => seen.set(code, (seen.get(code) ?? 0) + 1);

async function graphql(query: string, variables: Record<string, unknown> = {}, cookie?: string): Promise<Answer> {
  try {
    const res = await fetch(`${store.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
      // Far above the few seconds the store promises: a hang shows up as a failure, not a stuck test.
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
    if (body.errors?.length) return { ok: false, code: body.errors[0]!.extensions?.code ?? "NO_CODE", message: body.errors[0]!.message };
    return { ok: true, data: body.data };
  } catch (error) {
    return { ok: false, code: `NETWORK: ${(error as Error).message}`, message: String(error) };
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Like a shopper's browser: retries the same call (same idempotency key) until it is answered. */
async function untilAnswered(query: string, variables: Record<string, unknown>, cookie?: string): Promise<any> {
  const started = Date.now();
  for (;;) {
    if (store.child.exitCode !== null || store.child.signalCode !== null) throw new Error(`The server process ended:\n${store.output().slice(-3000)}`);
    const answer = await graphql(query, variables, cookie);
    if (answer.ok) return answer.data;
    note(answer.code);
    if (Date.now() - started > 30_000) throw new Error(`Not answered within 30 s (last: ${answer.code} ${answer.message}): ${query.slice(0, 40)}`);
    await pause(50);
  }
}

function ackOf(result: any): Ack {
  if (result.__typename !== "MutationPlaceOrderSuccess") throw new Error(`placeOrder refused: ${JSON.stringify(result)}`);
  const order = result.data.order;
  return { orderId: order.id, items: order.items.map((i: any) => ({ productId: i.product.id, quantity: i.quantity })) };
}

async function shopper(index: number, running: () => boolean, acks: Ack[]) {
  const cookie = cookies[index]!;
  while (running() && store.child.exitCode === null) {
    const roll = Math.random();
    if (roll < 0.4) {
      const answer = Math.random() < 0.5 ? await graphql(BROWSE, { limit: 12 }) : await graphql(PRODUCT, { slug: pick(products).slug });
      if (!answer.ok) note(answer.code);
    } else if (roll < 0.7) {
      const lines = [...new Set([pick(products), pick(products)])].map((p) => ({ productId: p.id, quantity: 1 + Math.floor(Math.random() * 2) }));
      const input = { fullName: "Chioma Eze", email: "chioma@example.ng", phone: "0803 123 4567", deliveryMethod: "pickup", idempotencyKey: randomUUID(), items: lines };
      acks.push(ackOf((await untilAnswered(PLACE_ORDER, { input })).placeOrder));
    } else {
      const added = await untilAnswered(ADD_TO_CART, { productId: pick(products).id, quantity: 1 }, cookie);
      if (added.addToCart.__typename !== "MutationAddToCartSuccess") throw new Error(`addToCart refused: ${JSON.stringify(added)}`);
      const input = { fullName: "Ada Obi", email: "ada@example.ng", phone: "0803 765 4321", deliveryMethod: "pickup", idempotencyKey: randomUUID() };
      acks.push(ackOf((await untilAnswered(PLACE_ORDER, { input }, cookie)).placeOrder));
    }
  }
}

async function waitUntilAnswering(limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await graphql(BROWSE, { limit: 1 });
    if (answer.ok) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`Still failing after ${limitMs} ms: ${answer.code} ${answer.message}`);
    await pause(100);
  }
}

beforeAll(async () => {
  store = await startChildStore({
    async prepare(db) {
      for (let i = 0; i < PRODUCTS; i++) {
        const slug = `fault-item-${i}-${randomUUID().slice(0, 6)}`;
        const p = await db.prisma.product.create({ data: { name: `Fault item ${i}`, slug, price: "5000.00", stock: INITIAL_STOCK, size: "M" } });
        products.push({ id: p.id, slug });
      }
      for (let i = 0; i < SHOPPERS; i++) {
        const user = await db.prisma.user.create({
          data: { email: `faults-${i}-${randomUUID().slice(0, 6)}@example.ng`, fullName: "Ada Obi", passwordHash: "not-used", profile: { create: { fullName: "Ada Obi" } } },
        });
        const session = await createSession(db.prisma, user.id);
        cookies.push(`${sessionCookieName(true)}=${session.token}`);
      }
    },
  });
}, 90_000);

afterAll(async () => {
  await store?.stop();
});

it("connections terminated 20 times under mixed load: the process lives, acknowledged orders are whole, stock adds up", async () => {
  const acks: Ack[] = [];
  let running = true;
  const load = Array.from({ length: SHOPPERS }, (_, i) => shopper(i, () => running, acks));
  let terminated = 0;
  try {
    await pause(800);
    for (let i = 0; i < TERMINATIONS; i++) {
      await pause(100 + Math.random() * 400);
      terminated += await store.terminateConnections();
    }
    await pause(500);
  } finally {
    running = false;
  }
  await Promise.all(load);

  expect({ exitCode: store.child.exitCode, signal: store.child.signalCode }).toEqual({ exitCode: null, signal: null });
  expect(store.output()).not.toMatch(/Unhandled 'error' event/);
  expect(terminated).toBeGreaterThanOrEqual(TERMINATIONS);
  expect(await waitUntilAnswering(5_000)).toBeLessThan(5_000);
  // Every failure the shoppers saw during the storm was the retryable one, never a crash or a 500.
  expect([...seen.keys()].filter((code) => code !== "UNAVAILABLE")).toEqual([]);
  expect(acks.length).toBeGreaterThan(0);

  const db = await store.openDatabase();
  try {
    const orders = await db.prisma.order.findMany({ include: { items: true } });
    // No order exists that no shopper was told about (a retry with the same key found it).
    expect(orders.map((o) => o.id).sort()).toEqual(acks.map((a) => a.orderId).sort());
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const ack of acks) {
      const order = byId.get(ack.orderId)!;
      const stored = order.items.map((i) => ({ productId: String(i.productId), quantity: i.quantity }));
      const byProduct = (a: { productId: string }, b: { productId: string }) => a.productId.localeCompare(b.productId);
      expect(stored.sort(byProduct)).toEqual([...ack.items].sort(byProduct));
    }
    const stock = await db.prisma.product.findMany({ select: { id: true, stock: true } });
    for (const product of stock) {
      const sold = acks.flatMap((a) => a.items).filter((i) => i.productId === product.id).reduce((sum, i) => sum + i.quantity, 0);
      expect({ product: product.id, stock: product.stock }).toEqual({ product: product.id, stock: INITIAL_STOCK - sold });
    }
  } finally {
    await db.close();
  }
}, 120_000);

it("while the database refuses connections: UNAVAILABLE quickly, probes 503 (liveness 200), and recovery by itself within 5 s", async () => {
  const slug = products[0]!.slug;
  await store.allowConnections(false);
  try {
    await store.terminateConnections();
    for (const cookie of [undefined, cookies[0]]) {
      const started = Date.now();
      const answer = await graphql(BROWSE, { limit: 3 }, cookie);
      expect(answer).toEqual({ ok: false, code: "UNAVAILABLE", message: "The shop is briefly unavailable. Please try again in a moment." });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    const input = { fullName: "Chioma Eze", email: "chioma@example.ng", phone: "0803 123 4567", deliveryMethod: "pickup", idempotencyKey: randomUUID(), items: [{ productId: products[0]!.id, quantity: 1 }] };
    expect(await graphql(PLACE_ORDER, { input })).toMatchObject({ ok: false, code: "UNAVAILABLE" });

    expect((await fetch(`${store.url}/healthz`)).status).toBe(503);
    expect((await fetch(`${store.url}/readyz`)).status).toBe(503);
    const live = await fetch(`${store.url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });

    const page = await fetch(`${store.url}/products/${slug}`);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const form = new FormData();
    form.append("purpose", "avatar");
    form.append("files", new Blob([Buffer.from("GIF89a")], { type: "image/gif" }), "a.gif");
    const upload = await fetch(`${store.url}/api/uploads`, { method: "POST", body: form, headers: { cookie: cookies[0]! } });
    expect(upload.status).toBe(503);
    expect(await upload.json()).toEqual({ error: "The shop is briefly unavailable. Please try again in a moment." });
    // What the operator sees: one clear warning per failure, not a stack trace of an internal error.
    expect(store.output()).toMatch(/"level":"warn","message":"Database unavailable/);
  } finally {
    await store.allowConnections(true);
  }
  expect(await waitUntilAnswering(5_000)).toBeLessThan(5_000);
  expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
  expect((await fetch(`${store.url}/healthz`)).status).toBe(200);
  expect(store.child.exitCode).toBeNull();
}, 60_000);

// The deploy kit's topology on one machine (deploy/local-cluster.ts: Debian's pgbouncer and nginx
// from deploy/pgbouncer.ini and deploy/nginx.conf, three store processes), and the drills of issue
// 28 through nginx: start through the pooler; a sold piece gone from the shared cache within 2 s
// (and the cache's hit ratio under listing load); kill -9 of one instance during checkouts, each
// retried once with its key (nothing lost or doubled; the first attempts that failed are what a
// shopper without a retry would see); a rolling restart under load with no request retried and none
// failed (issue 39); every email and every WhatsApp message (decision 036)
// sent exactly once.
import { randomUUID } from "node:crypto";
import { startLocalCluster, type LocalCluster } from "../../deploy/local-cluster.ts";
import { createPostgresDatabase } from "../helpers/databases.ts";
import { startFakeSmtpServer, type FakeSmtpServer } from "../mocks/smtp-server.ts";
import { startFakeWhatsApp, type FakeWhatsApp } from "../mocks/whatsapp-server.ts";
import { TEMPLATE_BODIES } from "../../server/src/modules/messages/templates.ts";
import { openDatabase, type Database } from "../../server/src/db/database.ts";
import { loadTrustedDocuments } from "../../server/src/cache/trusted-documents.ts";

const PLACE_ORDER = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  __typename ... on Error { message } ... on MutationPlaceOrderSuccess { data { order { id } } }
} }`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const documents = loadTrustedDocuments();
const LISTING_ID = [...documents].find(([, text]) => /\bquery StorefrontProductList\b/.test(text))![0];

let database: { url: string; drop(): Promise<void> };
let smtp: FakeSmtpServer;
let whatsapp: FakeWhatsApp;
let cluster: LocalCluster;
let db: Database;
/** Products with plenty of stock for the checkout drills. */
const stocked: string[] = [];
const STOCK = 100_000;
/** Every checkout acknowledged: idempotency key → order id. */
const acks = new Map<string, { orderId: string; productId: string }>();

beforeAll(async () => {
  database = await createPostgresDatabase();
  smtp = await startFakeSmtpServer();
  whatsapp = await startFakeWhatsApp({ approved: Object.fromEntries(Object.entries(TEMPLATE_BODIES).map(([name, body]) => [name, body.match(/\{\{\d+\}\}/g)!.length])) });
  cluster = await startLocalCluster({
    databaseUrl: database.url,
    env: {
      SEED_DEMO: "false",
      ADMIN_PASSWORD: "cluster-admin-password",
      SMTP_URL: smtp.url,
      WHATSAPP_TOKEN: whatsapp.token,
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_API_URL: whatsapp.url,
      STORE_WHATSAPP: "+234 803 555 0142",
    },
  });
  db = await openDatabase({ databaseUrl: database.url, dataDir: null });
  for (let i = 0; i < 4; i++) {
    const p = await db.prisma.product.create({ data: { name: `Cluster Shirt ${i}`, slug: `cluster-shirt-${i}-${randomUUID().slice(0, 6)}`, price: "4000.00", stock: STOCK, size: "L" } });
    stocked.push(p.id);
  }
}, 180_000);

afterAll(async () => {
  await db?.close();
  await cluster?.stop();
  await smtp?.close();
  await whatsapp?.close();
  await database?.drop();
}, 60_000);

/** A listing by persisted-document id through nginx, as the storefront asks it. */
async function listing(variables: Record<string, unknown>): Promise<{ status: number; cache: string; items: { id: string; stock: number }[] }> {
  const params = new URLSearchParams({
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: LISTING_ID } }),
    variables: JSON.stringify(variables),
  });
  const res = await fetch(`${cluster.url}/graphql?${params}`, { headers: { "apollo-require-preflight": "1" }, signal: AbortSignal.timeout(15_000) });
  const cache = res.headers.get("x-cache") ?? "-";
  if (res.status !== 200) return { status: res.status, cache, items: [] };
  const body = (await res.json()) as { data?: { products: { items: { id: string; stock: number }[] } }; errors?: unknown[] };
  return { status: body.errors ? 599 : 200, cache, items: body.data?.products.items ?? [] };
}

/** One checkout attempt through nginx: the order id, or why it failed. */
async function placeOrder(key: string, productId: string): Promise<{ orderId: string } | { failure: string }> {
  try {
    const res = await fetch(`${cluster.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: PLACE_ORDER,
        variables: { input: { fullName: "Ngozi Okafor", email: `c-${key}@example.ng`, phone: "0803 222 1111", deliveryMethod: "pickup", whatsappUpdates: true, idempotencyKey: key, items: [{ productId, quantity: 1 }] } },
      }),
      signal: AbortSignal.timeout(20_000),
    });
    if (!(res.headers.get("content-type") ?? "").includes("json")) return { failure: `HTTP ${res.status}` };
    const body = (await res.json()) as { data?: { placeOrder: { __typename: string; message?: string; data?: { order: { id: string } } } }; errors?: { extensions?: { code?: string } }[] };
    if (body.errors?.length) return { failure: body.errors[0]!.extensions?.code ?? "ERROR" };
    const result = body.data!.placeOrder;
    if (result.__typename !== "MutationPlaceOrderSuccess") return { failure: `${result.__typename}: ${result.message}` };
    return { orderId: result.data!.order.id };
  } catch (error) {
    return { failure: `network: ${(error as Error).message}` };
  }
}

/** A shopper's checkout. With `retry`, a failed first attempt is tried once more with the same key
 *  (the browser's retry); without, the failure is counted and the shopper has seen it. */
async function checkout(productId: string, tally: Tally, retry: boolean): Promise<void> {
  const key = randomUUID();
  let answer = await placeOrder(key, productId);
  if ("failure" in answer && retry) {
    tally.retried++;
    await pause(200);
    answer = await placeOrder(key, productId);
  }
  if ("failure" in answer) {
    if (retry) throw new Error(`Checkout failed twice with key ${key}: ${answer.failure}`);
    tally.failures.push(answer.failure);
    return;
  }
  acks.set(key, { orderId: answer.orderId, productId });
}

interface Tally {
  placed: number;
  /** First attempts that failed and were retried. */
  retried: number;
  /** Checkouts that failed without a retry. */
  failures: string[];
}

async function checkoutsUntil(done: () => boolean, workers: number, tally: Tally, retry: boolean) {
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (!done()) {
        await checkout(stocked[w % stocked.length]!, tally, retry);
        tally.placed++;
      }
    }),
  );
}

it("starts through PgBouncer: three instances ready behind nginx, none with a startup-parameter error", async () => {
  for (const instance of cluster.instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
  expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);
  expect(cluster.instances.map((i) => i.output()).join("\n")).not.toMatch(/startup parameter|Start-up failed/);
});

it("a piece sold through nginx stops being offered by its shared cache within 2 s; the cache answers most listing reads", async () => {
  const delays: number[] = [];
  for (let i = 0; i < 3; i++) {
    const word = `kaftan${randomUUID().slice(0, 6)}`;
    const piece = await db.prisma.product.create({ data: { name: `One-off ${word}`, slug: `one-off-${word}`, price: "9000.00", stock: 1, size: "M" } });
    const variables = { filter: { search: word }, limit: 12, offset: 0, sort: "NEWEST" };
    // Offered, and in nginx's cache (shoppers keep asking).
    for (let tries = 0; ; tries++) {
      const seen = await listing(variables);
      if (seen.cache === "HIT" && seen.items[0]?.stock === 1) break;
      if (tries > 100) throw new Error(`Never cached: ${JSON.stringify(seen)}`);
      await pause(50);
    }
    const key = randomUUID();
    const sold = await placeOrder(key, piece.id);
    expect(sold).toMatchObject({ orderId: expect.any(String) });
    acks.set(key, { orderId: (sold as { orderId: string }).orderId, productId: piece.id });
    const soldAt = Date.now();
    for (;;) {
      const seen = await listing(variables);
      expect(seen.status).toBe(200);
      if (!seen.items.some((item) => item.id === piece.id && item.stock > 0)) break;
      if (Date.now() - soldAt > 10_000) throw new Error("Still offered after 10 s");
      await pause(25);
    }
    delays.push(Date.now() - soldAt);
  }
  expect(Math.max(...delays)).toBeLessThanOrEqual(2_000);

  // Listing load: 16 shoppers over 12 listings for 4 s.
  const variants = [0, 12, 24].flatMap((offset) => ["NEWEST", "PRICE_ASC", "PRICE_DESC", "RELEVANCE"].map((sort) => ({ filter: {}, limit: 12, offset, sort })));
  const tally = new Map<string, number>();
  const until = Date.now() + 4_000;
  await Promise.all(
    Array.from({ length: 16 }, async (_, w) => {
      for (let n = w; Date.now() < until; n++) {
        const seen = await listing(variants[n % variants.length]!);
        expect(seen.status).toBe(200);
        tally.set(seen.cache, (tally.get(seen.cache) ?? 0) + 1);
      }
    }),
  );
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  const hits = tally.get("HIT") ?? 0;
  console.log(`Freshness through nginx: sold pieces gone after ${delays.join(", ")} ms. Listing load: ${total} requests in 4 s, ${JSON.stringify(Object.fromEntries(tally))}, hit ratio ${(hits / total).toFixed(3)}`);
  // ~0.98 on a quiet machine; one miss or revalidation per listing per second is the floor of it,
  // so a machine too busy to send many requests shows less (0.87 at load average 27).
  expect(hits / total).toBeGreaterThan(0.6);
}, 120_000);

it("kill -9 of one instance during checkouts through nginx: each retried once with its key, nothing lost or doubled", async () => {
  const tally: Tally = { retried: 0, placed: 0, failures: [] };
  let killed = false;
  const started = Date.now();
  const load = checkoutsUntil(() => Date.now() - started > 5_000, 8, tally, true);
  try {
    await pause(1_500);
    await cluster.instances[1]!.stop("SIGKILL");
    killed = true;
    await load;
  } finally {
    // Back in service for the next drills, whatever happened here.
    await cluster.instances[1]!.start();
  }
  expect(killed).toBe(true);
  expect(tally.placed).toBeGreaterThanOrEqual(8);
  // What a shopper would see: the first attempts that failed (those in flight on the killed
  // instance), each placed by the retry with its key (checkout() throws otherwise).
  console.log(`kill -9 drill: ${tally.placed} checkouts, ${tally.retried} failed at the first attempt (seen by a shopper without a retry), 0 after one retry`);
}, 120_000);

it("a rolling restart of all three instances under reads and checkouts: no failed request, none retried", async () => {
  const tally: Tally = { retried: 0, placed: 0, failures: [] };
  const failures: string[] = [];
  let reads = 0;
  let restarting = true;
  const readers = Promise.all(
    Array.from({ length: 6 }, async (_, w) => {
      for (let n = w; restarting; n++) {
        const seen = await listing({ filter: {}, limit: 12, offset: (n % 3) * 12, sort: "NEWEST" }).catch((error: Error) => ({ status: 0, cache: error.message, items: [] }));
        reads++;
        if (seen.status !== 200) failures.push(`${seen.status} ${seen.cache}`);
      }
    }),
  );
  const checkouts = checkoutsUntil(() => !restarting, 4, tally, false);
  for (const instance of cluster.instances) {
    await pause(500);
    await instance.stop("SIGTERM");
    expect(instance.child!.exitCode).toBe(0);
    await instance.start();
  }
  await pause(500);
  restarting = false;
  await Promise.all([readers, checkouts]);
  console.log(`Rolling restart: ${reads} reads, ${tally.placed} checkouts, failures: ${failures.length} reads, ${tally.failures.length} checkouts (no retries)`);
  // Draining instances refuse new connections, and nginx passes any request to the next one. A
  // request on a kept-alive connection is answered (Connection: close), since a draining instance
  // leaves idle connections for nginx to close (its keepalive_timeout is the shorter): no POST meets
  // a closing connection, which nginx would not resend.
  expect({ reads: failures, checkouts: tally.failures }).toEqual({ reads: [], checkouts: [] });
}, 180_000);

it("the orders are exactly the acknowledged ones, stock adds up, and every email went out exactly once", async () => {
  const orders = await db.prisma.order.findMany({ select: { id: true, idempotencyKey: true, items: { select: { productId: true, quantity: true } } } });
  expect(orders.map((o) => o.idempotencyKey).sort()).toEqual([...acks.keys()].sort());
  for (const order of orders) expect(order.id).toBe(acks.get(order.idempotencyKey!)!.orderId);
  for (const id of stocked) {
    const { stock } = await db.prisma.product.findUniqueOrThrow({ where: { id }, select: { stock: true } });
    expect(stock).toBe(STOCK - [...acks.values()].filter((a) => a.productId === id).length);
  }

  // Every queued email is sent (delivery runs on each instance every 2 s), except those the killed
  // instance had claimed: their lease (mail/delivery.ts, minutes) must run out first. Once nothing has moved for 6 s
  // (three delivery passes: live instances have finished their batches), end those leases now, as
  // the clock would.
  const unsent = () => db.prisma.emailOutbox.count({ where: { status: { not: "sent" } } });
  for (let last = -1, stableSince = Date.now(), started = Date.now(); ; await pause(200)) {
    const now = await unsent();
    if (now !== last) [last, stableSince] = [now, Date.now()];
    if (now === 0 || Date.now() - stableSince > 6_000) break;
    if (Date.now() - started > 60_000) throw new Error("The outbox did not settle within 60 s");
  }
  const leased = await db.prisma.emailOutbox.updateMany({ where: { status: "queued" }, data: { nextAttemptAt: new Date() } });
  for (let i = 0; (await unsent()) > 0; i++) {
    if (i > 300) throw new Error("The leased emails were not sent within 30 s");
    await pause(100);
  }
  await pause(500);
  // Each outbox row went out, to its address, as one message (one Message-ID). A kill -9 between
  // the SMTP server taking a message and the row being marked sent makes the resend after the lease
  // carry the same Message-ID: at most one such repeat per kill, shown once by any mail client.
  const outbox = await db.prisma.emailOutbox.findMany({ select: { id: true, to: true } });
  const messageId = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "none";
  const received = new Map<string, string[]>();
  for (const mail of smtp.received) received.set(messageId(mail.raw), [...(received.get(messageId(mail.raw)) ?? []), ...mail.to.map((to) => to.toLowerCase())]);
  const expected = new Map(outbox.map((row) => [`<${row.id}@thrift.local>`, row.to.toLowerCase()]));
  expect([...received.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [id, to] of expected) expect(new Set(received.get(id))).toEqual(new Set([to]));
  const repeats = smtp.received.length - outbox.length;
  expect(repeats).toBeLessThanOrEqual(1);
  const confirmations = new Map<string, number>();
  for (const to of expected.values()) confirmations.set(to, (confirmations.get(to) ?? 0) + 1);
  // One confirmation per order, to its own address.
  for (const checkoutKey of acks.keys()) expect(confirmations.get(`c-${checkoutKey}@example.ng`)).toBe(1);
  console.log(`Emails: ${outbox.length} messages for ${acks.size} orders, ${smtp.received.length} SMTP deliveries (${repeats} repeated after the kill), ${leased.count} held by the killed instance's lease`);
}, 120_000);

it("every WhatsApp message went out once: the shopper's order_received and the owner's alert for each order, at most one repeat for the kill", async () => {
  // As for emails: the killed instance's claims wait for their lease (2 minutes); end them now.
  const unsent = () => db.prisma.messageOutbox.count({ where: { status: "queued" } });
  for (let last = -1, stableSince = Date.now(), started = Date.now(); ; await pause(200)) {
    const now = await unsent();
    if (now !== last) [last, stableSince] = [now, Date.now()];
    if (now === 0 || Date.now() - stableSince > 6_000) break;
    if (Date.now() - started > 60_000) throw new Error("The message outbox did not settle within 60 s");
  }
  await db.prisma.messageOutbox.updateMany({ where: { status: "queued" }, data: { nextAttemptAt: new Date() } });
  for (let i = 0; (await unsent()) > 0; i++) {
    if (i > 300) throw new Error("The leased messages were not sent within 30 s");
    await pause(100);
  }
  await pause(500);
  const rows = await db.prisma.messageOutbox.findMany({ select: { id: true, orderId: true, template: true, status: true } });
  expect(rows.every((row) => row.status === "sent")).toBe(true);
  for (const { orderId } of acks.values()) {
    expect(rows.filter((row) => row.orderId === orderId).map((row) => row.template).sort()).toEqual(["order_received", "owner_new_order"]);
  }
  // Meta hands our row id back (biz_opaque_callback_data): each row reached it, once but for a
  // send the kill may have cut between Meta's answer and our commit.
  const sends = new Map<string, number>();
  for (const sent of whatsapp.sent) sends.set(sent.opaque ?? "none", (sends.get(sent.opaque ?? "none") ?? 0) + 1);
  expect([...sends.keys()].sort()).toEqual(rows.map((row) => row.id).sort());
  const repeats = whatsapp.sent.length - rows.length;
  expect(repeats).toBeLessThanOrEqual(1);
  console.log(`WhatsApp: ${rows.length} messages for ${acks.size} orders, ${whatsapp.sent.length} sends (${repeats} repeated after the kill)`);
  // As long as the emails' test: its own waits (60 s to settle, 30 s for the leased) fit inside.
}, 120_000);

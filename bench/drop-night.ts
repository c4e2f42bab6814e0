// `npm run bench:api -- --scenario drop-night` (or `npm run bench:drop`): the shop while it sells.
// Each variant gets one fresh PostgreSQL database (demo catalogue + 5,000 products) and the real
// server in a child process (NODE_ENV=production). By default two variants run one after the other
// so that every number has its "before" in the same run: the server as before issue 39 (reads
// served as they arrive, READ_BUDGET_MS=0, as before 27 Nov 2026; every checkout through Apollo,
// SOLD_OUT_ANSWERS=false, as before 28 Nov 2026) and the defaults (reads taking turns behind writes;
// sold-out checkouts refused before Apollo; since 28 Nov 2026 evening, DATABASE_POOL_SIZE=10 against the
// default 30). For each:
//  1. Cost: the store's CPU per request from /proc (steadier than throughput on a shared machine),
//     including what 50 orders a second take from saturating reads.
//  2. Reads under sales: the client's listing GET (persisted query by id), the server-rendered
//     `/products`, product pages and home page, each at saturation (50 clients, no think time),
//     quiet and beside a steady stream of real checkouts (placeOrder over HTTP, open loop, in a
//     process of its own: lib/order-stream.ts) at 10 and 50 orders/s. The orders buy the pieces the
//     readers look at (the listing's first page and its product pages, stock raised so none sells
//     out). Since 29 Nov 2026 each path is measured in rounds (BENCH_ROUNDS, 3): a quiet slice, then
//     one at each rate, the stream's pace changed between them, so a ratio compares slices seconds
//     apart (the median of the rounds' ratios) rather than runs minutes apart on a drifting host.
//     Printed: throughput (the median slice), p50/p99, the ratio to the same path quiet, the
//     checkouts' p50/p99 and failures (an order without an answer 30 s after the stream stopped is
//     a failure), and the floor (a bare node:http + one pg query).
//  3. Drops: one-of-a-kind pieces go live at one moment; shoppers arrive within 10 s, each loads the
//     listing, tries to buy a piece it shows available (a second try after a "sold out"), then
//     reloads the listing twice: 2,000 shoppers for 200 pieces, and 10,000 for 500, half of them
//     behind one carrier address (CGNAT) and half each from an address of its own, straight to the
//     store and again through the deploy kit's nginx (its shared cache, keep-alive to the store), as
//     in production. Checked: every piece sold exactly once, every shopper answered (an order or a
//     clear "out of stock"), no error; printed p50/p99/max, and apart for the checkouts that sold.
// At the end, the issue's targets for the last variant beside the first.
// Settings: BENCH_VARIANTS ("before,after"; either alone, "apollo-refusals" for the defaults but
// SOLD_OUT_ANSWERS=false, "budget:N" for READ_BUDGET_MS=N, "pool:N" for DATABASE_POOL_SIZE=N, or
// "build:<dir>" for another checkout's build with its defaults, e.g. the last commit before a change),
// BENCH_PRODUCTS (5000), BENCH_CLIENTS (50), BENCH_SECONDS per measurement (8; in the reads part, per
// path and rate across its rounds), BENCH_ROUNDS (3), BENCH_RATES ("10,50" orders/s), BENCH_DROPS ("2000x200,10000x500,10000x500@kit": shoppers x pieces, "@kit" through the
// kit's nginx), BENCH_DROP_SECONDS (10), BENCH_NODE_ARGS, BENCH_PARTS ("cost,reads,drop": any of
// them, e.g. "drop" to profile the drop with BENCH_NODE_ARGS=--cpu-prof; "cost" is the store's CPU
// per request: a listing read, a sold-out and a placed checkout, orders arriving steadily).
import os from "node:os";
import { execFileSync } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import { startBenchStore, startFloorServer, type BenchStore } from "./lib/bench-store.ts";
import { byId } from "./lib/persisted-queries.ts";
import { checkout, runDropShoppers, shopClient, type ShopClient } from "./lib/drop.ts";
import { startOrderStream } from "./lib/order-stream.ts";
import { countCpu, describeCpu, type CpuShares } from "./lib/cpu-time.ts";
import { openDatabase } from "../server/src/db/database.ts";
import { startNginx } from "../deploy/local-cluster.ts";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 5000);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const WARMUP_SECONDS = 2;
/** The reads part's rounds: each measures every pace once, in slices of BENCH_SECONDS / rounds. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
/** Reads before each slice is measured, while a new pace of orders settles. */
const SETTLE_SECONDS = 1;
// "@kit": through the deploy kit's nginx (its shared cache and keep-alive to the store), as in production.
const DROPS = (process.env.BENCH_DROPS || "2000x200,10000x500,10000x500@kit").split(",").map((d) => {
  const [size, via] = d.split("@");
  const [shoppers, pieces] = size!.split("x").map(Number);
  return { shoppers: shoppers!, pieces: pieces!, viaKit: via === "kit" };
});
const DROP_SECONDS = Number(process.env.BENCH_DROP_SECONDS || 10);
/** Of the big drops' shoppers, the share behind one carrier address (CGNAT). */
const CARRIER_SHARE = 0.5;
const ORDER_RATES = (process.env.BENCH_RATES || "10,50").split(",").map(Number);
const PARTS = new Set((process.env.BENCH_PARTS || "cost,reads,drop").split(","));
const VARIANTS: Record<string, { label: string; env: Record<string, string> }> = {
  before: {
    label: "the server before issue 39: reads served as they arrive, every checkout through Apollo, 10 database connections (READ_BUDGET_MS=0, SOLD_OUT_ANSWERS=false, DATABASE_POOL_SIZE=10)",
    env: { READ_BUDGET_MS: "0", SOLD_OUT_ANSWERS: "false", DATABASE_POOL_SIZE: "10" },
  },
  "apollo-refusals": { label: "reads take turns, every checkout through Apollo (SOLD_OUT_ANSWERS=false)", env: { SOLD_OUT_ANSWERS: "false" } },
  after: { label: "reads take turns behind writes, sold-out checkouts refused before Apollo, 30 database connections (the defaults)", env: {} },
};
/** "before", "after", "budget:N" (READ_BUDGET_MS=N) or "pool:N" (DATABASE_POOL_SIZE=N), e.g. to try
 *  another budget or pool beside them, or "build:<dir>": the defaults of another checkout's build
 *  (`git worktree add <dir> <commit>`, node_modules linked, `npm run build` there). */
const variantOf = (name: string): { label: string; env: Record<string, string>; root?: string } => {
  const root = /^build:(.+)$/.exec(name)?.[1];
  if (root) return { label: `the build of ${execFileSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim()} in ${root}, its defaults`, env: {}, root };
  const budget = /^budget:(\d+)$/.exec(name)?.[1];
  if (budget) return { label: `reads take turns, READ_BUDGET_MS=${budget}`, env: { READ_BUDGET_MS: budget } };
  const pool = /^pool:(\d+)$/.exec(name)?.[1];
  if (pool) return { label: `the defaults but DATABASE_POOL_SIZE=${pool}`, env: { DATABASE_POOL_SIZE: pool } };
  if (!VARIANTS[name]) throw new Error(`BENCH_VARIANTS: unknown variant ${name} (before, apollo-refusals, after, budget:N, pool:N, build:<dir>)`);
  return VARIANTS[name]!;
};
const variants = (process.env.BENCH_VARIANTS || "before,after").split(",");
variants.forEach(variantOf);

/** The listing exactly as the client asks for `/products` (ProductListPage's variables). */
const LISTING = byId("StorefrontProductList", {
  filter: { category: null, size: null, search: null, deals: null, condition: null },
  sort: null,
  offset: 0,
  limit: 24,
});

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(" / ");
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** Every answer that is not a 200 (a 503 when the database pool is exhausted), and every request
 *  without an answer, counts as failed. */
async function saturate(shop: ShopClient, path: () => string, seconds: number): Promise<{ latencies: number[]; elapsed: number; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        // A reset connection (the server closing a keep-alive socket as it is reused) fails the request.
        const answer = await shop.get(path()).catch(() => null);
        if (answer?.status !== 200) failed++;
        else latencies.push(answer.latency);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), elapsed: (performance.now() - started) / 1000, failed };
}

/** What each variant measured, for the targets at the end. */
interface Measured {
  reads: Map<string, { rate: number; throughput: number; ratio: number; p99: number; failed: number }[]>;
  checkouts: Map<number, { sent: number; failed: number; p50: number; p99: number; max: number }>;
  drops: { shoppers: number; pieces: number; viaKit: boolean; soldOnce: number; oversold: number; errors: number; unanswered: number; p99: number; max: number }[];
}

const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
const measured = new Map<string, Measured>();
console.log(`${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}) · ${CLIENTS} clients at saturation · ${SECONDS} s per measurement · load average ${loadAverage()}`);
for (const variant of variants) {
  console.log(`\n## ${variant}: ${variantOf(variant).label}`);
  // TRUST_PROXY: behind the kit's nginx the shopper's address comes from X-Forwarded-For; without the
  // header (the direct runs) it is the connection's, so the flag changes nothing there.
  const store = await startBenchStore({ products: PRODUCTS, nodeArgs, env: { TRUST_PROXY: "1", ...variantOf(variant).env }, root: variantOf(variant).root });
  const result: Measured = { reads: new Map(), checkouts: new Map(), drops: [] };
  measured.set(variant, result);
  try {
    if (PARTS.has("cost")) await requestCosts(store);
    if (PARTS.has("reads")) await readsWhileSelling(store, result);
    if (PARTS.has("drop")) for (const drop of DROPS) await dropNight(store, drop, result);
  } finally {
    await store.stop();
  }
}
printTargets();

/** The store's CPU per request of each kind (from /proc, steadier than throughput on a shared
 *  machine): in bursts (20 at a time, warm), and for orders arriving steadily, alone and beside
 *  saturating listing reads: what a stream of sales takes from the reads. */
async function requestCosts(store: BenchStore) {
  const db = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: null });
  const shop = shopClient(store.url, 20);
  try {
    const [soldOut] = await db.query<{ id: string }>("UPDATE products SET stock = 0 WHERE id = (SELECT id FROM products WHERE slug LIKE 'bench-%' ORDER BY slug LIMIT 1) RETURNING id::text");
    const plenty = (await db.query<{ id: string }>("UPDATE products SET stock = 1000000 WHERE id IN (SELECT id FROM products WHERE slug LIKE 'bench-%' ORDER BY slug OFFSET 1 LIMIT 50) RETURNING id::text")).map((row) => row.id);
    const cpuPerRequest = async (count: number, one: (n: number) => Promise<unknown>) => {
      let next = 0;
      const run = (total: number) => Promise.all(Array.from({ length: 20 }, async () => { while (next < total) await one(next++); }));
      await run(300);
      next = 0;
      const started = performance.now();
      const cpu = countCpu(store.pid);
      await run(count);
      return (cpu().store * (performance.now() - started)) / count;
    };
    // The listing's first page, bought in the last row: each sale changes what the readers are sent.
    const shown = (await db.query<{ id: string }>("SELECT id::text FROM products WHERE goes_live_at IS NULL ORDER BY created_at DESC, id ASC LIMIT 24")).map((row) => row.id);
    await db.query("UPDATE products SET stock = 1000000 WHERE id = ANY($1::uuid[])", [shown]);
    const steady = async (seconds: number, reads: boolean, buying = plenty) => {
      const stream = startOrderStream(store.url, 50, buying);
      await Promise.race([stream.ready, sleep(30_000)]);
      await sleep(2000);
      const started = performance.now();
      const cpu = countCpu(store.pid);
      const read = reads ? await saturate(shop, () => LISTING, seconds) : (await sleep(seconds * 1000), null);
      const used = cpu();
      const results = await stream.stop();
      return { used, elapsed: (performance.now() - started) / 1000, reads: read?.latencies.length ?? 0, failed: results.filter((r) => r.outcome !== "ordered").length };
    };
    const rows: [string, number][] = [];
    rows.push(["listing GET, cached (bursts)", await cpuPerRequest(20_000, () => shop.get(LISTING))]);
    rows.push(["checkout of a sold-out piece (bursts)", await cpuPerRequest(3000, () => checkout(shop, soldOut!.id))]);
    rows.push(["checkout that places an order (bursts)", await cpuPerRequest(3000, (n) => checkout(shop, plenty[n % plenty.length]!))]);
    const idleCpu = countCpu(store.pid);
    await sleep(SECONDS * 1000);
    const idle = idleCpu().store;
    const alone = await steady(SECONDS, false);
    const perOrder = ((alone.used.store - idle) * 1000) / 50;
    rows.push(["order, 50 a second steadily (beyond the idle store's own)", perOrder]);
    const beside = await steady(SECONDS, true);
    // What the reads cost beside the stream, once the orders' own share (as measured alone) is taken out.
    rows.push(["listing GET beside 50 orders a second, orders' own share taken out", ((beside.used.store - alone.used.store) * beside.elapsed * 1000) / beside.reads]);
    const buyingShown = await steady(SECONDS, true, shown);
    rows.push(["listing GET beside 50 orders a second of pieces it shows, orders' own share taken out", ((buyingShown.used.store - alone.used.store) * buyingShown.elapsed * 1000) / buyingShown.reads]);
    const quiet = await (async () => {
      const cpu = countCpu(store.pid);
      const run = await saturate(shop, () => LISTING, SECONDS);
      return { used: cpu(), rate: run.latencies.length / run.elapsed };
    })();
    rows.push(["listing GET, saturating (50 clients), quiet", (quiet.used.store * 1000) / quiet.rate]);
    console.log(`\n### The store's CPU per request (idle store: ${idle.toFixed(3)} cores; ${alone.failed + beside.failed} orders failed)\n`);
    console.log(`Listing reads saturating: quiet ${quiet.rate.toFixed(0)}/s (${describeCpu(quiet.used)}); beside 50 orders/s ${(beside.reads / beside.elapsed).toFixed(0)}/s (${describeCpu(beside.used)}), beside 50 orders/s of pieces it shows ${(buyingShown.reads / buyingShown.elapsed).toFixed(0)}/s (${describeCpu(buyingShown.used)}); the orders alone: ${describeCpu(alone.used)}\n`);
    console.log("| Request | Store CPU (ms) |\n|---|---:|");
    for (const [name, ms] of rows) console.log(`| ${name} | ${ms.toFixed(2)} |`);
  } finally {
    shop.close();
    await db.close();
  }
}

async function readsWhileSelling(store: BenchStore, result: Measured) {
  const db = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: null });
  const floor = await startFloorServer(store.databaseUrl);
  const readers = shopClient(store.url, CLIENTS);
  try {
    // The pieces being read and bought: the listing's first page (newest first, as "/products" shows).
    const shown = await db.prisma.product.findMany({ where: { goesLiveAt: null }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 24, select: { id: true, slug: true } });
    await db.prisma.product.updateMany({ where: { id: { in: shown.map((p) => p.id) } }, data: { stock: 1_000_000 } });
    const productIds = shown.map((p) => p.id);
    const pages = shown.map((p) => `/products/${p.slug}`);
    const paths: { name: string; path: () => string }[] = [
      { name: "listing GET /graphql?id=… (client)", path: () => LISTING },
      { name: "server-rendered /products", path: () => "/products" },
      { name: "server-rendered product page", path: () => pick(pages) },
      // The home page's offers are chosen by stock: sales can change them.
      { name: "server-rendered home /", path: () => "/" },
    ];
    const floorClient = shopClient(floor.url, CLIENTS);
    await saturate(floorClient, () => "/", WARMUP_SECONDS);
    const floorRun = await saturate(floorClient, () => "/", SECONDS);
    floorClient.close();
    const floorRate = floorRun.latencies.length / floorRun.elapsed;
    console.log(`\nFloor (node:http + one pg query): ${floorRate.toFixed(0)} req/s, p99 ${percentile(floorRun.latencies, 99).toFixed(1)} ms`);

    console.log(`\n### Reads while orders stream (${CLIENTS} clients at saturation; orders, from a process of their own, buy the pieces being read; ${ROUNDS} rounds of quiet and busy slices per path)\n`);
    // CPU in cores: the store, the load generators (the readers here and the order stream), PostgreSQL.
    console.log("| Read path | Orders/s | Throughput (req/s) | × quiet | × floor | p50 (ms) | p99 (ms) | Failed | CPU: store / generators / PostgreSQL / machine |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
    // One stream for the whole part, its pace changed slice by slice: quiet and busy slices of a path
    // alternate within seconds, so each ratio compares neighbours, not measurements minutes apart
    // on a host whose speed drifts (±15% between 5 s slices, 29 Nov 2026).
    const stream = startOrderStream(store.url, 0, productIds);
    await Promise.race([stream.ready, sleep(30_000)]);
    const rates = [0, ...ORDER_RATES];
    for (const { name, path } of paths) {
      await saturate(readers, path, WARMUP_SECONDS);
      const slices = new Map(rates.map((rate) => [rate, { throughputs: [] as number[], latencies: [] as number[], failed: 0, used: [] as CpuShares[] }]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const rate of rates) {
          stream.pace(rate);
          await saturate(readers, path, SETTLE_SECONDS);
          const cpu = countCpu(store.pid, () => [stream.pid]);
          const { latencies, elapsed, failed } = await saturate(readers, path, SECONDS / ROUNDS);
          const slice = slices.get(rate)!;
          slice.used.push(cpu());
          slice.throughputs.push(latencies.length / elapsed);
          slice.latencies.push(...latencies);
          slice.failed += failed;
        }
      }
      stream.pace(0);
      const quiet = slices.get(0)!.throughputs;
      for (const rate of rates) {
        const { throughputs, latencies, failed, used } = slices.get(rate)!;
        latencies.sort((a, b) => a - b);
        const throughput = median(throughputs);
        // Each round's busy slice against the quiet slice just before it.
        const ratio = rate ? median(throughputs.map((busy, round) => busy / quiet[round]!)) : 1;
        const p99 = percentile(latencies, 99);
        const cores = (key: keyof CpuShares) => used.reduce((sum, shares) => sum + shares[key], 0) / used.length;
        result.reads.set(name, [...(result.reads.get(name) ?? []), { rate, throughput, ratio, p99, failed }]);
        console.log(
          `| ${name} | ${rate || "quiet"} | ${throughput.toFixed(0)} | ${rate ? ratio.toFixed(2) : "1"} | ${(throughput / floorRate).toFixed(2)} | ${percentile(latencies, 50).toFixed(1)} | ${p99.toFixed(1)} | ${failed} | ${(["store", "generator", "postgres", "machine"] as const).map((key) => cores(key).toFixed(2)).join(" / ")} |`,
        );
      }
    }
    const results = await stream.stop();
    const checkouts: string[] = [];
    for (const rate of ORDER_RATES) {
      const sent = results.filter((r) => r.rate === rate);
      const times = sent.map((r) => r.latency).sort((a, b) => a - b);
      const failed = sent.filter((r) => r.outcome !== "ordered");
      const summary = { sent: sent.length, failed: failed.length, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? NaN };
      result.checkouts.set(rate, summary);
      checkouts.push(
        `${rate} orders/s: ${summary.sent} checkouts, ${summary.failed} failed${failed[0] ? ` (${failed[0].detail ?? failed[0].outcome})` : ""}, p50 ${summary.p50.toFixed(0)} ms, p99 ${summary.p99.toFixed(0)} ms, max ${summary.max.toFixed(0)} ms`,
      );
    }
    console.log(`\nCheckouts while the reads saturate:\n  ${checkouts.join("\n  ")}`);
  } finally {
    readers.close();
    await floor.stop();
    await db.close();
  }
}

async function dropNight(store: BenchStore, { shoppers, pieces, viaKit }: (typeof DROPS)[number], result: Measured) {
  const db = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: null });
  const nginx = viaKit ? await startNginx({ upstreams: [new URL(store.url).host] }) : null;
  const base = nginx ? `http://127.0.0.1:${nginx.port}` : store.url;
  try {
    const category = await db.prisma.category.findFirstOrThrow({ where: { slug: "unisex" } });
    const liveAt = new Date(Date.now() + 4000);
    const run = randomUUID().slice(0, 8);
    const drop = Array.from({ length: pieces }, (_, i) => ({
      id: randomUUID(),
      name: `Drop piece ${i + 1}`,
      slug: `drop-${run}-piece-${i + 1}`,
      price: "5000.00",
      stock: 1,
      categoryId: category.id,
      imageUrl: "/images/demo/shirt.svg",
      goesLiveAt: liveAt,
      // Newest of all, so the listing's first pages show the drop.
      createdAt: new Date(Date.now() + 60_000 + i),
    }));
    await db.prisma.product.createMany({ data: drop });
    const dropIds = new Set<string>(drop.map((p) => p.id));
    await sleep(liveAt.getTime() - Date.now() + 20);
    const loadAtDrop = loadAverage();
    // The load generator is a process on the same two cores: if its own event loop lags, the
    // latencies it measures include that lag, and the shop is not to blame for them.
    const ownDelay = monitorEventLoopDelay({ resolution: 10 });
    ownDelay.enable();
    // Without nginx's share: the question is whether the store or its load generator set the pace.
    const cpu = countCpu(store.pid);
    const carrierShare = shoppers > 2000 ? CARRIER_SHARE : 0;
    const { elapsed, listingTimes, checkoutTimes, orderTimes, outcomes, unanswered, errors, staleRetries } = await runDropShoppers({ base, listing: LISTING, dropIds, shoppers, seconds: DROP_SECONDS, carrierShare });
    ownDelay.disable();
    const used = cpu();
    const sold = await db.query<{ product_id: string; n: number; stock: number }>(
      `SELECT p.id AS product_id, p.stock, count(oi.id)::int AS n FROM products p LEFT JOIN order_items oi ON oi.product_id = p.id WHERE p.id = ANY($1::uuid[]) GROUP BY p.id`,
      [[...dropIds]],
    );
    const soldOnce = sold.filter((row) => row.n === 1 && row.stock === 0).length;
    const oversold = sold.filter((row) => row.n > 1 || row.stock < 0).length;
    const all = [...checkoutTimes, ...listingTimes].sort((a, b) => a - b);
    const addresses = carrierShare ? `, ${Math.round(carrierShare * 100)}% of them behind one carrier address and the rest each from its own` : "";
    const via = nginx ? " through the deploy kit's nginx (deploy/nginx.conf)" : "";
    console.log(`\n### Drop${via}: ${pieces} one-of-a-kind pieces live at once, ${shoppers} shoppers within ${DROP_SECONDS} s${addresses}, reloading the listing (load average at the drop ${loadAtDrop})\n`);
    console.log(`Pieces sold exactly once: ${soldOnce} of ${pieces} (oversold: ${oversold}); ${elapsed.toFixed(1)} s from the drop to the last answer`);
    console.log(
      `Checkouts: ${checkoutTimes.length} (${outcomes.ordered} ordered, ${outcomes["sold out"]} "out of stock", ${outcomes.error} errors), p50 ${percentile(checkoutTimes, 50).toFixed(0)} ms, p99 ${percentile(checkoutTimes, 99).toFixed(0)} ms, max ${checkoutTimes.at(-1)?.toFixed(0)} ms; ` +
        `of them the ${orderTimes.length} that placed an order: p50 ${percentile(orderTimes, 50).toFixed(0)} ms, p99 ${percentile(orderTimes, 99).toFixed(0)} ms, max ${orderTimes.at(-1)?.toFixed(0)} ms`,
    );
    console.log(`Listing reads: ${listingTimes.length}, p50 ${percentile(listingTimes, 50).toFixed(0)} ms, p99 ${percentile(listingTimes, 99).toFixed(0)} ms, max ${listingTimes.at(-1)?.toFixed(0)} ms`);
    console.log(`Every request of the drop: p99 ${percentile(all, 99).toFixed(0)} ms, max ${all.at(-1)?.toFixed(0)} ms; shoppers without an answer: ${unanswered}; listing reads sent again after a stale kept-alive connection, as a browser does: ${staleRetries}`);
    if (errors.length) console.log(`Errors (first 3): ${errors.slice(0, 3).join(" | ")}`);
    const nginxSaid = nginx?.output().trim().split("\n").slice(-3).join(" | ");
    if (nginxSaid) console.log(`nginx's log (last 3 lines): ${nginxSaid}`);
    console.log(`CPU from the drop to the last answer, in cores: ${describeCpu(used)}; the store's CPU per request ${((used.store * elapsed * 1000) / all.length).toFixed(2)} ms`);
    console.log(`The load generator's own event-loop delay during the drop: p99 ${(ownDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(ownDelay.max / 1e6).toFixed(0)} ms`);
    result.drops.push({ shoppers, pieces, viaKit, soldOnce, oversold, errors: outcomes.error, unanswered, p99: percentile(checkoutTimes, 99), max: checkoutTimes.at(-1) ?? NaN });
    if (oversold || unanswered || outcomes.error) process.exitCode = 1;
  } finally {
    await nginx?.stop();
    await db.close();
  }
}

/** Issue 39's targets, each for the last variant with the first beside it. */
function printTargets() {
  const names = [...measured.keys()];
  const last = measured.get(names.at(-1)!)!;
  const first = measured.get(names[0]!)!;
  const rows: string[] = [];
  const row = (target: string, value: (m: Measured) => string | null, met: (m: Measured) => boolean | null) => {
    const now = value(last);
    if (now === null) return;
    const verdict = met(last);
    rows.push(`| ${target} | ${now} | ${names.length > 1 ? (value(first) ?? "–") : "–"} | ${verdict === null ? "–" : verdict ? "met" : "NOT MET"} |`);
  };
  for (const [rate, limit] of [[10, 250], [50, 500]] as const) {
    const c = (m: Measured) => m.checkouts.get(rate);
    row(`checkouts at ${rate} orders/s while reads saturate: p99 ≤ ${limit} ms, none failing`, (m) => (c(m) ? `p99 ${c(m)!.p99.toFixed(0)} ms, ${c(m)!.failed} of ${c(m)!.sent} failed` : null), (m) => (c(m) ? c(m)!.p99 <= limit && c(m)!.failed === 0 : null));
  }
  for (const [name, at] of last.reads) {
    const limit = name.startsWith("listing") ? 50 : 100;
    for (const rate of ORDER_RATES) {
      const busy = (m: Measured) => m.reads.get(name)?.find((r) => r.rate === rate);
      row(
        `${name} at ${rate} orders/s: ≥ 0.8 × quiet, p99 ≤ ${limit} ms`,
        (m) => (busy(m) ? `× ${busy(m)!.ratio.toFixed(2)}, p99 ${busy(m)!.p99.toFixed(0)} ms` : null),
        () => (at.find((r) => r.rate === rate) ? busy(last)!.ratio >= 0.8 && busy(last)!.p99 <= limit : null),
      );
    }
  }
  for (const [i, drop] of last.drops.entries()) {
    const d = (m: Measured) => m.drops[i];
    row(
      `drop of ${drop.shoppers} shoppers for ${drop.pieces} pieces${drop.viaKit ? " through the kit's nginx" : ""}: each sold once, no error, checkouts p99 ≤ 1 s, max ≤ 3 s`,
      (m) => (d(m) ? `${d(m)!.soldOnce} sold once, ${d(m)!.oversold} oversold, ${d(m)!.errors + d(m)!.unanswered} errors; p99 ${d(m)!.p99.toFixed(0)} ms, max ${d(m)!.max.toFixed(0)} ms` : null),
      () => drop.soldOnce === drop.pieces && drop.errors + drop.unanswered + drop.oversold === 0 && drop.p99 <= 1000 && drop.max <= 3000,
    );
  }
  console.log(`\n### Targets (issue 39): ${names.at(-1)}${names.length > 1 ? ` beside ${names[0]}, same run` : ""}\n`);
  console.log(`| Target | ${names.at(-1)} | ${names.length > 1 ? names[0] : "–"} | |`);
  console.log("|---|---|---|---|");
  for (const line of rows) console.log(line);
  console.log(`\nLoad average at the end: ${loadAverage()} (other processes on the machine distort the numbers)`);
}

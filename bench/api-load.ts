// `npm run bench:api`: latency and throughput of the storefront's GraphQL queries under load.
// Seeds the demo catalogue plus 5,000 products into a fresh PostgreSQL database, starts the real
// server (NODE_ENV=production) in a child process, and runs 50 concurrent clients against each
// query for a fixed time, in two load models:
//  - shoppers: each client is a shopper who waits 0.5–1.5 s between requests (think time);
//  - saturation: each client fires its next request as soon as the last one answers, which
//    measures the maximum throughput; latency is then concurrency ÷ throughput (Little's law).
// Budget (DESIGN.md §7): products query p95 ≤ 50 ms (checked on the shoppers model).
// Settings: BENCH_PRODUCTS (5000), BENCH_CLIENTS (50), BENCH_SECONDS per scenario (10),
// BENCH_ONLY (run only the scenarios whose name contains it, e.g. "search"), BENCH_MODEL
// ("shoppers" or "saturation": one load model), TEST_DATABASE_ADMIN_URL
// (postgresql://postgres@127.0.0.1:5432/postgres).
import os from "node:os";
import { startBenchStore } from "./lib/bench-store.ts";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 5000);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = 2;
const BUDGET_P95_MS = 50;

const CARD = "id name slug price originalPrice percentOff imageUrl size stock";
const LIST = `query StorefrontProductList($filter: ProductFilter, $sort: ProductSort, $offset: Int, $limit: Int) {
  products(filter: $filter, sort: $sort, offset: $offset, limit: $limit) { totalCount sizes items { ${CARD} } }
}`;
const HOME = `query StorefrontHome {
  activeHomepageSection { id title description products { ${CARD} } }
  featuredProducts { ${CARD} } specialOffers { ${CARD} }
  featuredReviews { id customerName rating reviewText }
}`;
const DETAIL = `query StorefrontProductDetail($slug: String!) {
  product(slug: $slug) { ${CARD} galleryUrls description category { id name slug } }
}`;

interface Scenario {
  name: string;
  query: string;
  variables: () => Record<string, unknown>;
  products: boolean;
}

const categories = ["ladies", "ladies-tops", "men", "men-pants", "kids", "kids-girl", "bales", "unisex"];
const sorts = ["NEWEST", "PRICE_ASC", "PRICE_DESC"];
const sizes = ["S", "M", "L", "XL"];
const words = ["vintage", "denim", "ankara", "shirt", "zara", "linen"];
// What shoppers type: several words, an apostrophe left out, a typo.
const phrases = ["ankara gown", "levis jeans", "denim jacket", "ankra", "vintage shirt", "linen trousers"];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

function scenarios(sampleSlug: string): Scenario[] {
  return [
    { name: "products: all, newest first", query: LIST, variables: () => ({ limit: 24 }), products: true },
    { name: "products: category + sort", query: LIST, variables: () => ({ filter: { category: pick(categories) }, sort: pick(sorts), limit: 24 }), products: true },
    { name: "products: category + size", query: LIST, variables: () => ({ filter: { category: pick(categories), size: pick(sizes) }, limit: 24 }), products: true },
    { name: "products: search", query: LIST, variables: () => ({ filter: { search: pick(words) }, sort: pick(sorts), limit: 24 }), products: true },
    { name: "products: search words, best first", query: LIST, variables: () => ({ filter: { search: pick(phrases) }, limit: 24 }), products: true },
    { name: "products: deep page (Load more)", query: LIST, variables: () => ({ offset: 24 * Math.floor(Math.random() * 150), limit: 24 }), products: true },
    { name: "home", query: HOME, variables: () => ({}), products: false },
    { name: "product page", query: DETAIL, variables: () => ({ slug: sampleSlug }), products: false },
  ];
}

async function request(url: string, scenario: Scenario): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-encoding": "gzip" },
    body: JSON.stringify({ query: scenario.query, variables: scenario.variables() }),
  });
  const body = (await res.json()) as { errors?: { message: string }[] };
  if (!res.ok || body.errors) throw new Error(`${scenario.name}: ${res.status} ${JSON.stringify(body.errors)}`);
  return performance.now() - started;
}

const loadAverage = () => os.loadavg().map((n) => n.toFixed(1)).join(" / ");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(url: string, scenario: Scenario, seconds: number, thinkMs: number): Promise<{ latencies: number[]; elapsed: number }> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      // Shoppers arrive spread over the first think interval rather than all at once.
      if (thinkMs) await sleep(Math.random() * thinkMs);
      while (performance.now() < deadline) {
        latencies.push(await request(url, scenario));
        if (thinkMs) await sleep(thinkMs * (0.5 + Math.random()));
      }
    }),
  );
  return { latencies, elapsed: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const MODELS = [
  { name: "shoppers (think time 0.5–1.5 s)", thinkMs: 1000, budget: true },
  { name: "saturation (no think time)", thinkMs: 0, budget: false },
];

const store = await startBenchStore({ products: PRODUCTS });
let overBudget = false;
try {
  console.log(`Server ${store.url} · ${CLIENTS} concurrent clients · ${SECONDS} s per scenario · ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}) · load average ${loadAverage()}`);
  for (const model of MODELS.filter((m) => m.name.startsWith(process.env.BENCH_MODEL ?? ""))) {
    console.log(`\n### ${CLIENTS} clients, ${model.name}\n`);
    console.log("| Query | Requests | Throughput (req/s) | p50 (ms) | p95 (ms) | p99 (ms) |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const scenario of scenarios(store.sampleSlug).filter((s) => s.name.includes(process.env.BENCH_ONLY ?? ""))) {
      await run(store.url, scenario, WARMUP_SECONDS, model.thinkMs);
      const { latencies, elapsed } = await run(store.url, scenario, SECONDS, model.thinkMs);
      const sorted = latencies.sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      if (model.budget && scenario.products && p95 > BUDGET_P95_MS) overBudget = true;
      console.log(
        `| ${scenario.name} | ${sorted.length} | ${(sorted.length / elapsed).toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} | ${p95.toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} |`,
      );
    }
  }
  console.log(`\nLoad average at the end: ${loadAverage()} (other processes on the machine distort the numbers)`);
  console.log(`\nBudget: products query p95 ≤ ${BUDGET_P95_MS} ms for ${CLIENTS} shoppers → ${overBudget ? "OVER BUDGET" : "within budget"}`);
} finally {
  await store.stop();
}
if (overBudget) process.exitCode = 1;

// `npm run bench:api`: latency and throughput of the storefront's GraphQL queries under load.
// Seeds the demo catalogue plus 5,000 products into a fresh PostgreSQL database, starts the real
// server (NODE_ENV=production) in a child process, and runs 50 concurrent clients against each
// query for a fixed time, in two load models:
//  - shoppers: each client is a shopper who waits 0.5–1.5 s between requests (think time);
//  - saturation: each client fires its next request as soon as the last one answers, which
//    measures the maximum throughput; latency is then concurrency ÷ throughput (Little's law).
// Requests are the app's own: its persisted documents by id over GET, as the browser sends them
// (so the shared response cache answers repeated reads); "search (uncached)" makes every request
// unique, so it measures the path without any cache. The clients are Node's own http client on
// keep-alive connections, reading answers as a proxy would (see `request`): cheap enough that the
// server, not the load generator, is what saturates.
// The saturation model also runs a floor: a bare node:http server with one pg query for the 12
// newest products on the same database (lib/floor-server.ts); each scenario's throughput is shown
// as a ratio of it, with the server's peak RSS while the scenario ran and the CPU time the server
// process and the database's backends used per request (steadier than throughput when other work
// shares the machine; the load generator's own CPU, which also shares it, is in neither).
// Budgets: products query p95 ≤ 50 ms (DESIGN.md §7, shoppers model); issue 13: anonymous listings
// ≥ 1/3 of the floor's req/s with p99 ≤ 50 ms at saturation (reported, not enforced: noisy machine).
// Settings: BENCH_PRODUCTS (5000), BENCH_CLIENTS (50), BENCH_SECONDS per scenario (10),
// BENCH_ONLY (run only the scenarios whose name contains it, e.g. "search"), BENCH_MODEL
// ("shoppers" or "saturation": one load model), BENCH_NODE_ARGS (extra Node flags for the
// server, e.g. "--max-semi-space-size=32"), TEST_DATABASE_ADMIN_URL
// (postgresql://postgres@127.0.0.1:5432/postgres).
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import os from "node:os";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { startBenchStore, startFloorServer } from "./lib/bench-store.ts";
import { byId } from "./lib/persisted-queries.ts";
import { cpuBetween, cpuMs, cpuMsEach } from "./lib/cpu-time.ts";
import { openDatabase } from "../server/src/db/database.ts";

// `--scenario drop-night`: the reads while orders stream, and a drop (bench/drop-night.ts).
// `--scenario embedded-memory`: the compiled embedded store's memory idle, after a listing burst
// and after a 500-shopper drop, against issue 28's 600 MiB (bench/embedded-memory.ts).
const SCENARIOS: Record<string, () => Promise<unknown>> = {
  "drop-night": () => import("./drop-night.ts"),
  "embedded-memory": () => import("./embedded-memory.ts"),
};
const scenarioFlag = process.argv.indexOf("--scenario");
if (scenarioFlag !== -1) {
  const name = process.argv[scenarioFlag + 1] ?? "";
  const scenario = SCENARIOS[name];
  if (!scenario) throw new Error(`Unknown scenario ${name}: the scenarios are ${Object.keys(SCENARIOS).join(", ")}`);
  await scenario();
  process.exit(process.exitCode ?? 0);
}

const PRODUCTS = Number(process.env.BENCH_PRODUCTS || 5000);
const CLIENTS = Number(process.env.BENCH_CLIENTS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = 2;
const BUDGET_P95_MS = 50;


interface Scenario {
  name: string;
  /** Path and query string of a GET (a new one per request). */
  path: () => string;
  products: boolean;
  /** An anonymous listing: held to the floor-ratio target. */
  listing?: boolean;
  floor?: boolean;
}


const categories = ["ladies", "ladies-tops", "men", "men-pants", "kids", "kids-girl", "bales", "unisex"];
const sorts = ["NEWEST", "PRICE_ASC", "PRICE_DESC"];
const sizes = ["S", "M", "L", "XL"];
const words = ["vintage", "denim", "ankara", "shirt", "zara", "linen"];
// What shoppers type: several words, an apostrophe left out, a typo.
const phrases = ["ankara gown", "levis jeans", "denim jacket", "ankra", "vintage shirt", "linen trousers"];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const listing = (filter: Record<string, unknown>, sort: string | null = "NEWEST", offset = 0) =>
  byId("StorefrontProductList", { filter: { category: null, size: null, search: null, ...filter }, sort, offset, limit: 24 });

function scenarios(slugs: string[]): Scenario[] {
  return [
    { name: "floor: node:http + one pg query", path: () => "/", products: false, floor: true },
    { name: "products: all, newest first", path: () => listing({}), products: true, listing: true },
    { name: "products: category + sort", path: () => listing({ category: pick(categories) }, pick(sorts)), products: true, listing: true },
    { name: "products: category + size", path: () => listing({ category: pick(categories), size: pick(sizes) }), products: true, listing: true },
    // Unique variables every time: neither the response cache nor the kept totals can answer.
    { name: "products: search (uncached)", path: () => listing({ search: pick(words), excludeIds: [randomUUID()] }, pick(sorts)), products: true },
    { name: "products: search words, best first (uncached)", path: () => listing({ search: pick(phrases), excludeIds: [randomUUID()] }, null), products: true },
    { name: "products: deep page (Load more)", path: () => listing({}, "NEWEST", 24 * Math.floor(Math.random() * 150)), products: true },
    { name: "home", path: () => byId("StorefrontHome", {}), products: false },
    { name: "product page", path: () => byId("StorefrontProductDetail", { slug: pick(slugs) }), products: false },
  ];
}

/** Per server: one keep-alive connection per client, as a browser keeps its connection to the shop. */
const servers = new Map<string, { host: string; port: string; agent: http.Agent }>();
let answered = 0;

/** Sends one request and returns its latency. Every answer's status is checked; every 50th answer
 *  is also read as GraphQL (any `errors` stops the run). The body is otherwise left compressed and
 *  unparsed, as a CDN or proxy would pass it on: the load generator shares the machine's two cores
 *  with the server, so the less it spends per request, the more of the server's limit it shows
 *  (with fetch and JSON parsing of every answer it was the bottleneck, docs/benchmarks.md). */
function request(url: string, scenario: Scenario): Promise<number> {
  let target = servers.get(url);
  if (!target) {
    const { hostname, port } = new URL(url);
    servers.set(url, (target = { host: hostname, port, agent: new http.Agent({ keepAlive: true, maxSockets: CLIENTS }) }));
  }
  const { host, port, agent } = target;
  const started = performance.now();
  const checked = answered++ % 50 === 0;
  return new Promise((resolve, reject) => {
    const req = http.get({ host, port, path: scenario.path(), agent, headers: { "apollo-require-preflight": "1", "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => checked && chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const latency = performance.now() - started;
        if (res.statusCode !== 200) return reject(new Error(`${scenario.name}: HTTP ${res.statusCode}`));
        if (checked) {
          const raw = Buffer.concat(chunks);
          const body = JSON.parse((res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8")) as { errors?: { message: string }[] };
          if (body.errors) return reject(new Error(`${scenario.name}: ${JSON.stringify(body.errors)}`));
        }
        resolve(latency);
      });
    });
    req.on("error", reject);
  });
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

/** The PostgreSQL backends serving the bench database, where they run on this machine (a remote
 *  database's are not measured). Read after the warm-up, when the pools have opened their connections. */
async function databaseBackends(): Promise<number[]> {
  const client = new pg.Client({ connectionString: store.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
    return rows.map((row) => row.pid).filter((pid) => fs.existsSync(`/proc/${pid}/stat`));
  } finally {
    await client.end();
  }
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
  { name: "shoppers (think time 0.5–1.5 s)", thinkMs: 1000, budget: true, floor: false },
  { name: "saturation (no think time)", thinkMs: 0, budget: false, floor: true },
];
const TARGET_RATIO = 1 / 3;
const TARGET_P99_MS = 50;

const nodeArgs = [...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []), ...(process.env.BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [])];
const store = await startBenchStore({ products: PRODUCTS, nodeArgs });
const floor = await startFloorServer(store.databaseUrl);
let overBudget = false;
try {
  const db = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: null });
  // Product pages across 500 products: a realistic spread, not one page served from cache forever.
  const slugs = (await db.prisma.product.findMany({ select: { slug: true }, orderBy: { id: "asc" }, take: 500 })).map((p) => p.slug);
  await db.close();
  console.log(`Server ${store.url} · ${CLIENTS} concurrent clients · ${SECONDS} s per scenario · ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}) · load average ${loadAverage()}`);
  const targets: string[] = [];
  for (const model of MODELS.filter((m) => m.name.startsWith(process.env.BENCH_MODEL ?? ""))) {
    console.log(`\n### ${CLIENTS} clients, ${model.name}\n`);
    console.log("| Query | Requests | Throughput (req/s) | × floor | p50 (ms) | p95 (ms) | p99 (ms) | Server CPU per request (ms) | Database CPU per request (ms) | Server RSS peak (MB) |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let floorRate: number | null = null;
    for (const scenario of scenarios(slugs).filter((s) => (s.floor ? model.floor : s.name.includes(process.env.BENCH_ONLY ?? "")))) {
      const target = scenario.floor ? floor : store;
      await run(target.url, scenario, WARMUP_SECONDS, model.thinkMs);
      let peak = rssMb(target.pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(target.pid))), 250);
      const backends = await databaseBackends();
      const cpuBefore = cpuMs(target.pid);
      const databaseBefore = cpuMsEach(backends);
      const { latencies, elapsed } = await run(target.url, scenario, SECONDS, model.thinkMs);
      const cpuPerRequest = (cpuMs(target.pid) - cpuBefore) / latencies.length;
      const databasePerRequest = backends.length ? (cpuBetween(databaseBefore, cpuMsEach(backends)) / latencies.length).toFixed(2) : "–";
      clearInterval(sampler);
      const sorted = latencies.sort((a, b) => a - b);
      const rate = sorted.length / elapsed;
      if (scenario.floor) floorRate = rate;
      const p95 = percentile(sorted, 95);
      const p99 = percentile(sorted, 99);
      if (model.budget && scenario.products && p95 > BUDGET_P95_MS) overBudget = true;
      const ratio = floorRate && !scenario.floor ? rate / floorRate : null;
      if (model.floor && scenario.listing && ratio !== null) {
        const met = ratio >= TARGET_RATIO && p99 <= TARGET_P99_MS;
        targets.push(`${scenario.name}: ${(ratio * 100).toFixed(0)}% of the floor, p99 ${p99.toFixed(1)} ms → ${met ? "met" : "NOT met"}`);
      }
      console.log(
        `| ${scenario.name} | ${sorted.length} | ${rate.toFixed(0)} | ${ratio === null ? "–" : ratio.toFixed(2)} | ${percentile(sorted, 50).toFixed(1)} | ${p95.toFixed(1)} | ${p99.toFixed(1)} | ${cpuPerRequest.toFixed(2)} | ${databasePerRequest} | ${peak.toFixed(0)} |`,
      );
    }
  }
  console.log(`\nLoad average at the end: ${loadAverage()} (other processes on the machine distort the numbers)`);
  console.log(`\nBudget: products query p95 ≤ ${BUDGET_P95_MS} ms for ${CLIENTS} shoppers → ${overBudget ? "OVER BUDGET" : "within budget"}`);
  if (targets.length) console.log(`Anonymous listings at saturation (target ≥ 1/3 of the floor, p99 ≤ ${TARGET_P99_MS} ms):\n  ${targets.join("\n  ")}`);
} finally {
  for (const { agent } of servers.values()) agent.destroy();
  await floor.stop();
  await store.stop();
}
if (overBudget) process.exitCode = 1;

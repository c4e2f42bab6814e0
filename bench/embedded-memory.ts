// `npm run bench:api -- --scenario embedded-memory`: the embedded store's memory under a small
// shop's load, against the 1 GB server's budget (issue 28: ≤ 600 MiB after the load).
// The compiled server (dist/node/main.js; run `npm run build` first) in embedded mode, on a fresh
// data directory (its first start: the database created, the demo catalogue seeded), in a child
// process with the production Node flags. Its memory (VmRSS and VmHWM of the process and any
// children, /proc) is read:
//  1. idle, BENCH_IDLE_SECONDS (15) after it is ready;
//  2. after a listing burst: 50 clients at saturation for BENCH_SECONDS (10) on the storefront's
//     listing GETs (persisted query by id, as bench:api's listing scenarios: all, category + sort,
//     category + size), with its throughput;
//  3. after a drop: BENCH_DROP_PIECES (200) one-of-a-kind pieces listed through the admin API,
//     going live at the next Lagos minute that leaves time for the burst, then BENCH_SHOPPERS (500)
//     shoppers within BENCH_DROP_SECONDS (10), as bench/drop-night.ts's drop (lib/drop.ts).
// With each reading, where it goes: the server's own /metrics (V8 heap used and reserved,
// "external" memory, mostly the database's WebAssembly memory, and the HTTP answer cache).
// Peak is VmHWM, the most the process held since it started (the first start's database creation
// included). Settings: BENCH_NODE_ARGS (extra Node flags for the server), BENCH_CLIENTS (50).
import fs from "node:fs";
import os from "node:os";
import { startEmbeddedBenchStore } from "./lib/bench-store.ts";
import { byId } from "./lib/persisted-queries.ts";
import { runDropShoppers, shopClient } from "./lib/drop.ts";
import { processMemory } from "./lib/process-memory.ts";
import { memoryBreakdown, type MemoryBreakdown } from "./lib/metrics-memory.ts";
import { toLagosDateTimeInput } from "../common/lagos-time-input.ts";

const BUDGET_MIB = 600;
const CLIENTS = Number(process.env.BENCH_CLIENTS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS || 15);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS || 500);
const DROP_PIECES = Number(process.env.BENCH_DROP_PIECES || 200);
const DROP_SECONDS = Number(process.env.BENCH_DROP_SECONDS || 10);
/** Time for the GC and the database to settle before an "after" reading. */
const SETTLE_MS = 3000;

/** CPU time (user + system, ms) the server has used so far (Linux /proc, ticks of 10 ms): per
 *  request steadier than throughput when other work shares the machine. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => os.loadavg().map((n) => n.toFixed(1)).join(" / ");
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** The listing exactly as the client asks for `/products` (ProductListPage's variables). */
const LISTING = byId("StorefrontProductList", { filter: { category: null, size: null, search: null, deals: null, condition: null }, sort: null, offset: 0, limit: 24 });
const categories = ["ladies", "ladies-tops", "men", "men-pants", "kids", "kids-girl", "bales", "unisex"];
const sorts = ["NEWEST", "PRICE_ASC", "PRICE_DESC"];
const sizes = ["S", "M", "L", "XL"];
const listing = (filter: Record<string, unknown>, sort: string | null = "NEWEST") =>
  byId("StorefrontProductList", { filter: { category: null, size: null, search: null, ...filter }, sort, offset: 0, limit: 24 });
const LISTINGS = [() => listing({}), () => listing({ category: pick(categories) }, pick(sorts)), () => listing({ category: pick(categories), size: pick(sizes) })];

/** An admin session over the API (the production cookie is __Host-session; sent back as is). */
async function adminApi(base: string, email: string, password: string) {
  let cookie = "";
  const call = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify({ query, variables }) });
    for (const header of res.headers.getSetCookie()) if (/^(__Host-)?session=/.test(header)) cookie = header.split(";")[0]!;
    const body = (await res.json()) as { data?: T; errors?: unknown };
    if (body.errors || !body.data) throw new Error(`admin API: ${JSON.stringify(body.errors ?? body)}`);
    return body.data;
  };
  const logIn = await call<{ logIn: { __typename: string; message?: string } }>(
    `mutation($input: LogInInput!) { logIn(input: $input) { __typename ... on Error { message } } }`,
    { input: { email, password } },
  );
  if (logIn.logIn.__typename !== "MutationLogInSuccess") throw new Error(`admin logIn: ${logIn.logIn.message}`);
  return call;
}

interface Reading {
  phase: string;
  rss: number;
  hwm: number;
  breakdown: MemoryBreakdown;
  note: string;
}

const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
const store = await startEmbeddedBenchStore({ nodeArgs });
const readings: Reading[] = [];
let peakSampled = 0;
const sampler = setInterval(() => {
  try {
    peakSampled = Math.max(peakSampled, processMemory(store.pid).rss);
  } catch {
    // the server ended
  }
}, 250);
const read = async (phase: string, note: string) => {
  const { rss, hwm } = processMemory(store.pid);
  readings.push({ phase, rss, hwm, breakdown: await memoryBreakdown(store.url, store.metricsToken), note });
};
let failed = false;
try {
  console.log(
    `Embedded store (compiled, ${[...nodeArgs].join(" ") || "production flags"}) ${store.url} ready in ${store.startSeconds.toFixed(1)} s · ${os.cpus().length} CPUs · load average ${loadAverage()}`,
  );
  await read("ready (first start: database created, demo catalogue seeded)", `${store.startSeconds.toFixed(1)} s to ready`);
  await sleep(IDLE_SECONDS * 1000);
  await read(`idle ${IDLE_SECONDS} s`, "");

  // The drop's pieces, listed now through the admin API, going live at a Lagos minute (the admin
  // field's precision) after the burst.
  const admin = await adminApi(store.url, store.adminEmail, store.adminPassword);
  const { categories: all } = await admin<{ categories: { id: string; slug: string }[] }>(`{ categories { id slug } }`);
  const unisex = all.find((c) => c.slug === "unisex") ?? all[0]!;
  const earliest = Date.now() + (SECONDS + 2 + 30) * 1000;
  const liveAt = new Date(Math.ceil(earliest / 60_000) * 60_000);
  const dropIds = new Set<string>();
  for (let i = 0; i < DROP_PIECES; i++) {
    const created = await admin<{ createProduct: { __typename: string; data?: { id: string }; message?: string } }>(
      `mutation($input: AdminProductInput!) { createProduct(input: $input) { __typename ... on Error { message } ... on MutationCreateProductSuccess { data { id } } } }`,
      { input: { name: `Drop piece ${i + 1}`, price: "5000", stock: 1, categoryId: unisex.id, imageUrl: "/images/demo/shirt.svg", goesLiveAt: toLagosDateTimeInput(liveAt) } },
    );
    if (!created.createProduct.data) throw new Error(`createProduct: ${created.createProduct.message ?? created.createProduct.__typename}`);
    dropIds.add(created.createProduct.data.id);
  }

  // The listing burst.
  peakSampled = 0;
  const readers = shopClient(store.url, CLIENTS);
  const saturate = async (seconds: number) => {
    let answered = 0;
    let failures = 0;
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < deadline) {
          const answer = await readers.get(pick(LISTINGS)()).catch(() => null);
          if (answer?.status === 200) answered++;
          else failures++;
        }
      }),
    );
    return { rate: answered / seconds, answered, failures };
  };
  await saturate(2);
  const cpuBefore = cpuMs(store.pid);
  const burst = await saturate(SECONDS);
  const cpuPerRequest = (cpuMs(store.pid) - cpuBefore) / burst.answered;
  readers.close();
  await sleep(SETTLE_MS);
  await read(`after the listing burst (${CLIENTS} clients, ${SECONDS} s)`, `${burst.rate.toFixed(0)} req/s, ${cpuPerRequest.toFixed(2)} ms server CPU per request${burst.failures ? `, ${burst.failures} failed` : ""}`);
  if (burst.failures) failed = true;

  // The drop.
  const wait = liveAt.getTime() - Date.now() + 50;
  if (wait < 0) console.log(`(the drop went live ${(-wait / 1000).toFixed(0)} s before the shoppers came: the machine is slow)`);
  await sleep(Math.max(0, wait));
  const loadAtDrop = loadAverage();
  const cpuBeforeDrop = cpuMs(store.pid);
  const drop = await runDropShoppers({ base: store.url, listing: LISTING, dropIds, shoppers: SHOPPERS, seconds: DROP_SECONDS });
  const dropCpuPerRequest = (cpuMs(store.pid) - cpuBeforeDrop) / (drop.checkoutTimes.length + drop.listingTimes.length);
  await sleep(SETTLE_MS);
  const { ordered, error } = drop.outcomes;
  await read(
    `after the drop (${DROP_PIECES} pieces, ${SHOPPERS} shoppers in ${DROP_SECONDS} s)`,
    `${ordered} ordered, ${drop.outcomes["sold out"]} sold out, ${error} errors, ${drop.unanswered} unanswered; checkout p99 ${percentile(drop.checkoutTimes, 99).toFixed(0)} ms, listing p99 ${percentile(drop.listingTimes, 99).toFixed(0)} ms, ${dropCpuPerRequest.toFixed(2)} ms server CPU per request; load average ${loadAtDrop}`,
  );
  if (ordered > DROP_PIECES || error || drop.unanswered) {
    failed = true;
    console.log(`Drop errors (first 3): ${drop.errors.slice(0, 3).join(" | ")}`);
  }

  // RSS outside the V8 heap is the steadier figure to compare settings by: the heap's size swings
  // by 100 MiB with when the last major GC ran.
  console.log(`\n| Reading | RSS (MiB) | Peak RSS so far, VmHWM (MiB) | V8 heap used / reserved (MiB) | RSS outside the V8 heap (MiB) | External (MiB) | Answer cache (MiB) | |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|---|");
  for (const { phase, rss, hwm, breakdown: b, note } of readings) {
    console.log(
      `| ${phase} | ${rss.toFixed(0)} | ${hwm.toFixed(0)} | ${b.heapUsed.toFixed(0)} / ${b.heapTotal.toFixed(0)} | ${(rss - b.heapTotal).toFixed(0)} | ${b.external.toFixed(0)} | ${b.answerCache.toFixed(1)} | ${note} |`,
    );
  }
  const after = readings.at(-1)!;
  const afterLoad = Math.max(...readings.slice(2).map((r) => r.rss));
  console.log(`\nPeak RSS sampled during the load (every 250 ms): ${peakSampled.toFixed(0)} MiB; VmHWM ${after.hwm.toFixed(0)} MiB`);
  console.log(`Budget (issue 28, a 1 GB server): RSS after the load ≤ ${BUDGET_MIB} MiB → ${afterLoad.toFixed(0)} MiB, ${afterLoad <= BUDGET_MIB ? "within budget" : "OVER BUDGET"}`);
  console.log(`Load average at the end: ${loadAverage()} (other processes on the machine distort the throughput)`);
  if (afterLoad > BUDGET_MIB) failed = true;
} finally {
  clearInterval(sampler);
  await store.stop();
}
if (failed) process.exitCode = 1;

// `npm run bench:lighthouse`: Lighthouse (mobile preset) on /, /products and a product page, with
// Debian's Chromium, against the real server with the demo catalogue plus 5,000 products.
// Needs the `lighthouse` package (devDependency lighthouse@13.5.0) and Chromium (CHROME_PATH,
// default /usr/bin/chromium). Uses CLIENT_DIR when set (its server renderer beside it in
// ../server, as `npm run build` leaves them), else builds both into a temp folder.
// Each page is measured LIGHTHOUSE_RUNS times (3) and the median run reported.
// LIGHTHOUSE_REPORT_DIR=<dir> keeps each page's full JSON report (of the median run).
// Budget (DESIGN.md §7, raised): performance 100, accessibility 100, FCP ≤ 1.0 s, LCP ≤ 1.5 s,
// TBT ≤ 50 ms, CLS 0. Each line says which of them that page misses, and the size of the page's
// HTML as sent (marked when it no longer fits in TCP's first round trip, ~14 KB).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../server/src/config.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/helpers/browser.ts";
import { startBenchStore } from "./lib/bench-store.ts";

interface Lhr {
  /** Set when Lighthouse could not measure the page in that run (its scores are then null). */
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>;
}
type LighthouseRun = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr } | undefined>;

async function loadModule<T>(name: string): Promise<T | null> {
  try {
    return (await import(name)) as T;
  } catch {
    return null;
  }
}

const lighthouseModule = await loadModule<{ default: LighthouseRun }>("lighthouse");
const launcher = await loadModule<{ launch(options: Record<string, unknown>): Promise<{ port: number; kill(): Promise<void> | void }> }>("chrome-launcher");
if (!lighthouseModule || !launcher) {
  console.log("Lighthouse is not installed. Add it with `npm install --save-dev lighthouse@13.5.0`, then run `npm run bench:lighthouse` again.");
  process.exit(0);
}
if (!fs.existsSync(CHROMIUM_PATH)) {
  console.log(`Chromium not found at ${CHROMIUM_PATH} (set CHROME_PATH, or apt-get install chromium).`);
  process.exit(1);
}

function clientDir(): string {
  if (process.env.CLIENT_DIR) return process.env.CLIENT_DIR;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thrift-lighthouse-"));
  const vite = path.join(PROJECT_ROOT, "node_modules/vite/bin/vite.js");
  const build = (...args: string[]) =>
    execFileSync(process.execPath, [vite, "build", "--config", "client/vite.config.ts", "--logLevel", "warn", "--emptyOutDir", ...args], { cwd: PROJECT_ROOT, stdio: "inherit" });
  build("--outDir", path.join(dir, "client"));
  // The server renderer of the browsing pages (decision 019), where the server looks for it.
  build("--ssr", "src/entry-server.tsx", "--outDir", path.join(dir, "server"));
  return path.join(dir, "client");
}

/** TCP's first window (10 segments of 1,460 bytes): a page whose HTML, headers included, is larger
 *  waits a whole round trip more for its first paint on a slow connection (decision 022). */
const FIRST_ROUND_TRIP_BYTES = 14_600;

/** The page's HTML as transferred (gzip and headers), marked when past the first round trip. */
function html(lhr: Lhr): string {
  const bytes = lhr.audits["network-requests"]?.details?.items?.find((item) => item.resourceType === "Document")?.transferSize;
  if (bytes === undefined) return "–";
  return `${(bytes / 1024).toFixed(1)} KB${bytes > FIRST_ROUND_TRIP_BYTES ? " (past the first round trip)" : ""}`;
}

const BUDGET = { performance: 100, accessibility: 100, fcpMs: 1000, lcpMs: 1500, tbtMs: 50, cls: 0 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 3));
const store = await startBenchStore({ products: Number(process.env.BENCH_PRODUCTS || 5000), clientDir: clientDir() });
const chrome = await launcher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
let failed = false;
try {
  console.log(`Median of ${RUNS} runs per page (range of the performance score in brackets)\n`);
  console.log("| Page | Performance | Accessibility | FCP | LCP | CLS | TBT | HTML | Misses |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const [label, pathname] of [
    ["/", "/"],
    ["/products", "/products"],
    ["product page", `/products/${store.sampleSlug}`],
  ] as const) {
    const runs: Lhr[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouseModule.default(`${store.url}${pathname}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        // The default config is the mobile preset: Moto G class device, slow 4G throttling.
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
      runs.push(result.lhr);
    }
    // A run Lighthouse could not measure is reported and left out, not counted as a score of 0.
    const failedRuns = runs.filter((lhr) => lhr.runtimeError || lhr.categories.performance?.score == null);
    for (const lhr of failedRuns) console.log(`(${label}: one run not measured: ${lhr.runtimeError?.code ?? "no score"} ${lhr.runtimeError?.message ?? ""})`);
    const measured = runs.filter((lhr) => !failedRuns.includes(lhr));
    if (!measured.length) throw new Error(`Lighthouse measured none of the ${RUNS} runs of ${pathname}`);
    // The median run by performance score, as Lighthouse's own guidance recommends over one run.
    const scoreOf = (lhr: Lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const sorted = [...measured].sort((a, b) => scoreOf(a) - scoreOf(b));
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const { categories, audits } = median;
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      // The whole report, for finding what costs the score (open it in the Lighthouse viewer).
      fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const file = path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${label.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}.json`);
      fs.writeFileSync(file, JSON.stringify(median));
    }
    const performance = scoreOf(median);
    const accessibility = Math.round((categories.accessibility?.score ?? 0) * 100);
    const cls = audits["cumulative-layout-shift"]?.numericValue ?? 0;
    const ms = (audit: string) => audits[audit]?.numericValue ?? Number.POSITIVE_INFINITY;
    const misses = [
      performance < BUDGET.performance && "performance",
      accessibility < BUDGET.accessibility && "accessibility",
      ms("first-contentful-paint") > BUDGET.fcpMs && "FCP",
      ms("largest-contentful-paint") > BUDGET.lcpMs && "LCP",
      ms("total-blocking-time") > BUDGET.tbtMs && "TBT",
      cls > BUDGET.cls && "CLS",
    ].filter(Boolean);
    if (misses.length) failed = true;
    const range = RUNS > 1 ? ` (${scoreOf(sorted[0]!)}–${scoreOf(sorted.at(-1)!)}${failedRuns.length ? `, ${failedRuns.length} of ${RUNS} runs not measured` : ""})` : "";
    console.log(
      `| ${label} | ${performance}${range} | ${accessibility} | ${audits["first-contentful-paint"]?.displayValue ?? "–"} | ${audits["largest-contentful-paint"]?.displayValue ?? "–"} | ${cls.toFixed(3)} | ${audits["total-blocking-time"]?.displayValue ?? "–"} | ${html(median)} | ${misses.join(", ") || "none"} |`,
    );
  }
  console.log(
    `\nBudget: performance ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, FCP ≤ ${BUDGET.fcpMs / 1000} s, LCP ≤ ${BUDGET.lcpMs / 1000} s, TBT ≤ ${BUDGET.tbtMs} ms, CLS ${BUDGET.cls} → ${failed ? "NOT MET" : "met"}`,
  );
} finally {
  await chrome.kill();
  await store.stop();
}
if (failed) process.exitCode = 1;

// `npm run bench:feeds`: how long the selling-channel documents take at 5,000 products (issue 29,
// decision 029). The real server in its own process on PostgreSQL with the demo catalogue plus
// PRODUCTS generated products. For each document: a cold answer (the first after a catalogue
// change, so it is read and written anew), a warm one (the same catalogue version) and a 304. The
// floor is the database read alone: the same rows fetched with plain `pg` from this process, so
// the ratio says what building and sending the document adds to reading the catalogue.
import pg from "pg";
import { startBenchStore } from "./lib/bench-store.ts";

const PRODUCTS = Number(process.env.PRODUCTS || 5000);
const RUNS = Number(process.env.RUNS || 7);
const PATHS = ["/feeds/meta.csv", "/feeds/google.xml", "/sitemap.xml", "/sitemaps/products-1.xml"];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(send: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await send();
  return performance.now() - started;
}

const store = await startBenchStore({ products: PRODUCTS });
const pool = new pg.Pool({ connectionString: store.databaseUrl, max: 2 });
try {
  const count = (await pool.query("SELECT count(*)::int AS n FROM products")).rows[0].n as number;
  // A write the catalogue hears (NOTIFY): the next request builds its documents again.
  const change = async () => {
    await pool.query("UPDATE products SET stock = stock WHERE id = (SELECT id FROM products ORDER BY created_at LIMIT 1)");
    await new Promise((resolve) => setTimeout(resolve, 150));
  };
  const floorRead = `SELECT p.id, p.name, p.slug, p.price::text, p.original_price::text, p.image_url, p.gallery_urls, p.size, p.stock,
    p.description, p.condition, p.updated_at, p.goes_live_at, c.slug AS category_slug, c.main
    FROM products p LEFT JOIN categories c ON c.id = p.category_id
    WHERE p.goes_live_at IS NULL OR p.goes_live_at <= now() ORDER BY p.created_at DESC, p.id`;
  for (let i = 0; i < 2; i++) await pool.query(floorRead);
  const floor = median(await Promise.all(Array.from({ length: RUNS }, () => 0)).then(async () => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await timed(() => pool.query(floorRead)));
    return times;
  }));
  console.log(`\n${count} products; floor (the catalogue read alone, plain pg): ${ms(floor)}\n`);
  console.log("| document | bytes (uncompressed) | cold (after a change) | cold ÷ floor | warm | 304 |");
  console.log("|---|---|---|---|---|---|");
  for (const path of PATHS) {
    const get = (headers: Record<string, string> = {}) => fetch(`${store.url}${path}`, { headers: { "accept-encoding": "gzip", ...headers } });
    let bytes = 0;
    let etag = "";
    const cold: number[] = [];
    const warm: number[] = [];
    const notModified: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await change();
      cold.push(await timed(async () => {
        const res = await get();
        bytes = (await res.arrayBuffer()).byteLength;
        etag = res.headers.get("etag") ?? "";
      }));
      warm.push(await timed(async () => (await get()).arrayBuffer()));
      notModified.push(await timed(async () => {
        const res = await get({ "if-none-match": etag, "cache-control": "max-age=0" });
        if (res.status !== 304) throw new Error(`${path}: expected 304, got ${res.status}`);
      }));
    }
    console.log(`| ${path} | ${bytes} | ${ms(median(cold))} | ${(median(cold) / floor).toFixed(1)}× | ${ms(median(warm))} | ${ms(median(notModified))} |`);
  }
} finally {
  await pool.end();
  await store.stop();
}

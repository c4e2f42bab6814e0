// A real store for benchmarks: its own PostgreSQL database (created here, dropped at the end),
// migrated and seeded with the demo catalogue plus N generated products, served by the real
// server in a child process (so the load generator does not share its CPU time slices).
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPostgresDatabase } from "../../tests/helpers/databases.ts";
import { openDatabase } from "../../server/src/db/database.ts";
import { migrate } from "../../server/src/db/migrate.ts";
import { seedDemoCatalogue } from "../../server/src/db/seed.ts";
import { Prisma } from "../../server/src/generated/prisma/client.ts";
import { PROJECT_ROOT } from "../../server/src/config.ts";
import { slugify } from "../../common/slug.ts";
import { freePort } from "../../deploy/free-port.ts";

export interface BenchStore {
  url: string;
  /** The server's process id (its memory is read from /proc). */
  pid: number;
  databaseUrl: string;
  /** One product slug, for product-page runs. */
  sampleSlug: string;
  stop(): Promise<void>;
}

const WORDS = {
  adjective: ["Vintage", "Classic", "Oversized", "Slim", "Floral", "Striped", "Denim", "Linen", "Cotton", "Ankara", "Retro", "Casual", "Corporate", "Pleated", "Wrap"],
  garment: ["Shirt", "Blouse", "Gown", "Skirt", "Trousers", "Jeans", "Shorts", "Polo", "Hoodie", "Jacket", "Tee", "Dungaree", "Cardigan", "Jumpsuit"],
  brand: ["Zara", "H&M", "Levi's", "Next", "Primark", "Gap", "Uniqlo", "M&S", "Tommy", "Ralph Lauren", "Nike", "Adidas"],
};
const SIZES = ["XS", "S", "M", "L", "XL", "XXL", null];
const IMAGES = ["blouse.svg", "tshirt.svg", "shirt.svg", "polo.svg", "skirt.svg", "trousers.svg", "jeans.svg", "gown.svg", "shorts.svg", "hoodie.svg", "jacket.svg"];

/** Deterministic pseudo-random numbers, so every run measures the same catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export async function seedProducts(databaseUrl: string, count: number): Promise<void> {
  const db = await openDatabase({ databaseUrl, dataDir: null });
  try {
    await migrate(db);
    await seedDemoCatalogue(db.prisma, new Date(), { drop: false });
    const categories = await db.prisma.category.findMany({ select: { id: true } });
    const random = rng(20261122);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const now = Date.now();
    const rows: Prisma.ProductCreateManyInput[] = [];
    for (let i = 0; i < count; i++) {
      const name = `${pick(WORDS.brand)} ${pick(WORDS.adjective)} ${pick(WORDS.garment)} #${i + 1}`;
      const price = 500 * Math.round(2 + random() * 118); // ₦1,000 – ₦60,000
      const discounted = random() < 0.4;
      const createdAt = new Date(now - Math.floor(random() * 365 * 24 * 3600 * 1000));
      rows.push({
        id: randomUUID(),
        name,
        slug: `bench-${i + 1}-${slugify(name)}`,
        price: new Prisma.Decimal(price),
        originalPrice: discounted ? new Prisma.Decimal(Math.round(price * (1.2 + random()))) : null,
        imageUrl: `/images/demo/${pick(IMAGES)}`,
        size: pick(SIZES),
        stock: Math.floor(random() * 8),
        description: `Pre-loved ${name.toLowerCase()} in good condition. Washed, checked and ready to wear.`,
        categoryId: pick(categories).id,
        createdAt,
        updatedAt: createdAt,
      });
    }
    for (let i = 0; i < rows.length; i += 1000) await db.prisma.product.createMany({ data: rows.slice(i, i + 1000) });
    // A steady-state database, as in production: statistics, and the GIN (search) indexes' pending
    // lists merged, rather than measuring autovacuum catching up with the bulk load.
    await db.query("VACUUM ANALYZE");
  } finally {
    await db.close();
  }
}

/** The Node flags the Dockerfile runs the server with (its NODE_OPTIONS): benchmarks measure that. */
export const PRODUCTION_NODE_ARGS = ["--max-semi-space-size=32"];
/** The Dockerfile's environment for memory: glibc's malloc with two arenas (decision 028); the
 *  bench's own environment may override it (e.g. MALLOC_ARENA_MAX=16, glibc's default on 2 cores). */
export const PRODUCTION_ENV = { MALLOC_ARENA_MAX: "2" };

/** `root`: another checkout's build to run (a "before" beside this one in the same run), default this one. */
export async function startBenchStore(options: { products: number; clientDir?: string; env?: Record<string, string>; nodeArgs?: string[]; root?: string }): Promise<BenchStore> {
  const root = options.root ?? PROJECT_ROOT;
  const database = await createPostgresDatabase();
  let child: ChildProcess | null = null;
  const stop = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    await database.drop();
  };
  try {
    process.stdout.write(`Seeding the demo catalogue and ${options.products} products… `);
    const started = Date.now();
    await seedProducts(database.url, options.products);
    console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
    const port = await freePort();
    // The compiled server, as `npm start` and the Docker image run it (no transpiler, no source maps).
    const main = path.join(root, "dist/node/main.js");
    if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
    child = spawn(process.execPath, [...PRODUCTION_NODE_ARGS, ...(options.nodeArgs ?? []), main], {
      cwd: root,
      env: {
        ...PRODUCTION_ENV,
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
        ADMIN_PASSWORD: "bench-admin-password",
        LOG_LEVEL: "silent",
        ...(options.clientDir ? { CLIENT_DIR: options.clientDir } : {}),
        ...options.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error("The server exited during start-up");
      const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (i > 300) throw new Error("The server did not become healthy within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const db = await openDatabase({ databaseUrl: database.url, dataDir: null });
    const sample = await db.prisma.product.findFirstOrThrow({ where: { stock: { gt: 0 }, slug: { not: { startsWith: "bench-" } } }, orderBy: { createdAt: "desc" } });
    await db.close();
    return { url, pid: child.pid!, databaseUrl: database.url, sampleSlug: sample.slug, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The floor server (lib/floor-server.ts) on the bench store's database, in its own process. */
export async function startFloorServer(databaseUrl: string): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "bench/lib/floor-server.ts")], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error("The floor server exited during start-up");
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error("The floor server did not answer within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/** The compiled server (`npm run build`'s dist/node/main.js, as `npm start` and the Docker image
 *  run it) in embedded mode: a fresh DATA_DIR in a temporary folder, so its first start creates
 *  the database and seeds the demo catalogue, as a one-person shop's first start does. */
export async function startEmbeddedBenchStore(options: { nodeArgs?: string[]; env?: Record<string, string> }): Promise<{
  url: string;
  pid: number;
  adminEmail: string;
  adminPassword: string;
  metricsToken: string;
  /** Seconds from spawn to /readyz answering 200. */
  startSeconds: number;
  stop(): Promise<void>;
}> {
  const main = path.join(PROJECT_ROOT, "dist/node/main.js");
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "thrift-bench-embedded-"));
  const port = await freePort();
  const credentials = { adminEmail: "admin@bench.local", adminPassword: "bench-admin-password", metricsToken: randomUUID() };
  const env: NodeJS.ProcessEnv = {
    ...PRODUCTION_ENV,
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: credentials.adminEmail,
    ADMIN_PASSWORD: credentials.adminPassword,
    METRICS_TOKEN: credentials.metricsToken,
    LOG_LEVEL: "silent",
    ...options.env,
  };
  // Embedded mode is the absence of a PostgreSQL URL (the bench's own environment may have one).
  delete env.DATABASE_URL;
  delete env.DATABASE_DIRECT_URL;
  delete env.NODE_OPTIONS;
  const started = performance.now();
  const child = spawn(process.execPath, [...PRODUCTION_NODE_ARGS, ...(options.nodeArgs ?? []), main], { cwd: PROJECT_ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error("The server exited during start-up");
      if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
      if (i > 1200) throw new Error("The embedded server was not ready within 120 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, ...credentials, startSeconds: (performance.now() - started) / 1000, stop };
}

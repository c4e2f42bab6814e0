// The restore drill of the embedded database (the `npm start` default): the real server backs up
// DATA_DIR at start-up and every BACKUP_INTERVAL_MINUTES, keeping BACKUP_KEEP; after its process is
// killed and DATA_DIR is lost, `npm run db:restore -- <file>` brings the orders, products, users and
// sessions back, and refuses to run while a server uses DATA_DIR or over existing data.
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./child-store.ts";
import { GraphQLClient } from "../helpers/store.ts";
import { PROJECT_ROOT } from "../../server/src/config.ts";
import { listBackups } from "../../server/src/db/backups.ts";

const run = promisify(execFile);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PLACE_ORDER = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  __typename ... on Error { message } ... on MutationPlaceOrderSuccess { data { order { id } } }
} }`;
const ADD_TO_CART = `mutation($productId: ID!, $quantity: Int!) { addToCart(productId: $productId, quantity: $quantity) { __typename ... on Error { message } } }`;
const PRODUCTS = `{ products(limit: 48) { items { id name } } }`;

let root: string;
let dataDir: string;
let clientDir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "thrift-restore-"));
  dataDir = path.join(root, "data");
  // A minimal index.html beside the built server renderer, as in child-store.ts.
  clientDir = path.join(root, "client");
  fs.mkdirSync(clientDir);
  fs.writeFileSync(path.join(clientDir, "index.html"), `<!doctype html><html><head><title>Thrift Store</title><!--store-settings--></head><body><div id="root"></div></body></html>`);
  fs.symlinkSync(path.resolve(process.env.CLIENT_DIR || path.join(PROJECT_ROOT, "dist/client"), "../server"), path.join(root, "server"));
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(root, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}) {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", DATA_DIR: dataDir, CLIENT_DIR: clientDir, ADMIN_PASSWORD: "restore-admin-password", SEED_DEMO_DROP: "false", ...extra };
}

async function startServer(extra: Record<string, string>): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "server/src/main.ts")], {
    cwd: PROJECT_ROOT,
    env: env({ PORT: String(port), HOST: "127.0.0.1", ...extra }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error(`The server did not become ready within 60 s:\n${output}`);
    await pause(100);
  }
  return { url, child, output: () => output };
}

async function restore(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", path.join(PROJECT_ROOT, "server/scripts/restore.ts"), ...args], { cwd: PROJECT_ROOT, env: env() });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

it("orders placed, backup taken, DATA_DIR lost, restored: the same orders, products, users and sessions come back", async () => {
  // 0.02 minutes: a backup every 1.2 s, the newest 2 kept.
  const first = await startServer({ BACKUP_INTERVAL_MINUTES: "0.02", BACKUP_KEEP: "2" });
  const shopper = new GraphQLClient(first.url);
  await shopper.signUp(`restore-${randomUUID().slice(0, 8)}@example.ng`);
  const products = (await shopper.data(PRODUCTS)).products.items as { id: string; name: string }[];
  expect(products.length).toBeGreaterThan(5);
  const orderIds: string[] = [];
  for (const product of products.slice(0, 3)) {
    const added = await shopper.data(ADD_TO_CART, { productId: product.id, quantity: 1 });
    expect(added.addToCart.__typename).toBe("MutationAddToCartSuccess");
    const input = { fullName: "Ada Obi", email: "ada@example.ng", phone: "0803 765 4321", deliveryMethod: "pickup", idempotencyKey: randomUUID() };
    const answer = await shopper.data(PLACE_ORDER, { input });
    expect(answer.placeOrder.__typename).toBe("MutationPlaceOrderSuccess");
    orderIds.push(answer.placeOrder.data.order.id);
  }
  const before = await shopper.data(`{ viewer { id email } myOrders { id total } }`);
  const listed = (await shopper.data(PRODUCTS)).products.items;
  expect(before.myOrders.map((o: { id: string }) => o.id).sort()).toEqual([...orderIds].sort());

  // Backups taken after the last order: at least two more lines in the log than now.
  const backupsSoFar = (first.output().match(/Backed up the embedded database/g) ?? []).length;
  for (let i = 0; (first.output().match(/Backed up the embedded database/g) ?? []).length < backupsSoFar + 2; i++) {
    if (i > 300) throw new Error(`No new backups within 30 s:\n${first.output()}`);
    await pause(100);
  }
  const backups = listBackups(dataDir);
  expect(backups.length).toBe(2);

  // Not while a server uses DATA_DIR.
  const refused = await restore(backups[0]!);
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/Restore refused: a server \(pid \d+\) is using/);

  // The machine's disk is lost; a copy of the newest backup was kept elsewhere.
  const offsite = path.join(root, "offsite.tar.gz");
  fs.copyFileSync(backups[0]!, offsite);
  first.child.kill("SIGKILL");
  await new Promise((resolve) => first.child.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir);

  const restored = await restore(offsite);
  expect(restored).toEqual({ code: 0, output: expect.stringMatching(/Restored offsite\.tar\.gz into .*: 3 orders, \d+ products, 2 users/) });
  const again = await restore(offsite);
  expect(again.code).toBe(1);
  expect(again.output).toMatch(/already holds a database: add --force/);

  const second = await startServer({ SEED_DEMO: "true" });
  try {
    // The same session cookie is still signed in, to the same account, with the same orders.
    const back = new GraphQLClient(second.url);
    back.cookie = shopper.cookie;
    expect(await back.data(`{ viewer { id email } myOrders { id total } }`)).toEqual(before);
    expect((await back.data(PRODUCTS)).products.items).toEqual(listed);
    // No second demo catalogue was seeded over the restored one.
    expect(second.output()).not.toMatch(/Seeded the demo catalogue/);
  } finally {
    second.child.kill("SIGTERM");
    await new Promise((resolve) => second.child.once("exit", resolve));
  }
}, 120_000);

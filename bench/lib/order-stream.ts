// A steady stream of real checkouts, in a process of its own (issue 39): run beside the readers in
// one process, a busy load generator delays its own orders and throttles its own reads, which
// hides a collapse. `startOrderStream` spawns this file; the child places one order every
// 1000/rate ms without waiting for earlier ones (open loop) until told to stop, then gives the
// orders still in flight GRACE_SECONDS to answer and counts the rest as failed ("no answer").
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import readline from "node:readline";
import { checkout, shopClient, type Outcome } from "./drop.ts";

export interface StreamResult {
  outcome: Outcome | "no answer";
  latency: number;
  detail?: string;
}

interface StreamOrders {
  base: string;
  rate: number;
  productIds: string[];
  graceSeconds: number;
}

const THIS_FILE = fileURLToPath(import.meta.url);

/** Starts the stream in a child process; `ready` resolves once its first order is answered (the
 *  child's start-up, tsx compiling this file, must not fall in the readers' measurement); `stop()`
 *  ends it and returns every order's result. */
export function startOrderStream(base: string, rate: number, productIds: string[], graceSeconds = 30) {
  const child = spawn(process.execPath, ["--import", "tsx", THIS_FILE], {
    env: { ...process.env, ORDER_STREAM: JSON.stringify({ base, rate, productIds, graceSeconds } satisfies StreamOrders) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
    if (out.includes("\n")) onReady();
  });
  const results = new Promise<StreamResult[]>((resolve, reject) => {
    // The first line says "ready"; the last holds the results.
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out.slice(out.indexOf("\n") + 1)) as StreamResult[]) : reject(new Error(`the order stream exited with ${code}`))));
  });
  return {
    ready,
    /** The child's process id (its CPU counts as load generator's, bench/lib/cpu-time.ts). */
    pid: child.pid!,
    stop(): Promise<StreamResult[]> {
      child.stdin!.end("stop\n");
      return results;
    },
  };
}

async function runStream({ base, rate, productIds, graceSeconds }: StreamOrders): Promise<StreamResult[]> {
  const shop = shopClient(base, Infinity);
  const results: StreamResult[] = [];
  const inFlight = new Set<Promise<void>>();
  let running = true;
  readline.createInterface({ input: process.stdin }).on("line", () => void (running = false));
  const started = performance.now();
  for (let n = 0; running; n++) {
    const wait = started + (n * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!running) break;
    const order = checkout(shop, productIds[n % productIds.length]!).then((r) => {
      if (!results.length) process.stdout.write("ready\n");
      results.push(r);
      inFlight.delete(order);
    });
    inFlight.add(order);
  }
  const unansweredBy = performance.now() + graceSeconds * 1000;
  while (inFlight.size && performance.now() < unansweredBy) await Promise.race([Promise.race(inFlight), new Promise((r) => setTimeout(r, 100))]);
  for (let i = 0; i < inFlight.size; i++) results.push({ outcome: "no answer", latency: graceSeconds * 1000 });
  shop.close();
  return results;
}

if (process.env.ORDER_STREAM && process.argv[1] === THIS_FILE) {
  const results = await runStream(JSON.parse(process.env.ORDER_STREAM) as StreamOrders);
  process.stdout.write(JSON.stringify(results));
  process.exit(0);
}

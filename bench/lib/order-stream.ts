// A steady stream of real checkouts, in a process of its own (issue 39): run beside the readers in
// one process, a busy load generator delays its own orders and throttles its own reads, which
// hides a collapse. `startOrderStream` spawns this file; the child places one order every
// 1000/rate ms without waiting for earlier ones (open loop) until told to stop, then gives the
// orders still in flight GRACE_SECONDS to answer and counts the rest as failed ("no answer").
// `pace(rate)` changes the rate as it runs (0 pauses it), so the readers can alternate quiet and
// busy slices beside one stream (bench/drop-night.ts); each result says the rate it was sent at.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import readline from "node:readline";
import { checkout, shopClient, type Outcome } from "./drop.ts";

export interface StreamResult {
  outcome: Outcome | "no answer";
  latency: number;
  detail?: string;
  /** The orders per second the stream was sending at when it sent this one. */
  rate: number;
}

interface StreamOrders {
  base: string;
  rate: number;
  productIds: string[];
  graceSeconds: number;
}

const THIS_FILE = fileURLToPath(import.meta.url);

/** Starts the stream in a child process; `ready` resolves once the child runs and, at a rate
 *  above 0, its first order is answered (the child's start-up, tsx compiling this file, must not
 *  fall in the readers' measurement); `pace(rate)` changes the rate from now on (0 pauses);
 *  `stop()` ends it and returns every order's result. */
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
    pace(ordersPerSecond: number): void {
      child.stdin!.write(`rate ${ordersPerSecond}\n`);
    },
    stop(): Promise<StreamResult[]> {
      child.stdin!.end("stop\n");
      return results;
    },
  };
}

async function runStream({ base, rate: initial, productIds, graceSeconds }: StreamOrders): Promise<StreamResult[]> {
  const shop = shopClient(base, Infinity);
  const results: StreamResult[] = [];
  /** Orders without an answer yet, and the rate each was sent at. */
  const inFlight = new Map<Promise<void>, number>();
  let rate = initial;
  let running = true;
  // When the next order is due (open loop: late timers are caught up), and a wake-up for a change.
  let due = performance.now();
  let changed = () => {};
  readline.createInterface({ input: process.stdin }).on("line", (line) => {
    const pace = /^rate (\d+(?:\.\d+)?)$/.exec(line);
    if (pace) {
      rate = Number(pace[1]);
      due = performance.now();
    } else running = false;
    changed();
  });
  if (!rate) process.stdout.write("ready\n");
  for (let n = 0; running; ) {
    const wait = rate ? due - performance.now() : Infinity;
    if (wait > 0) {
      await new Promise<void>((resolve) => {
        const timer = wait === Infinity ? null : setTimeout(resolve, wait);
        changed = () => {
          if (timer) clearTimeout(timer);
          resolve();
        };
      });
      continue;
    }
    const sentAt = rate;
    const order = checkout(shop, productIds[n++ % productIds.length]!).then((r) => {
      if (!results.length && initial) process.stdout.write("ready\n");
      results.push({ ...r, rate: sentAt });
      inFlight.delete(order);
    });
    inFlight.set(order, sentAt);
    due += 1000 / rate;
  }
  const unansweredBy = performance.now() + graceSeconds * 1000;
  while (inFlight.size && performance.now() < unansweredBy) await Promise.race([Promise.race(inFlight.keys()), new Promise((r) => setTimeout(r, 100))]);
  for (const sentAt of inFlight.values()) results.push({ outcome: "no answer", latency: graceSeconds * 1000, rate: sentAt });
  shop.close();
  return results;
}

if (process.env.ORDER_STREAM && process.argv[1] === THIS_FILE) {
  const results = await runStream(JSON.parse(process.env.ORDER_STREAM) as StreamOrders);
  process.stdout.write(JSON.stringify(results));
  process.exit(0);
}

import http from "node:http";
import net from "node:net";
import { Worker } from "node:worker_threads";
import { acceptOnMoreDescriptors } from "./accept-descriptors.ts";

// Connections wait in the kernel's queue while this thread's event loop is held (as a drop's long
// turns hold it); a worker thread makes them, and says when the kernel has completed them all.
const CONNECT = `
const net = require("node:net");
const { workerData } = require("node:worker_threads");
const flag = new Int32Array(workerData.flag);
let open = 0;
for (let i = 0; i < workerData.count; i++) {
  const socket = net.connect(workerData.port, "127.0.0.1", () => {
    if (++open === workerData.count) { Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); }
  });
  socket.on("error", () => {});
}
setTimeout(() => process.exit(0), 60000).unref();`;

/** Holds the event loop until `count` connections wait to be accepted, then counts how many the
 *  next turn of the loop accepts. */
async function acceptedInOneTurn(server: http.Server, count: number): Promise<number> {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(CONNECT, { eval: true, workerData: { port: (server.address() as net.AddressInfo).port, count, flag: flag.buffer } });
  try {
    // The event loop is held here: nothing is accepted until the wait ends.
    Atomics.wait(flag, 0, 0, 60_000);
    expect(Atomics.load(flag, 0)).toBe(1);
    let accepted = 0;
    const onConnection = () => accepted++;
    server.on("connection", onConnection);
    // From one check phase (setImmediate) to the next: one whole turn, with its poll phase.
    await new Promise((resolve) => setImmediate(resolve));
    accepted = 0;
    const inTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(accepted)));
    server.off("connection", onConnection);
    return inTurn;
  } finally {
    await worker.terminate();
  }
}

function listen(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", 4096, () => resolve()));
}

test("a held event loop accepts one waiting connection per turn on one descriptor, and one per descriptor with more", async () => {
  const plain = http.createServer((_req, res) => res.end("ok"));
  await listen(plain);
  const wide = http.createServer((_req, res) => res.end("ok"));
  await listen(wide);
  const extra = await acceptOnMoreDescriptors(wide, 7, 4096);
  try {
    expect(extra.count).toBe(7);
    // libuv ≥ 1.45: one accept per turn. This is what the extra descriptors are for.
    expect(await acceptedInOneTurn(plain, 20)).toBe(1);
    expect(await acceptedInOneTurn(wide, 20)).toBe(8);
    // Connections accepted on any descriptor are the store's: they are answered.
    const { port } = wide.address() as net.AddressInfo;
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } }).then((r) => r.text())));
    expect(answers.every((body) => body === "ok")).toBe(true);
  } finally {
    plain.closeAllConnections();
    wide.closeAllConnections();
    await new Promise((resolve) => plain.close(resolve));
    await Promise.all([new Promise((resolve) => net.Server.prototype.close.call(wide, resolve)), extra.close()]);
  }
}, 120_000);

test("the port refuses connections only once every descriptor is closed (a draining store must, for nginx)", async () => {
  const server = http.createServer((_req, res) => res.end("ok"));
  await listen(server);
  const { port } = server.address() as net.AddressInfo;
  const extra = await acceptOnMoreDescriptors(server, 3, 4096);
  await new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
  // One descriptor left open would still accept.
  const stillOpen = await new Promise<boolean>((resolve) => net.connect(port, "127.0.0.1").on("connect", function (this: net.Socket) { this.destroy(); resolve(true); }).on("error", () => resolve(false)));
  expect(stillOpen).toBe(true);
  await extra.close();
  const refused = await new Promise<string>((resolve) => net.connect(port, "127.0.0.1").on("connect", function (this: net.Socket) { this.destroy(); resolve("connected"); }).on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "")));
  expect(refused).toBe("ECONNREFUSED");
}, 60_000);

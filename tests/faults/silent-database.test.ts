// The database host vanishes without closing anything (a failed-over machine gone from the
// network): connections stay open but nothing ever answers. A TCP proxy between the server and
// PostgreSQL plays that host. Requests must still be answered within a bounded time, and the store
// must come back by itself when a database answers again (the old connections stay silent forever).
import net from "node:net";
import { startChildStore, freePort, type ChildStore } from "./child-store.ts";

class SilentProxy {
  private server = net.createServer((client) => this.accept(client));
  private sockets = new Set<net.Socket>();
  private silentSince: number | null = null;
  constructor(private readonly target: { host: string; port: number }) {}

  async listen(port: number) {
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => this.sockets.delete(socket));
  }

  private accept(client: net.Socket) {
    this.track(client);
    // While silent, new connections are accepted and then ignored: no answer, no reset.
    if (this.silentSince !== null) return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    (client as net.Socket & { upstream?: net.Socket }).upstream = upstream;
  }

  /** Every open connection stops carrying data, and new ones are never answered. */
  silence() {
    this.silentSince = Date.now();
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /** New connections reach PostgreSQL again; the silenced ones stay silent. */
  restore() {
    this.silentSince = null;
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

// A new alias every time: the shared response cache never has the answer, so each request needs
// the database (a cached catalogue answer would be served regardless of it for the few seconds
// until the LISTEN connection's heartbeat notices the silence and turns the cache off).
let browses = 0;
const browseQuery = () => `query { p${++browses}: products(limit: 3) { items { id } } }`;

async function browse(url: string): Promise<{ code: string | null; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: browseQuery() }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
  return { code: body.errors?.[0]?.extensions?.code ?? null, ms: Date.now() - started };
}

let proxy: SilentProxy;
let store: ChildStore;

beforeAll(async () => {
  const port = await freePort();
  proxy = new SilentProxy({ host: "127.0.0.1", port: 5432 });
  await proxy.listen(port);
  store = await startChildStore({
    databasePort: port,
    // Short limits so the test is quick; the defaults are 5 s and 15 s.
    env: { DATABASE_CONNECT_TIMEOUT_MS: "1500", DATABASE_STATEMENT_TIMEOUT_MS: "1500" },
  });
}, 90_000);

afterAll(async () => {
  await store?.stop();
  await proxy?.close();
});

it("a database that goes silent: answers UNAVAILABLE and 503 within seconds, never hangs, and recovers by itself", async () => {
  // Warm up: the pool holds open connections, which are about to go silent.
  await Promise.all(Array.from({ length: 4 }, () => browse(store.url)));
  expect((await browse(store.url)).code).toBeNull();

  proxy.silence();
  const during = await Promise.all(Array.from({ length: 4 }, () => browse(store.url)));
  for (const answer of during) {
    expect(answer.code).toBe("UNAVAILABLE");
    // Query backstop 2.5 s, ROLLBACK skipped on a dead connection: far from a hang.
    expect(answer.ms).toBeLessThan(10_000);
  }
  const ready = await fetch(`${store.url}/readyz`, { signal: AbortSignal.timeout(30_000) });
  expect(ready.status).toBe(503);
  expect((await fetch(`${store.url}/livez`)).status).toBe(200);

  proxy.restore();
  const started = Date.now();
  for (;;) {
    const answer = await browse(store.url);
    if (answer.code === null) break;
    expect(answer.code).toBe("UNAVAILABLE");
    if (Date.now() - started > 20_000) throw new Error("The store did not recover within 20 s");
  }
  expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
  expect(store.child.exitCode).toBeNull();
}, 90_000);

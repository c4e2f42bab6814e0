// A drop as shoppers live it, for the benchmarks: pieces go live, shoppers arrive spread over a few
// seconds, each loads the listing, tries to buy a piece it shows available (a second try after a
// "sold out"), then reloads the listing twice. The same shoppers and client as bench/drop-night.ts's
// drop (written from it, as of 58edfb4, for the embedded-memory scenario; drop-night.ts could import it).
import http from "node:http";
import zlib from "node:zlib";
import { details } from "../../tests/helpers/shopper.ts";

export interface Answer {
  status: number;
  latency: number;
  body: string | null;
}

/** One keep-alive agent per pool of clients, as browsers keep a connection to the shop. Bodies are
 *  read only when asked. */
export function shopClient(base: string, maxSockets: number) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  let staleRetries = 0;
  // The bytes last unpacked and their text: ten thousand phones unpack on ten thousand CPUs, this
  // one process on one. A drop's shoppers mostly read the same listing, and unpacking it again for
  // each of them made the generator, not the store, set the pace (28 Nov 2026).
  let lastRaw: Buffer | null = null;
  let lastText = "";
  const textOf = (raw: Buffer, gzip: boolean): string => {
    if (lastRaw && raw.equals(lastRaw)) return lastText;
    lastText = (gzip ? zlib.gunzipSync(raw) : raw).toString("utf8");
    lastRaw = raw;
    return lastText;
  };
  // from: the shopper's own address on loopback (127.x.y.z), as if each phone came from its own IP.
  const send = (method: "GET" | "POST", path: string, read: boolean, body?: string, from?: string, started = performance.now()): Promise<Answer> => {
    return new Promise((resolve, reject) => {
      // Every phone's browser asks for gzip; the drop's shoppers then unpack what they read.
      const headers: Record<string, string> = { "apollo-require-preflight": "1", "accept-encoding": "gzip" };
      if (body) headers["content-type"] = "application/json";
      // 127.0.0.1 is loopback's own source address: left unbound, the kernel picks the port by the
      // whole connection. Bound to it, ports run out across ~5,000 shoppers' churned connections
      // ("connect EADDRINUSE" in a drop through the kit, 28 Nov 2026).
      const localAddress = from === "127.0.0.1" ? undefined : from;
      const req = http.request({ host: hostname, port, path, method, agent, headers, localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => read && chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const latency = performance.now() - started;
          const raw = read ? Buffer.concat(chunks) : null;
          const body = raw && textOf(raw, res.headers["content-encoding"] === "gzip");
          resolve({ status: res.statusCode ?? 0, latency, body });
        });
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed while idle, reused before this side heard of it:
        // a browser sends a GET again, in the end on a new connection (Node's http docs,
        // request.reusedSocket). A busy load generator hears of closes late: without this, its own
        // lag showed as failures (28 Nov 2026). Each try uses up one stale connection.
        if (method === "GET" && req.reusedSocket && error.code === "ECONNRESET") {
          staleRetries++;
          return resolve(send(method, path, read, body, from, started));
        }
        reject(error);
      });
      req.end(body);
    });
  };
  return {
    get: (path: string, read = false, from?: string) => send("GET", path, read, undefined, from),
    post: (path: string, body: string, from?: string) => send("POST", path, true, body, from),
    /** GETs sent again after a stale kept-alive connection, as a browser does. */
    staleRetries: () => staleRetries,
    close: () => agent.destroy(),
  };
}
export type ShopClient = ReturnType<typeof shopClient>;

const PLACE_ORDER = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  __typename ... on Error { message } ... on MutationPlaceOrderSuccess { data { order { id } } } } }`;

export type Outcome = "ordered" | "sold out" | "error";

export async function checkout(shop: ShopClient, productId: string, from?: string): Promise<{ outcome: Outcome; latency: number; detail?: string }> {
  try {
    const answer = await shop.post("/graphql", JSON.stringify({ query: PLACE_ORDER, variables: { input: { ...details(), items: [{ productId, quantity: 1 }] } } }), from);
    if (answer.status !== 200) return { outcome: "error", latency: answer.latency, detail: `HTTP ${answer.status}` };
    const result = JSON.parse(answer.body!) as { data?: { placeOrder: { __typename: string; message?: string } }; errors?: unknown };
    const placed = result.data?.placeOrder;
    if (placed?.__typename === "MutationPlaceOrderSuccess") return { outcome: "ordered", latency: answer.latency };
    if (placed?.__typename === "InsufficientStockError") return { outcome: "sold out", latency: answer.latency };
    return { outcome: "error", latency: answer.latency, detail: JSON.stringify(result).slice(0, 200) };
  } catch (error) {
    return { outcome: "error", latency: 0, detail: (error as Error).message };
  }
}

export interface DropResult {
  elapsed: number;
  /** Sorted latencies in ms. */
  listingTimes: number[];
  checkoutTimes: number[];
  /** Of the checkouts, those that placed an order (the drop's sales). */
  orderTimes: number[];
  outcomes: Record<Outcome, number>;
  unanswered: number;
  errors: string[];
  /** GETs sent again after a stale kept-alive connection (shopClient), as a browser does. */
  staleRetries: number;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A shopper's address: every other one behind the carrier's one address (CGNAT, 127.0.0.1 here),
 *  the rest each from an address of their own (127.1.0.0 on), so that a limit meant for abuse
 *  that refused either would show as errors. */
export function shopperAddress(n: number, carrierShare: number): string | undefined {
  if (carrierShare <= 0) return undefined;
  if (n % Math.round(1 / carrierShare) === 0) return "127.0.0.1";
  return `127.${1 + ((n >> 16) & 0x7f)}.${(n >> 8) & 0xff}.${(n & 0xff) || 1}`;
}

/** Runs the shoppers against pieces already live (or going live now): `listing` is the listing
 *  GET they load, `dropIds` the pieces of the drop; `carrierShare` of them share one address. */
export async function runDropShoppers(options: { base: string; listing: string; dropIds: Set<string>; shoppers: number; seconds: number; carrierShare?: number }): Promise<DropResult> {
  const { listing, dropIds } = options;
  const shop = shopClient(options.base, Infinity);
  const started = performance.now();
  const listingTimes: number[] = [];
  const checkoutTimes: number[] = [];
  const orderTimes: number[] = [];
  const outcomes = { ordered: 0, "sold out": 0, error: 0 } as Record<Outcome, number>;
  const errors: string[] = [];
  let unanswered = 0;
  // The same text read again (the client hands back the same string): the same pieces shown.
  let lastListing: { body: string; ids: string[] } | null = null;
  const available = async (from?: string): Promise<string[]> => {
    const answer = await shop.get(listing, true, from);
    listingTimes.push(answer.latency);
    if (answer.status !== 200) throw new Error(`listing: HTTP ${answer.status}`);
    if (lastListing?.body === answer.body) return lastListing.ids;
    const result = JSON.parse(answer.body!) as { data?: { products: { items: { id: string; stock: number }[] } } | null; errors?: { message: string }[] };
    if (!result.data) throw new Error(`listing: ${result.errors?.[0]?.message ?? answer.body!.slice(0, 200)}`);
    const ids = result.data.products.items.filter((item) => dropIds.has(item.id) && item.stock > 0).map((item) => item.id);
    lastListing = { body: answer.body!, ids };
    return ids;
  };
  try {
    await Promise.all(
      Array.from({ length: options.shoppers }, async (_, n) => {
        const from = shopperAddress(n, options.carrierShare ?? 0);
        await sleep(Math.random() * options.seconds * 1000);
        try {
          for (let attempt = 0; attempt < 2; attempt++) {
            const shown = await available(from);
            // Nothing shown available: the shopper tries a piece from the announcement anyway.
            const result = await checkout(shop, shown.length ? pick(shown) : pick([...dropIds]), from);
            outcomes[result.outcome]++;
            checkoutTimes.push(result.latency);
            if (result.outcome === "ordered") orderTimes.push(result.latency);
            if (result.outcome === "error") errors.push(result.detail ?? "");
            if (result.outcome !== "sold out") break;
          }
          for (let reload = 0; reload < 2; reload++) {
            await sleep(500 + Math.random() * 1000);
            await available(from);
          }
        } catch (error) {
          unanswered++;
          errors.push((error as Error).message);
        }
      }),
    );
  } finally {
    shop.close();
  }
  return {
    elapsed: (performance.now() - started) / 1000,
    listingTimes: listingTimes.sort((a, b) => a - b),
    checkoutTimes: checkoutTimes.sort((a, b) => a - b),
    orderTimes: orderTimes.sort((a, b) => a - b),
    outcomes,
    unanswered,
    errors,
    staleRetries: shop.staleRetries(),
  };
}

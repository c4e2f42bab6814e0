// GraphQL as a hostile client meets it: no schema hints in production, oversized operations
// refused as one error before any resolver runs, reference lookups throttled per address, and the
// public tracker without the sequential order number.
import { startTestStore, type GraphQLClient, type TestStore } from "../helpers/store.ts";
import { createTestOrder, signedInCustomer } from "../helpers/orders.ts";

let t: TestStore;
let production: TestStore;
beforeAll(async () => {
  t = await startTestStore({ seed: false, env: { TRUST_PROXY: "1" } });
  production = await startTestStore({ seed: false, env: { NODE_ENV: "production", PUBLIC_URL: "https://shop.example.ng" } });
});
afterAll(async () => {
  await t?.close();
  await production?.close();
});
beforeEach(() => t.prisma.rateLimit.deleteMany());

/** A client behind the given address (documentation range; only a header, no traffic goes there). */
const from = (address: string) => t.client({ "x-forwarded-for": address });

describe("production answers", () => {
  it("gives no 'Did you mean' suggestions in production (development still does)", async () => {
    const typo = `{ product { id } prodcts { id } }`;
    const dev = await t.client().request(typo);
    expect(JSON.stringify(dev.errors)).toContain("Did you mean");
    const prod = await production.client().request(typo);
    expect(prod.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(prod.errors)).not.toContain("Did you mean");
    expect(prod.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });
});

describe("oversized operations are refused as one error before any resolver runs", () => {
  const aliases = (n: number) => `{${Array.from({ length: n }, (_, i) => `a${i}:product(slug:"x"){id}`).join(" ")}}`;

  it("3,000 aliases of product(slug:) get one parse error, HTTP 400, and no database work", async () => {
    const client = t.client();
    t.queries.length = 0;
    const res = await client.request(aliases(3000));
    expect(client.lastStatus).toBe(400);
    expect(res.errors).toHaveLength(1);
    expect(res.errors?.[0]?.extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
    expect(res.errors?.[0]?.message).toMatch(/Document contains more that? 5000 tokens/);
    expect(t.queries.filter((sql) => /"products"/.test(sql))).toEqual([]);
  });

  it("300 aliases (within the token limit, over the breadth limit) get one QUERY_TOO_COMPLEX error", async () => {
    const client = t.client();
    t.queries.length = 0;
    const res = await client.request(aliases(300));
    expect(client.lastStatus).toBe(400);
    expect(res.errors).toHaveLength(1);
    expect(res.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    expect(res.errors?.[0]?.message).toMatch(/^This request asks for too many fields at once \(\d+, at most 200\)\. Split it into smaller requests\.$/);
    expect(res.data).toBeUndefined();
    expect(t.queries.filter((sql) => /"products"/.test(sql))).toEqual([]);
  });

  it("a named operation is measured, not the first one in the document", async () => {
    const res = await t.client().request(`query Small { viewer { id } } query Big ${aliases(250)}`);
    // Without operationName the document is ambiguous; with it, the big one is refused.
    expect(res.errors?.length).toBe(1);
    const named = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `query Small { viewer { id } } query Big ${aliases(250)}`, operationName: "Big" }),
    });
    const body = (await named.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.map((e) => e.extensions?.code)).toEqual(["QUERY_TOO_COMPLEX"]);
  });
});

describe("reference lookups are throttled per address", () => {
  const TRACK = `query($reference: String!) { trackOrder(reference: $reference) { id shortOrderId orderNumber status } }`;
  const HISTORY = `query($reference: String!) { orderStatusHistory(reference: $reference) { status } }`;
  const guess = (i: number) => `Z${String(i).padStart(7, "0")}`;

  it("300 quick guesses from one address are refused after 30, with a clear retryable error", async () => {
    const guesser = from("198.51.100.1");
    const codes: (string | null)[] = [];
    // 30 one by one (alternating the tracker and the status history), then 270 more, 30 a request.
    for (let i = 0; i < 30; i++) {
      const res = await guesser.request(i % 2 ? TRACK : HISTORY, { reference: guess(i) });
      codes.push(res.errors?.[0]?.extensions?.code ?? null);
    }
    for (let batch = 1; batch < 10; batch++) {
      const query = `{ ${Array.from({ length: 30 }, (_, i) => `g${i}: trackOrder(reference: "${guess(batch * 30 + i)}") { id }`).join(" ")} }`;
      const res = await guesser.request(query);
      codes.push(...Array.from({ length: 30 }, (_, i) => res.errors?.find((e) => (e as { path?: string[] }).path?.[0] === `g${i}`)?.extensions?.code ?? null));
    }
    const refused = await guesser.request(TRACK, { reference: guess(1) });
    expect(refused.errors?.[0]?.message).toMatch(/^Too many attempts\. Please wait \d+ minute\(s\) and try again\.$/);
    // Even a real reference waits: the guesser learns nothing more.
    const order = await createTestOrder(t.prisma);
    expect((await guesser.request(TRACK, { reference: order.shortOrderId })).errors?.[0]?.extensions?.code).toBe("TOO_MANY_REQUESTS");
    // Another address is not affected.
    expect((await from("198.51.100.2").data(TRACK, { reference: order.shortOrderId })).trackOrder.shortOrderId).toBe(order.shortOrderId);
  });

  it("guesses batched as aliases in one request count too", async () => {
    const batch = `{ ${Array.from({ length: 60 }, (_, i) => `g${i}: trackOrder(reference: "${guess(i)}") { id }`).join(" ")} }`;
    const res = await from("198.51.100.3").request(batch);
    const codes = Array.from({ length: 60 }, (_, i) => res.errors?.find((e) => (e as { path?: string[] }).path?.[0] === `g${i}`)?.extensions?.code ?? null);
    // At most 30 lookups run; every other alias is refused. On a loaded machine an alias may also be
    // answered UNAVAILABLE (no database connection in time), which answers no guess either: CI of
    // 2b1f0b5 counted 17 refusals, with the other codes unrecorded.
    const unavailable = codes.filter((code) => code === "UNAVAILABLE").length;
    expect(codes.filter((code) => code !== null && code !== "TOO_MANY_REQUESTS" && code !== "UNAVAILABLE")).toEqual([]);
    expect(codes.filter((code) => code === null).length).toBeLessThanOrEqual(30);
    if (unavailable === 0) expect(codes.filter((code) => code === "TOO_MANY_REQUESTS")).toHaveLength(30);
  });

  it("lookups that find an order do not count: shoppers sharing one address track their orders all day", async () => {
    const order = await createTestOrder(t.prisma);
    const carrier = from("198.51.100.4");
    for (let i = 0; i < 100; i++) {
      const res = await carrier.data(i % 2 ? TRACK : HISTORY, { reference: order.shortOrderId });
      expect(res.trackOrder?.shortOrderId ?? res.orderStatusHistory?.[0]?.status).toBeTruthy();
    }
  });
});

describe("the public tracker shows no sequential order number", () => {
  const TRACK = `query($reference: String!) { trackOrder(reference: $reference) { shortOrderId orderNumber } }`;

  it("a stranger with the reference sees null; the owner and an admin see the number", async () => {
    const { client: owner, userId } = await signedInCustomer(t);
    const order = await createTestOrder(t.prisma, { userId });
    expect(order.orderNumber).toBeGreaterThan(0);
    const stranger = await from("198.51.100.5").data(TRACK, { reference: order.shortOrderId });
    expect(stranger.trackOrder).toEqual({ shortOrderId: order.shortOrderId, orderNumber: null });
    expect((await owner.data(TRACK, { reference: order.shortOrderId })).trackOrder.orderNumber).toBe(order.orderNumber);
    const admin: GraphQLClient = await t.admin();
    expect((await admin.data(TRACK, { reference: order.shortOrderId })).trackOrder.orderNumber).toBe(order.orderNumber);
  });
});

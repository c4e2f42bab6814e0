// Observability: Prometheus metrics behind a token, and a request id in the response header and in
// every log line written while handling the request.
import { randomUUID } from "node:crypto";
import { startTestStore, type TestStore } from "../helpers/store.ts";
import { createTestOrder } from "../helpers/orders.ts";
import { testDbMode } from "../helpers/databases.ts";
import { isUuid } from "../../common/uuid.ts";
import { setLogLevel } from "../../server/src/logger.ts";

const TOKEN = "metrics-token-0123456789";
let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t?.close());

const scrape = (authorization?: string) =>
  fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });

async function graphql(query: string, headers: Record<string, string> = {}) {
  return fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ query }) });
}

/** The value of one sample line, e.g. metric('graphql_requests_total{operation="X",…}'). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const line = text.split("\n").find((l) => {
    if (!l.startsWith(`${name}{`)) return false;
    return Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`));
  });
  return line ? Number(line.split(" ").pop()) : 0;
}

describe("/metrics", () => {
  it("answers only with the token", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer wrong-token-000000000")).status).toBe(401);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("is off (404) when no token is configured", async () => {
    const plain = await startTestStore({ seed: false });
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("counts requests, latency, errors and cache hits per operation name", async () => {
    const operation = `Metrics${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++) await graphql(`query ${operation} { products(limit: 5) { items { id name } } }`);
    await graphql(`query AdminPeek { adminProducts(limit: 1) { id } }`);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(sample(text, "graphql_requests_total", { operation, type: "query", outcome: "ok" })).toBe(3);
    expect(sample(text, "graphql_request_duration_seconds_count", { operation, type: "query" })).toBe(3);
    expect(sample(text, "graphql_request_duration_seconds_bucket", { operation, le: "+Inf" })).toBe(3);
    expect(sample(text, "graphql_errors_total", { operation: "AdminPeek", code: "UNAUTHENTICATED" })).toBe(1);
    expect(sample(text, "graphql_requests_total", { operation: "AdminPeek", outcome: "error" })).toBe(1);
    expect(sample(text, "graphql_response_cache_total", { result: "hit" })).toBeGreaterThanOrEqual(2);
    expect(sample(text, "graphql_response_cache_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // The scrape is itself a GET that waited its turn: it was served, so none is left waiting.
    expect(text).toMatch(/^http_reads_waiting 0$/m);
    expect(text).toMatch(/^http_writes_waiting 0$/m);
    if (testDbMode() === "postgres") {
      expect(sample(text, "db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} \d+/m);
    } else {
      expect(text).not.toContain("db_pool_connections");
    }
  });
});

describe("request id", () => {
  it("is generated, or taken from a sane X-Request-Id, and sent back", async () => {
    const generated = (await graphql(`{ categories { slug } }`)).headers.get("x-request-id");
    expect(isUuid(generated ?? "")).toBe(true);
    const theirs = `lb-${randomUUID()}`;
    expect((await graphql(`{ categories { slug } }`, { "x-request-id": theirs })).headers.get("x-request-id")).toBe(theirs);
    const insane = (await graphql(`{ categories { slug } }`, { "x-request-id": "<script> bad id" })).headers.get("x-request-id");
    expect(isUuid(insane ?? "")).toBe(true);
  });

  it("appears in the log lines written while handling the request", async () => {
    const admin = await t.admin();
    const order = await createTestOrder(t.prisma);
    const id = `test-${randomUUID()}`;
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    setLogLevel("info");
    process.stdout.write = ((chunk: string) => (lines.push(String(chunk)), true)) as typeof process.stdout.write;
    try {
      const res = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: admin.cookie!, "x-request-id": id },
        body: JSON.stringify({
          query: `mutation($input: UpdateOrderStatusInput!) { updateOrderStatus(input: $input) { __typename } }`,
          variables: { input: { orderId: order.id, status: "processing", confirmUnpaid: true } },
        }),
      });
      expect((await res.json()).data.updateOrderStatus.__typename).toBe("MutationUpdateOrderStatusSuccess");
    } finally {
      process.stdout.write = write;
      setLogLevel(t.config.logLevel);
    }
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.message === "Order status changed");
    expect(logged).toMatchObject({ requestId: id, detail: { orderId: order.id } });
  });
});

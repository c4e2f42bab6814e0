// Prometheus metrics (prom-client): GraphQL request rate, latency and errors per operation name,
// response-cache hits and misses, the PostgreSQL pool's connections, and Node's process metrics.
// Served at GET /metrics to a scraper holding METRICS_TOKEN (docs/decisions/017-metrics-and-request-ids.md).
import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { ApolloServerPlugin, BaseContext } from "@apollo/server";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/database.ts";

/** Operation names come from clients: past this many distinct ones, the rest count as "other". */
const MAX_OPERATION_NAMES = 200;

export interface Metrics {
  registry: Registry;
  /** Times and counts every GraphQL request. */
  plugin: ApolloServerPlugin<BaseContext>;
  cacheLookup(hit: boolean): void;
  /** The HTTP answer cache (cache/http-cache.ts): a lookup's result, and a hit counted as a request. */
  httpCacheLookup(hit: boolean): void;
  /** A request answered before Apollo (a cached query, a sold-out checkout), counted as Apollo counts its own. */
  answeredBeforeApollo(operationName: string | null, type: "query" | "mutation", seconds: number): void;
  /** A checkout refused as sold out before Apollo (graphql/sold-out-answers.ts). */
  soldOutAnswer(operationName: string | null, seconds: number): void;
  /** Reports the HTTP answer cache's size with every scrape. */
  watchHttpCache(stats: () => { entries: number; bytes: number; maxBytes: number }): void;
  /** Reads queued behind writes (http/reads-take-turns.ts). */
  watchReadsWaiting(waiting: () => number): void;
  watchWritesWaiting(waiting: () => number): void;
  /** GET /metrics; 404 unless a token is configured, 401 without it. */
  handler(token: string | null): RequestHandler;
}

export function createMetrics(db: Database): Metrics {
  // One registry per app (tests run several stores in one process; the global one would clash).
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "graphql_requests_total",
    help: "GraphQL requests by operation name and outcome (ok, error)",
    labelNames: ["operation", "type", "outcome"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "graphql_request_duration_seconds",
    help: "Time from receiving a GraphQL request to sending its answer",
    labelNames: ["operation", "type"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const errors = new Counter({
    name: "graphql_errors_total",
    help: "Errors in GraphQL answers by operation name and code",
    labelNames: ["operation", "code"] as const,
    registers: [registry],
  });
  const cache = new Counter({
    name: "graphql_response_cache_total",
    help: "Shared response cache lookups by result (hit, miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const httpCache = new Counter({
    name: "graphql_http_cache_total",
    help: "HTTP answer cache lookups (GET by persisted-document id, before Apollo) by result (hit, miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const soldOut = new Counter({
    name: "graphql_sold_out_answers_total",
    help: "Checkouts refused as sold out before Apollo (also counted in graphql_requests_total)",
    registers: [registry],
  });
  let httpCacheStats: (() => { entries: number; bytes: number; maxBytes: number }) | null = null;
  new Gauge({
    name: "graphql_http_cache_bytes",
    help: "Bytes held by the HTTP answer cache (used) and its bound (max)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      if (!httpCacheStats) return;
      const stats = httpCacheStats();
      this.set({ state: "used" }, stats.bytes);
      this.set({ state: "max" }, stats.maxBytes);
    },
  });
  let readsWaiting: (() => number) | null = null;
  let writesWaiting: (() => number) | null = null;
  new Gauge({
    name: "http_reads_waiting",
    help: "GET and HEAD requests waiting for their turn behind writes (READ_BUDGET_MS)",
    registers: [registry],
    collect() {
      if (readsWaiting) this.set(readsWaiting());
    },
  });
  new Gauge({
    name: "http_writes_waiting",
    help: "GraphQL posts waiting in line for one of the few in the works (http/writes-in-line.ts)",
    registers: [registry],
    collect() {
      if (writesWaiting) this.set(writesWaiting());
    },
  });
  if (db.poolStats()) {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting = requests queued for one)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = db.poolStats();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
  }

  const seen = new Set<string>();
  const operationLabel = (name: string | null | undefined) => {
    if (!name) return "(anonymous)";
    if (seen.has(name)) return name;
    if (seen.size >= MAX_OPERATION_NAMES) return "other";
    seen.add(name);
    return name;
  };

  const plugin: ApolloServerPlugin<BaseContext> = {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse(ctx) {
          const operation = operationLabel(ctx.operationName ?? ctx.operation?.name?.value);
          const type = ctx.operation?.operation ?? "invalid";
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          duration.observe({ operation, type }, seconds);
          const found = ctx.response.body.kind === "single" ? (ctx.response.body.singleResult.errors ?? []) : [];
          requests.inc({ operation, type, outcome: found.length ? "error" : "ok" });
          for (const error of found) errors.inc({ operation, code: String(error.extensions?.code ?? "UNKNOWN") });
        },
      };
    },
  };

  // Counted here so that request rates per operation include what never reached Apollo.
  const answeredBeforeApollo: Metrics["answeredBeforeApollo"] = (operationName, type, seconds) => {
    const operation = operationLabel(operationName);
    duration.observe({ operation, type }, seconds);
    requests.inc({ operation, type, outcome: "ok" });
  };

  return {
    registry,
    plugin,
    cacheLookup: (hit) => cache.inc({ result: hit ? "hit" : "miss" }),
    httpCacheLookup: (hit) => httpCache.inc({ result: hit ? "hit" : "miss" }),
    answeredBeforeApollo,
    soldOutAnswer(operationName, seconds) {
      soldOut.inc();
      answeredBeforeApollo(operationName, "mutation", seconds);
    },
    watchHttpCache: (stats) => void (httpCacheStats = stats),
    watchReadsWaiting: (waiting) => void (readsWaiting = waiting),
    watchWritesWaiting: (waiting) => void (writesWaiting = waiting),
    handler(token) {
      const expected = token ? Buffer.from(`Bearer ${token}`) : null;
      return async (req, res) => {
        if (!expected) {
          res.status(404).type("text/plain").send("Not found");
          return;
        }
        const given = Buffer.from(req.get("authorization") ?? "");
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          res.status(401).set("WWW-Authenticate", "Bearer").type("text/plain").send("Unauthorized");
          return;
        }
        res.set("Cache-Control", "no-store").type(registry.contentType).send(await registry.metrics());
      };
    },
  };
}

// HTTP wiring: GraphQL at /graphql, health, images, the built client and its pages (server-rendered
// browsing pages, decision 019).
import path from "node:path";
import express, { type Express } from "express";
import compression from "compression";
import { ApolloServer } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import { soldOutAnswers } from "./graphql/sold-out-answers.ts";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import type { Config } from "./config.ts";
import { PROJECT_ROOT } from "./config.ts";
import type { Database } from "./db/database.ts";
import { schema } from "./graphql/schema.ts";
import type { Context } from "./graphql/context.ts";
import { sessionCookieName, sessionCookies, signedInCookieBackfill } from "./auth/cookies.ts";
import { validateSessionToken } from "./auth/session.ts";
import { logger } from "./logger.ts";
import { uploadsHandler } from "./http/uploads.ts";
import { pageHandler } from "./http/page-html.ts";
import { pageRenderer } from "./http/server-render.ts";
import { pageCache } from "./cache/page-cache.ts";
import { dropUnsubscribeRoutes } from "./http/drop-unsubscribe.ts";
import { securityHeaders, SERVICE_WORKER_CSP } from "./http/security-headers.ts";
import { serveUploads } from "./http/serve-uploads.ts";
import { explorerRoutes, introspectionForAdminsOnly } from "./http/explorer.ts";
import { adminReportRoutes } from "./http/admin-reports.ts";
import { channelRoutes } from "./http/channels.ts";
import { previewRoutes } from "./http/previews.ts";
import { selectStorage } from "./storage/select.ts";
import { DomainError, NotFoundError, RateLimitError } from "./modules/errors.ts";
import { inputBoundaryPlugin } from "./graphql/input-boundary.ts";
import { MAX_TOKENS, operationLimitsPlugin } from "./graphql/operation-limits.ts";
import { watchCatalogue, type CatalogueVersion } from "./cache/catalogue-version.ts";
import { catalogueMemo } from "./cache/catalogue-memo.ts";
import { sharedHomeChoice } from "./modules/home/home.service.ts";
import { homeChoiceOf } from "./graphql/home.ts";
import { watchDrops } from "./cache/drop-clock.ts";
import { answerIsStockOrdered, responseCachePlugins } from "./cache/response-cache.ts";
import { stockNow } from "./modules/payments/holds.service.ts";
import { httpAnswerCache } from "./cache/http-cache.ts";
import { loadTrustedDocuments, trustedDocumentStore } from "./cache/trusted-documents.ts";
import { requestId } from "./observability/request-id.ts";
import { createMetrics } from "./observability/metrics.ts";
import { isDatabaseUnavailable, reportUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "./db/unavailable.ts";
import { healthRoutes, type Lifecycle } from "./http/health.ts";
import { readTurns } from "./http/reads-take-turns.ts";
import { writesInLine } from "./http/writes-in-line.ts";
import { databaseUnavailableHandler } from "./http/unavailable.ts";
import { paystackWebhookRoutes } from "./http/paystack-webhook.ts";
import { whatsappWebhookRoutes } from "./http/whatsapp-webhook.ts";
import { receiptLinkKey } from "./modules/payments/receipt-links.ts";

export const DEMO_IMAGES_DIR = path.join(PROJECT_ROOT, "prisma/seed/images");

/** Keeps messages of expected GraphQL errors; hides everything else (SQL, stack traces) and logs it. */
export function maskError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof GraphQLError || !(original instanceof Error)) {
    const { extensions, ...rest } = formatted;
    const { stacktrace: _dropped, ...safeExtensions } = extensions ?? {};
    return { ...rest, extensions: safeExtensions };
  }
  // The database is unreachable or dropped the connection: retryable, and not a bug.
  if (isDatabaseUnavailable(original)) {
    reportUnavailable("GraphQL", original);
    return { message: UNAVAILABLE_MESSAGE, path: formatted.path, extensions: { code: "UNAVAILABLE" } };
  }
  // Rule violations thrown outside a typed result (e.g. a query argument) keep their message.
  if (original instanceof RateLimitError) {
    return { message: original.message, path: formatted.path, extensions: { code: "TOO_MANY_REQUESTS", retryAfterSeconds: original.retryAfterSeconds } };
  }
  if (original instanceof DomainError) {
    return { message: original.message, path: formatted.path, extensions: { code: original instanceof NotFoundError ? "NOT_FOUND" : "BAD_USER_INPUT" } };
  }
  logger.error("Unexpected error in GraphQL operation", original);
  return { message: "Something went wrong. Please try again.", path: formatted.path, extensions: { code: "INTERNAL_SERVER_ERROR" } };
}

/** The largest GraphQL request body accepted. */
const GRAPHQL_BODY_LIMIT = "100kb";

export async function createApp(
  config: Config,
  db: Database,
): Promise<{ app: Express; lifecycle: Lifecycle; catalogue: CatalogueVersion; stop(): Promise<void> }> {
  const app = express();
  const lifecycle: Lifecycle = { shuttingDown: false };
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // First: a read waits its turn before any work is done for it; writes never wait (issue 39).
  const reads = readTurns(config.readBudgetMs);
  app.use(reads.middleware);
  // Then: GraphQL posts go in a few at a time, so the database pool is never waited on for long.
  const writes = writesInLine(10 * config.databasePool.size);
  app.use(writes.middleware);
  app.use(requestId());
  // While draining, each answer closes its connection so clients reconnect to another instance.
  app.use((_req, res, next) => {
    if (lifecycle.shuttingDown) res.set("Connection", "close");
    next();
  });
  app.use(securityHeaders(config));

  const catalogue = watchCatalogue(db, { readStock: (ids) => stockNow(db.sql, ids) });
  const metrics = createMetrics(db);
  // RESPONSE_CACHE_MB bounds both caches of public answers together: half for Apollo's (results by
  // document), half for the finished HTTP bytes of GET queries by id (cache/http-cache.ts).
  const cacheBytes = Math.floor((config.responseCacheMb * 1024 * 1024) / 2);
  const answers = httpAnswerCache({
    version: catalogue,
    maxBytes: cacheBytes,
    sessionCookie: sessionCookieName(config.env === "production"),
    stockOrdered: answerIsStockOrdered,
    onLookup: (hit) => metrics.httpCacheLookup(hit),
    onHit: (operationName, seconds) => metrics.answeredBeforeApollo(operationName, "query", seconds),
  });
  metrics.watchHttpCache(answers.stats);
  metrics.watchReadsWaiting(reads.waiting);
  metrics.watchWritesWaiting(writes.waiting);
  // Before compression: a hit sends bytes compressed when they were stored.
  app.use("/graphql", answers.serve);
  // Before compression and the routes: a refusal is a few hundred bytes, and on a drop night there
  // are thousands of them (graphql/sold-out-answers.ts).
  if (config.soldOutAnswers) {
    const soldOut = soldOutAnswers({
      schema,
      sql: db.sql,
      config,
      board: catalogue.stock,
      sessionCookie: sessionCookieName(config.env === "production"),
      onAnswer: (operationName, seconds) => metrics.soldOutAnswer(operationName, seconds),
    });
    app.post("/graphql", express.json({ limit: GRAPHQL_BODY_LIMIT }), soldOut);
  }
  app.use(compression());
  const memo = catalogueMemo(catalogue);
  // Turns the catalogue version over when a drop goes live (a moment, which no trigger reports).
  const drops = watchDrops(db.prisma, catalogue);
  const apollo = new ApolloServer<Context>({
    schema,
    // Admins explore the schema in production too; introspectionForAdminsOnly refuses everyone else.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError: maskError,
    // Production answers typos without "Did you mean …?" (no schema discovery by guessing).
    hideSchemaDetailsFromClientErrors: config.env === "production",
    parseOptions: { maxTokens: MAX_TOKENS },
    // Shutdown is ours (server.ts): Apollo's own handler would stop it mid-drain and re-send the signal.
    stopOnTerminationSignals: false,
    // The client's queries by id (GET, cacheable by browsers and CDNs); see cache/trusted-documents.ts.
    persistedQueries: { cache: trustedDocumentStore(loadTrustedDocuments()) },
    // Apollo's own landing page loads Apollo Sandbox from a CDN; the explorer is ours (GraphiQL).
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      introspectionForAdminsOnly(config, schema),
      operationLimitsPlugin(schema),
      inputBoundaryPlugin(),
      metrics.plugin,
      ...responseCachePlugins({
        version: catalogue,
        maxBytes: cacheBytes,
        onLookup: (hit) => metrics.cacheLookup(hit),
        storedInFront: (context) => answers.stores((context as Context).req),
        stockChoice: (context) => homeChoiceOf(context as Context),
      }),
    ],
  });
  await apollo.start();
  await catalogue.ready(2000);

  app.use(healthRoutes(db, lifecycle));

  app.get("/metrics", metrics.handler(config.metricsToken));

  // One storage for uploads and for the receipts /uploads opens at Cloudinary (decision 031).
  const storage = await selectStorage(config);
  app.post("/api/uploads", uploadsHandler(config, db.prisma, storage));
  const paystackWebhook = paystackWebhookRoutes(config, db.prisma);
  app.use(paystackWebhook.router);
  app.use(whatsappWebhookRoutes(config, db.prisma));

  app.use(adminReportRoutes(config, db.prisma));
  app.use(dropUnsubscribeRoutes(config, db.prisma));
  app.use(explorerRoutes(config, db.prisma));
  app.use(channelRoutes(config, db.sql, memo, catalogue));
  app.use(previewRoutes(config, db.prisma, DEMO_IMAGES_DIR));
  app.use(
    "/graphql",
    answers.capture,
    express.json({ limit: GRAPHQL_BODY_LIMIT }),
    expressMiddleware(apollo, {
      context: async ({ req, res }): Promise<Context> => {
        const cookies = sessionCookies(req, res, config.env === "production");
        const token = cookies.read();
        const session = token ? await validateSessionToken(db.prisma, token).catch(unavailableInContext) : null;
        if (token && !session) cookies.clear();
        if (token && session?.refreshedExpiresAt) cookies.set(token, session.refreshedExpiresAt);
        return { prisma: db.prisma, sql: db.sql, transaction: db.transaction, config, viewer: session?.viewer ?? null, cookies, ip: req.ip ?? "unknown", orderGrants: new Set(), catalogueMemo: memo, req, res };
      },
    }),
  );

  const week = 7 * 24 * 3600 * 1000;
  app.use("/images/demo", express.static(DEMO_IMAGES_DIR, { maxAge: week, fallthrough: false }));
  app.use("/uploads", serveUploads(config.uploadDir, week, () => receiptLinkKey(db.prisma, config.receiptLinkSecret), storage));

  // The built client: hashed assets cached for a year, index.html always revalidated.
  app.use("/assets", express.static(path.join(config.clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  const clientFiles = express.static(config.clientDir, {
    index: false,
    maxAge: "1h",
    setHeaders(res, filePath) {
      // The service worker is checked for updates on every visit: never served from a cache.
      if (path.basename(filePath) === "sw.js") {
        res.setHeader("Cache-Control", "no-cache");
        res.setHeader("Content-Security-Policy", SERVICE_WORKER_CSP);
      }
    },
  });
  // Every file of the built client has an extension and no page path has one: a page request skips
  // the file lookup (a stat of the disk per request: 7% of the server's CPU in a drop night's reads).
  app.use((req, res, next) => (path.extname(req.path) ? clientFiles(req, res, next) : next()));
  // Rendered pages get a quarter of the response cache's memory budget on top of it.
  const pages = pageCache(catalogue, (config.responseCacheMb * 1024 * 1024) / 4, { choiceNow: () => sharedHomeChoice(db, memo) });
  app.get("/{*path}", signedInCookieBackfill(config.env === "production"), pageHandler(config, pageRenderer({ config, prisma: db.prisma, sql: db.sql, transaction: db.transaction, apollo, catalogueMemo: memo }), pages));
  app.use(databaseUnavailableHandler);

  return {
    app,
    lifecycle,
    catalogue,
    async stop() {
      await paystackWebhook.drain();
      await apollo.stop();
      drops.stop();
      await catalogue.stop();
    },
  };
}

/** A failure before any resolver runs: the whole request is refused, as retryable. */
function unavailableInContext(error: unknown): never {
  if (!isDatabaseUnavailable(error)) throw error;
  reportUnavailable("GraphQL session", error);
  throw new GraphQLError(UNAVAILABLE_MESSAGE, {
    extensions: { code: "UNAVAILABLE", http: { status: 503, headers: new Map([["retry-after", String(RETRY_AFTER_SECONDS)]]) } },
  });
}

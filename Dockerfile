# Production image: build the client and generated code, then run migrations and the server
# as a non-root user. Configure with environment variables (see README "Configuration"):
#   DATABASE_URL (required in production: a PostgreSQL database), PUBLIC_URL, ADMIN_EMAIL,
#   ADMIN_PASSWORD, CLOUDINARY_URL, SMTP_URL, MAIL_FROM, STORE_*, BANK_*, HOLD_HOURS, TRUST_PROXY.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts codegen.ts schema.graphql .prisma-dummy-engine ./
COPY client ./client
COPY common ./common
COPY server ./server
COPY deploy/prune-dev-only.mjs ./deploy/
# The build needs the development tools (Vite, Prisma's CLI for `prisma generate`, TypeScript);
# the image keeps the production packages only (decision 028).
RUN npm install --strict-allow-scripts --no-audit --no-fund && npm run build \
 && npm prune --omit=dev && node deploy/prune-dev-only.mjs

FROM node:20-bookworm-slim
# A larger young generation: fewer scavenges per request (~10% more uncached GraphQL answers per
# CPU second in bench:api, for ~60 MB more memory). bench/lib/bench-store.ts runs the server the same way.
# Two malloc arenas instead of glibc's 8 per core: each of Node's and V8's worker threads would
# otherwise keep its own arena of freed memory (in embedded mode ~65 MiB less RSS at the same
# throughput, decision 028).
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data NODE_OPTIONS=--max-semi-space-size=32 MALLOC_ARENA_MAX=2
WORKDIR /app
# Compiled JavaScript (dist/node: the server; dist/client, dist/server: the pages) and what it reads
# at run time: migrations, the demo photos, the preview font, the persisted-document ids.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/prisma/seed/images ./prisma/seed/images
COPY --from=build /app/server/assets ./server/assets
COPY --from=build /app/client/src/gql/persisted-documents.json ./client/src/gql/persisted-documents.json
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 4000
VOLUME /data
# Liveness only: a database outage must not get a healthy process replaced (it recovers by itself).
# Load balancers should use /readyz. SIGTERM drains for SHUTDOWN_TIMEOUT_MS (10 s): stop with a
# longer grace period (docker stop -t 15, compose stop_grace_period: 15s).
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server applies pending migrations itself before listening (under an advisory lock, so
# instances starting together are safe). Restore a backup of the embedded database with
# `docker compose run --rm store1 node dist/node/restore.js /data/backups/<file>` (server stopped).
CMD ["node", "dist/node/main.js"]

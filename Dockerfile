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
RUN npm install --strict-allow-scripts --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# A larger young generation: fewer scavenges per request (~10% more uncached GraphQL answers per
# CPU second in bench:api, for ~60 MB more memory). bench/lib/bench-store.ts runs the server the same way.
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data NODE_OPTIONS=--max-semi-space-size=32
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
VOLUME /data
# Liveness only: a database outage must not get a healthy process replaced (it recovers by itself).
# Load balancers should use /readyz. SIGTERM drains for SHUTDOWN_TIMEOUT_MS (10 s): stop with a
# longer grace period (docker stop -t 15, compose stop_grace_period: 15s).
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations run first (safe with several instances: they take an advisory lock), then the server.
CMD ["sh", "-c", "node_modules/.bin/tsx server/scripts/migrate.ts && exec node_modules/.bin/tsx server/src/main.ts"]

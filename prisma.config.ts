// The Prisma CLI runs offline with its WASM schema engine ("js") over an in-memory PGlite:
// enough for `prisma generate` and `prisma migrate diff`. Migrations are applied by our own
// runner (server/src/db/migrate.ts), not by the CLI.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  // pglite-prisma-adapter bundles its own copy of Prisma's adapter types; they match at run time.
  adapter: async () => new PrismaPGlite(new PGlite()) as never,
});

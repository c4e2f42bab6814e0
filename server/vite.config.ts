// `npm run build:server`: the server and its scripts as plain JavaScript in dist/node, for the
// production image (decision 028): no TypeScript transpiler at run time. Packages stay external
// (loaded from node_modules as usual); only the project's own modules are bundled.
import path from "node:path";
import { defineConfig } from "vite";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

export default defineConfig({
  root,
  logLevel: "warn",
  build: {
    ssr: true,
    outDir: path.join(root, "dist/node"),
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: {
        main: path.join(root, "server/src/main.ts"),
        migrate: path.join(root, "server/scripts/migrate.ts"),
        seed: path.join(root, "server/scripts/seed.ts"),
        restore: path.join(root, "server/scripts/restore.ts"),
      },
      output: { format: "esm", entryFileNames: "[name].js" },
    },
  },
});

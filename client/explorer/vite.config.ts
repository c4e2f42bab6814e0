// The API explorer (GraphiQL with its Monaco editor, ~1 MB) is built on its own, so it shares no
// chunk with the store: the store's bundles and their budget are the same as without it.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import path from "node:path";

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  root,
  base: "/explorer/",
  plugins: [react()],
  build: {
    outDir: path.resolve(root, "../../dist/explorer"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4096,
  },
  // GraphiQL's packages mark modules "use no memo" for the React compiler; bundling drops the
  // directive harmlessly, so the warning is noise.
  logLevel: "error",
});

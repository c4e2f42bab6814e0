import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import path from "node:path";

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: path.resolve(root, "../dist/client"),
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: { proxy: { "/graphql": "http://localhost:4000", "/images": "http://localhost:4000", "/uploads": "http://localhost:4000", "/api": "http://localhost:4000" } },
});

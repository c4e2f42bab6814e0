// After `npm prune --omit=dev`: removes the packages npm keeps because a production package names
// them as an optional peer (the lock's "devOptional": Prisma's CLI and its toolchain through
// @prisma/client, TypeScript, graphql-ws/ws through @apollo/client). Nothing in the server loads
// them; `npm prune` cannot drop them without also dropping real optional dependencies (sharp's and
// argon2's prebuilt binaries). Run from the project folder, in the image's build stage.
import fs from "node:fs";

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
let removed = 0;
for (const [where, entry] of Object.entries(lock.packages)) {
  if (!entry.devOptional || !fs.existsSync(where)) continue;
  fs.rmSync(where, { recursive: true, force: true });
  removed++;
}

// Prisma's client ships the query compiler of every database it supports (and the older engine);
// the store's generated client loads only PostgreSQL's (runtime/client + query_compiler_bg.postgresql).
const runtime = "node_modules/@prisma/client/runtime";
let bytes = 0;
for (const name of fs.existsSync(runtime) ? fs.readdirSync(runtime) : []) {
  if (!/^query_compiler_bg\.(cockroachdb|mysql|sqlite|sqlserver)\.|^query_engine_bg\./.test(name)) continue;
  bytes += fs.statSync(`${runtime}/${name}`).size;
  fs.rmSync(`${runtime}/${name}`);
}
console.log(`Removed ${removed} packages needed only by development tools, and ${(bytes / 1e6).toFixed(0)} MB of Prisma's other databases' query compilers`);

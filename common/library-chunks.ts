// The libraries the client build puts into chunks of their own (client/vite.config.ts), in the order
// a server-rendered page evaluates them, each in a task of its own (client/src/start.ts, decision
// 024). Evaluated together with the app, their ~115 KB gzip were one task of ~100 ms on a phone
// with a 4× slower CPU, blocking taps; one task per chunk keeps each under the 50 ms a long task
// starts at. A later chunk may import an earlier one, never the other way round.
export const LIBRARY_CHUNKS = [
  { name: "react", packages: ["react", "react-dom", "scheduler"] },
  { name: "apollo", packages: ["@apollo", "graphql", "rxjs", "optimism", "@wry", "tslib"] },
] as const;

/** Whether a module id (a file path) belongs to the library chunk. */
export function inLibraryChunk(chunk: (typeof LIBRARY_CHUNKS)[number], id: string): boolean {
  return chunk.packages.some((name) => id.includes(`/node_modules/${name}/`) || id.includes(`\\node_modules\\${name}\\`));
}

/** The library chunks among a page's module preloads (built file addresses), in evaluation order. */
export function libraryChunkFiles(preloads: readonly string[]): string[] {
  return LIBRARY_CHUNKS.flatMap(({ name }) => preloads.filter((href) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(href)));
}

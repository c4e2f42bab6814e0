// Where a server's memory goes, from its own /metrics (prom-client's process and Node metrics):
// the V8 heap (used and reserved) and "external" memory, which in embedded mode is mostly the
// embedded database's WebAssembly memory (its size, resident or not), and the HTTP answer cache.
export interface MemoryBreakdown {
  heapUsed: number;
  heapTotal: number;
  external: number;
  answerCache: number;
}

const MiB = 1024 * 1024;

export async function memoryBreakdown(base: string, token: string): Promise<MemoryBreakdown> {
  const text = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then((r) => {
    if (!r.ok) throw new Error(`/metrics: HTTP ${r.status}`);
    return r.text();
  });
  const value = (name: string) => {
    const match = new RegExp(`^${name.replace(/[{}"]/g, "\\$&")} (\\S+)$`, "m").exec(text);
    return match ? Number(match[1]) / MiB : NaN;
  };
  return {
    heapUsed: value("nodejs_heap_size_used_bytes"),
    heapTotal: value("nodejs_heap_size_total_bytes"),
    external: value("nodejs_external_memory_bytes"),
    answerCache: value('graphql_http_cache_bytes{state="used"}'),
  };
}

// Where a measurement's CPU went, from Linux's /proc: the store's process, this load generator,
// PostgreSQL's processes and the machine as a whole. On two shared cores a saturating load
// generator can run out of CPU before the store does; these figures say which one set the pace.
import fs from "node:fs";
import os from "node:os";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU of one process, ms; 0 once it has ended. */
function processMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU of every process named `postgres` (the server and its backends), ms, by process id: a
 *  backend that ends takes its count with it, so only differences per process add up. */
function postgresMs(): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") found.set(Number(entry), processMs(Number(entry)));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** PostgreSQL's CPU between two readings: backends present at both, plus those started since (a
 *  backend that began and ended in between goes uncounted). */
function postgresSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresMs()) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Busy CPU of the whole machine (all but idle and iowait), ms. */
function machineMs(): number {
  const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user! + nice! + system! + irq! + softirq! + steal!) * TICK_MS;
}

export interface CpuShares {
  /** Each as cores in use on average over the measurement (1 = one core all the time). */
  store: number;
  generator: number;
  postgres: number;
  machine: number;
  cores: number;
}

/** Starts counting; the returned function gives the shares since. `others` are further processes
 *  to count as load generators (e.g. the order stream's). */
export function countCpu(storePid: number, others: () => number[] = () => []): () => CpuShares {
  const selfMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000 + others().reduce((sum, pid) => sum + processMs(pid), 0);
  };
  const started = { at: performance.now(), store: processMs(storePid), generator: selfMs(), postgres: postgresMs(), machine: machineMs() };
  return () => {
    const elapsed = performance.now() - started.at;
    return {
      store: (processMs(storePid) - started.store) / elapsed,
      generator: (selfMs() - started.generator) / elapsed,
      postgres: postgresSince(started.postgres) / elapsed,
      machine: (machineMs() - started.machine) / elapsed,
      cores: os.cpus().length,
    };
  };
}

/** "store 0.98 · load generators 0.71 · PostgreSQL 0.20 · machine 1.95 of 2 cores" */
export function describeCpu(shares: CpuShares): string {
  return `store ${shares.store.toFixed(2)} · load generators ${shares.generator.toFixed(2)} · PostgreSQL ${shares.postgres.toFixed(2)} · machine ${shares.machine.toFixed(2)} of ${shares.cores} cores`;
}

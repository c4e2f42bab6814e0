// Where a measurement's CPU went, from Linux's /proc: the store's process, this load generator,
// PostgreSQL's processes and the machine as a whole. On two shared cores a saturating load
// generator can run out of CPU before the store does; these figures say which one set the pace.
import fs from "node:fs";
import os from "node:os";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (user + system) a process has used so far, in ms. Per request, it is far steadier than
 *  throughput on a shared machine: other processes take turns on the cores but do not make our work
 *  cost more CPU. Throws once the process has ended. */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const cpuMsOrZero = (pid: number) => {
  try {
    return cpuMs(pid);
  } catch {
    return 0; // ended
  }
};

/** CPU time of each of these processes so far, in ms (one that has ended is left out). */
export function cpuMsEach(pids: Iterable<number>): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      used.set(pid, cpuMs(pid));
    } catch {
      // ended meanwhile
    }
  }
  return used;
}

/** CPU used between two readings: a process that ended meanwhile takes its count with it, so only
 *  differences per process add up; one started meanwhile counts whole. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** Every process named `postgres` (the server and its backends). */
function postgresPids(): number[] {
  return fs.readdirSync("/proc").filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres";
    } catch {
      return false; // ended meanwhile
    }
  }).map(Number);
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
    return (user + system) / 1000 + others().reduce((sum, pid) => sum + cpuMsOrZero(pid), 0);
  };
  const started = { at: performance.now(), store: cpuMsOrZero(storePid), generator: selfMs(), postgres: cpuMsEach(postgresPids()), machine: machineMs() };
  return () => {
    const elapsed = performance.now() - started.at;
    return {
      store: (cpuMsOrZero(storePid) - started.store) / elapsed,
      generator: (selfMs() - started.generator) / elapsed,
      postgres: cpuBetween(started.postgres, cpuMsEach(postgresPids())) / elapsed,
      machine: (machineMs() - started.machine) / elapsed,
      cores: os.cpus().length,
    };
  };
}

/** "store 0.98 · load generators 0.71 · PostgreSQL 0.20 · machine 1.95 of 2 cores" */
export function describeCpu(shares: CpuShares): string {
  return `store ${shares.store.toFixed(2)} · load generators ${shares.generator.toFixed(2)} · PostgreSQL ${shares.postgres.toFixed(2)} · machine ${shares.machine.toFixed(2)} of ${shares.cores} cores`;
}

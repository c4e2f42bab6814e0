// In-server scheduled jobs. Each instance runs them; the jobs themselves are safe to run
// concurrently (row locks with SKIP LOCKED), so scaling out needs no leader election.
import { logger } from "../logger.ts";
import { isDatabaseUnavailable, reportUnavailable } from "../db/unavailable.ts";

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** First run after this delay, so start-up is not slowed down. */
  initialDelayMs?: number;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Waits for a run in progress, then stops. */
  stop(): Promise<void>;
}

export function startScheduler(jobs: ScheduledJob[]): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      // A slow run is never overlapped by the next tick of the same instance.
      if (stopped || busy) return;
      busy = true;
      const run = job
        .run()
        // The next tick retries; an unreachable database is an outage, not a bug in the job.
        .catch((error: unknown) =>
          isDatabaseUnavailable(error) ? reportUnavailable(`job ${job.name}`, error) : logger.error(`Scheduled job ${job.name} failed`, error),
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    const first = setTimeout(() => {
      tick();
      const every = setInterval(tick, job.intervalMs);
      every.unref();
      timers.push(every);
    }, job.initialDelayMs ?? job.intervalMs);
    first.unref();
    timers.push(first);
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
